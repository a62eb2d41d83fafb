import { type CodeOf, type CodeTable, isCodeOf } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";

/** What a member's inquiry is about, in the order the form offers them; labels in `support.categories`. */
export const SUPPORT_CATEGORIES = [
  { code: "transaction", label: msg("support.categories.transaction") },
  { code: "listing", label: msg("support.categories.listing") },
  { code: "account", label: msg("support.categories.account") },
  { code: "payment", label: msg("support.categories.payment") },
  /** An appeal of a moderation decision (hidden listing or comment, suspension): names the decision. */
  { code: "appeal", label: msg("support.categories.appeal") },
  { code: "buyback", label: msg("support.categories.buyback") },
  { code: "other", label: msg("support.categories.other") },
] as const satisfies CodeTable;

export type SupportCategory = CodeOf<typeof SUPPORT_CATEGORIES>;

export function isSupportCategory(value: unknown): value is SupportCategory {
  return isCodeOf(SUPPORT_CATEGORIES, value);
}

/** What a visitor may ask about from the help centre: every category but an appeal. */
export const VISITOR_CATEGORIES = SUPPORT_CATEGORIES.filter((c) => c.code !== "appeal");

export function isVisitorCategory(value: unknown): value is SupportCategory {
  return value !== "appeal" && isSupportCategory(value);
}
