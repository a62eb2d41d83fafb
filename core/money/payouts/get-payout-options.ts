import type { CoreContext } from "../../shared/context.ts";
import { PAYOUT_FEES, type PayoutMethod } from "../balance/fees.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { getBalance } from "../ledger/get-balance.ts";
import { assertOffered } from "../offered-methods.ts";
import { destinationNow, type PayoutDestinationView } from "./payout-destination-view.ts";

export type PayoutOptions = {
  method: PayoutMethod;
  /** Proceeds that can leave now. */
  proceeds: number;
  fee: number;
  /** The most one payout may be, and the step it is counted in (ATM: whole thousands). */
  max: number;
  step: number;
  /** Amount plus fee of every payout of a Tokyo day together. */
  perDay: number;
  /** Above it (amount plus fee), two finance operators approve the payout first. */
  approvalThreshold: number;
  atmCodeHours: number;
  /** The most that can be asked for now (0 when the proceeds do not cover more than the fee). */
  largest: number;
  /** Bank: the registered account; Kyash: the linked account; null when none (always for the ATM). */
  destination: PayoutDestinationView | null;
};

/** What the first step of a payout shows: proceeds, fee, limits and where the money would go. */
export async function payoutOptions(
  ctx: CoreContext,
  o: { userId: number; method: PayoutMethod },
): Promise<PayoutOptions> {
  assertOffered(ctx, { payout: o.method });
  const [{ proceeds }, destination] = await Promise.all([
    getBalance(ctx, { userId: o.userId }),
    destinationNow(ctx, o.userId, o.method),
  ]);
  const fee = PAYOUT_FEES[o.method];
  const limit = BALANCE_LIMITS.payout[o.method];
  const step = "step" in limit ? limit.step : 1;
  const fits = Math.min(limit.max, proceeds - fee);
  const largest = Math.floor(fits / step) * step;
  return {
    method: o.method,
    proceeds,
    fee,
    max: limit.max,
    step,
    perDay: BALANCE_LIMITS.payoutPerDay,
    approvalThreshold: BALANCE_LIMITS.approvalThreshold,
    atmCodeHours: BALANCE_LIMITS.atmCodeHours,
    largest: largest > fee ? largest : 0,
    destination,
  };
}
