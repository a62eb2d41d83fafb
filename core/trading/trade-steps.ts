import type { TransactionState } from "./codes.ts";

/** The steps of a sale as both parties see them: bought, shipped, receipt rated, complete. */
export const TRADE_STEPS = ["purchase", "shipping", "receipt", "complete"] as const;
export type TradeStep = (typeof TRADE_STEPS)[number];

/**
 * Where a sale is: the step under way now (`current`, what the page marks with aria-current) and
 * whether the last one is done. A sale on hold is where the hold found it; a cancellation request
 * waits where the sale was (before shipping). A sale that ended without a trade has no step.
 */
export function tradeStepOf(
  state: TransactionState | string,
  heldFrom: TransactionState | string | null = null,
): { current: TradeStep; done: boolean } | null {
  const at = state === "PENDING" && heldFrom ? heldFrom : state;
  switch (at) {
    case "AUTH":
      return { current: "purchase", done: false };
    case "START":
    case "CANCELING":
      return { current: "shipping", done: false };
    case "SHIPPING":
      return { current: "receipt", done: false };
    case "REVIEWED_BY_BUYER":
      return { current: "complete", done: false };
    case "COMPLETED":
      return { current: "complete", done: true };
    default:
      return null;
  }
}

const DAY_MS = 24 * 3600 * 1000;
/** The last day of each lead time (spec §3: 01 in 1-2 days, 02 in 2-3 days, 03 in 4-7 days). */
const LEAD_TIME_DAYS: Record<string, number> = { "01": 2, "02": 3, "03": 7 };

/** By when the seller promised to ship: the purchase time plus the lead time's last day; null if unknown. */
export function shipByOf(leadTime: string | null, boughtAt: Date): Date | null {
  const days = leadTime ? LEAD_TIME_DAYS[leadTime] : undefined;
  return days === undefined ? null : new Date(boughtAt.getTime() + days * DAY_MS);
}
