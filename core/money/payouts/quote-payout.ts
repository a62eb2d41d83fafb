import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type { PayoutMethod } from "../balance/fees.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { getBalance } from "../ledger/get-balance.ts";
import { bankDestination } from "./bank-destination.ts";
import { destinationNow, type PayoutDestinationView, usualTransferDate } from "./payout-destination-view.ts";
import { checkPayout, PAYOUT_MESSAGES } from "./request-payout.ts";

export type PayoutQuote = {
  amount: number;
  fee: number;
  total: number;
  proceeds: number;
  destination: PayoutDestinationView | null;
  /** The payout waits for two finance operators' approval first. */
  needsApproval: boolean;
  /** Bank: the banking day such a payout usually arrives (`YYYY-MM-DD`), when known. */
  usualTransferDate: string | null;
};

/**
 * The confirm step: checks the amount (as `requestPayout` will), that the destination is there and
 * usable, and that the proceeds cover amount and fee. Moves nothing; `requestPayout` checks again.
 */
export async function quotePayout(
  ctx: CoreContext,
  o: { userId: number; method: PayoutMethod; input: { amount?: unknown } },
): Promise<PayoutQuote> {
  const quote = checkPayout(o.method, o.input);
  if (o.method === "bank") await bankDestination(ctx, o.userId);
  const destination = await destinationNow(ctx, o.userId, o.method);
  if (o.method === "kyash" && !destination) {
    throw new AppError("CONFLICT", { message: PAYOUT_MESSAGES.needsWallet });
  }
  const { proceeds } = await getBalance(ctx, { userId: o.userId });
  if (quote.total > proceeds) {
    throw new AppError("CONFLICT", {
      fields: {
        amount: msg("payoutPages.errors.notEnough", {
          fee: quote.fee,
          total: quote.total,
          proceeds,
        }),
      },
    });
  }
  return {
    ...quote,
    proceeds,
    destination,
    needsApproval: quote.total > BALANCE_LIMITS.approvalThreshold,
    usualTransferDate: o.method === "bank" ? usualTransferDate(ctx.clock.now()) : null,
  };
}
