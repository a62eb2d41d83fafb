import { msg } from "../shared/i18n/translate.ts";

/**
 * Why a party asks to cancel a sale (the spec names no codes; these are the product's). Each reason
 * says who may give it: only a buyer buys by mistake, only a seller can no longer ship. The label is
 * a catalogue message (`trading.cancelReasons.<code>`); "other" asks for the details in words.
 */
export const CANCEL_REASONS = [
  { code: "ordered_by_mistake", by: ["buyer"], label: msg("trading.cancelReasons.ordered_by_mistake") },
  { code: "not_shipped", by: ["buyer"], label: msg("trading.cancelReasons.not_shipped") },
  { code: "cannot_ship", by: ["seller"], label: msg("trading.cancelReasons.cannot_ship") },
  { code: "listing_mistake", by: ["seller"], label: msg("trading.cancelReasons.listing_mistake") },
  { code: "no_reply", by: ["buyer", "seller"], label: msg("trading.cancelReasons.no_reply") },
  { code: "agreed", by: ["buyer", "seller"], label: msg("trading.cancelReasons.agreed") },
  { code: "other", by: ["buyer", "seller"], label: msg("trading.cancelReasons.other") },
] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number]["code"];
export const CANCEL_REASON_CODES = CANCEL_REASONS.map((r) => r.code) as [CancelReason, ...CancelReason[]];

/** The reasons one side of the sale may give, in the order the form offers them. */
export function cancelReasonsFor(role: "buyer" | "seller") {
  return CANCEL_REASONS.filter((r) => (r.by as readonly string[]).includes(role));
}

/** The longest explanation a party may add to the reason. */
export const CANCEL_NOTE_MAX = 500;
