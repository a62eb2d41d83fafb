import { z } from "zod";
import { type Message, msg } from "../shared/i18n/translate.ts";
import type { Rule } from "../shared/validation/issues.ts";
import { email, maxLength, numeric, printSafeText, required, text } from "../shared/validation/rules.ts";
import { isSupportCategory, isVisitorCategory } from "./categories.ts";

// The inquiry forms' shared rules: pages show the limits, the core and the API check them.

const SUBJECT_MAX = 100;
const BODY_MAX = 2000;
export const MAX_INQUIRY_PHOTOS = 3;
const SAVED_REPLY_TITLE_MAX = 100;

/** Field labels for validation messages, by field name. */
export const SUPPORT_LABELS: Record<string, Message> = {
  category: msg("support.fields.category"),
  subject: msg("support.fields.subject"),
  body: msg("support.fields.body"),
  transactionId: msg("support.fields.transactionId"),
  itemId: msg("support.fields.itemId"),
  decisionId: msg("support.fields.decisionId"),
  photos: msg("support.fields.photos"),
  savedReplyId: msg("support.fields.savedReplyId"),
  titleJa: msg("support.fields.titleJa"),
  titleEn: msg("support.fields.titleEn"),
  bodyJa: msg("support.fields.bodyJa"),
  bodyEn: msg("support.fields.bodyEn"),
};

/** A category that `allowed` accepts; an empty or unknown one asks the person to choose. */
function categoryRule(allowed: (value: string) => boolean = isSupportCategory): Rule<string> {
  return (payload) => {
    if (allowed(payload.value)) return;
    payload.issues.push({
      code: "custom",
      message: "category",
      params: { message: msg("support.errors.category") },
      input: payload.value,
      continue: true,
    });
  };
}

/**
 * Several lines of text: line breaks as one character (browsers send CRLF), surrounding white
 * space trimmed, required and at most `max` characters.
 */
function longText(max: number) {
  return z
    .string()
    .nullish()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().check(required(), maxLength(max)));
}

/** An optional id, from a form (a string, maybe empty) or JSON (a number): a number or null. */
const optionalId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
  .pipe(z.string().check(numeric(), maxLength(15)))
  .transform((value) => (value === "" ? null : Number(value)))
  .pipe(z.number().int().positive().nullable());

export const ZInquiryInput = z.object({
  category: text(categoryRule()),
  subject: text(required(), maxLength(SUBJECT_MAX)),
  body: longText(BODY_MAX),
  transactionId: optionalId.optional(),
  itemId: optionalId.optional(),
  decisionId: optionalId.optional(),
});

export const ZReplyInput = z.object({ body: longText(BODY_MAX) });

export const ZAnswerInput = z.object({
  body: longText(BODY_MAX),
  savedReplyId: optionalId.optional(),
});

export const ZSavedReplyInput = z.object({
  titleJa: text(required(), maxLength(SAVED_REPLY_TITLE_MAX)),
  titleEn: text(required(), maxLength(SAVED_REPLY_TITLE_MAX)),
  bodyJa: longText(BODY_MAX),
  bodyEn: longText(BODY_MAX),
});

const VISITOR_NAME_MAX = 50;

/** The contact form's field labels, for validation messages. */
export const VISITOR_INQUIRY_LABELS: Record<string, Message> = {
  name: msg("helpContact.fields.name"),
  email: msg("helpContact.fields.email"),
  category: msg("helpContact.fields.category"),
  subject: msg("helpContact.fields.subject"),
  body: msg("helpContact.fields.body"),
};

/** A visitor's question from the help centre: who they are, where to answer, and the question. */
export const ZVisitorInquiryInput = z.object({
  name: text(required(), maxLength(VISITOR_NAME_MAX), printSafeText()),
  email: text(required(), maxLength(254), email()).transform((v) => v.toLowerCase()),
  // Any category but an appeal, which names a decision about a member.
  category: text(categoryRule(isVisitorCategory)),
  subject: text(required(), maxLength(SUBJECT_MAX)),
  body: longText(BODY_MAX),
});
