import { z } from "zod";
import { FIELD_LABELS, ZNickname } from "../identity/fields.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { maxLength, printSafeText } from "../shared/validation/index.ts";

// The profile form's rules, in a module the browser can load: the page checks as people type with
// the same schema the core and the API check with.

export const PROFILE_LABELS: Record<string, Message> = {
  nickname: FIELD_LABELS.nickname!,
  introduction: msg("account.fields.introduction"),
  avatar: msg("account.fields.avatar"),
};

/**
 * Browsers send a textarea's line breaks as CRLF; they count as one character, as the person sees
 * them, and are stored as LF.
 */
const ZIntroduction = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
  .pipe(z.string().check(maxLength(1000), printSafeText()));

/** Either field may be left out (the API's PATCH); the web form sends both. */
export const ZUpdateProfile = z.object({
  nickname: ZNickname.optional(),
  introduction: ZIntroduction.optional(),
});
