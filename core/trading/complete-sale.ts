import { transactions } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { type Actor, changeState } from "../state/change-state.ts";
import { courierFeeOf } from "./courier-charge.ts";
import { releaseEscrow } from "./escrow.ts";
import type { TransactionRow } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE, type TransactionRole } from "./transaction-states.ts";

/**
 * Moves a locked transaction to COMPLETED and releases the escrow: price − 5% fee − the courier's
 * fee (when the seller pays the postage) to the seller's proceeds, the fee to revenue. Runs inside the caller's database transaction. The office's
 * completion (`complete_by_office`, with the operator's reason) pays out exactly the same way.
 */
export async function completeSale(
  ctx: CoreContext,
  t: TransactionRow,
  action: "rate_by_seller" | "auto_complete" | "complete_by_office",
  actor: Actor<TransactionRole>,
  reason: string | null = null,
): Promise<{ completedAt: Date }> {
  const now = ctx.clock.now();
  await changeState(ctx, {
    machine: TRANSACTION_MACHINE,
    table: transactions,
    id: t.id,
    from: t.state,
    heldFrom: t.heldFrom,
    action,
    actor,
    reason,
    set: { completedAt: now, heldFrom: null },
  });
  await releaseEscrow(ctx, t, await courierFeeOf(ctx.db, t));
  await tradeNotice(ctx, { userId: t.sellerId, kind: "payment", transaction: t, event: "completed" });
  return { completedAt: now };
}
