import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import { FIELD_LABELS, ZNickname } from "../identity/fields.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText } from "../shared/validation/index.ts";
import { getProfile, type Profile } from "./get-profile.ts";

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

const NOTHING_TO_CHANGE: Message = msg("account.errors.nothingToChange");

export async function updateProfile(
  ctx: CoreContext,
  o: { actor: SessionUser; input: z.input<typeof ZUpdateProfile> },
): Promise<Profile> {
  const { nickname, introduction } = parseInput(ZUpdateProfile, o.input, PROFILE_LABELS);
  if (nickname === undefined && introduction === undefined) {
    throw new AppError("VALIDATION", { message: NOTHING_TO_CHANGE });
  }
  await ctx.db
    .update(users)
    .set({
      ...(nickname !== undefined ? { nickname } : {}),
      ...(introduction !== undefined ? { introduction } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, o.actor.id));
  return getProfile(ctx, o.actor.id);
}
