import { eq } from "drizzle-orm";
import { transactions } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { releaseEscrow } from "./escrow.ts";
import type { TransactionRow } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { nextTransactionState, type TransactionAction, type TransactionRole } from "./transaction-states.ts";

/**
 * Moves a locked transaction to COMPLETED and releases the escrow: price − 5% fee to the seller's
 * proceeds, the fee to revenue. Runs inside the caller's database transaction.
 */
export async function completeSale(
  ctx: CoreContext,
  t: TransactionRow,
  action: Extract<TransactionAction, "rate_by_seller" | "auto_complete">,
  role: TransactionRole,
): Promise<void> {
  const state = nextTransactionState(t.state, action, role);
  const now = ctx.clock.now();
  await releaseEscrow(ctx, t);
  await ctx.db
    .update(transactions)
    .set({ state, completedAt: now, updatedAt: now })
    .where(eq(transactions.id, t.id));
  await tradeNotice(ctx, { userId: t.sellerId, kind: "payment", transaction: t, event: "completed" });
}
