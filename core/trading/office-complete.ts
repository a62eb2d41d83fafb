import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { nextState } from "../state/machine.ts";
import { completeSale } from "./complete-sale.ts";
import { loadTransaction } from "./load-transaction.ts";
import { completableByOffice, parseOfficeReason } from "./office-rules.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

/**
 * An operator with `transactions:complete` settles a sale for the seller (a dispute decided, a
 * buyer who will not rate): SHIPPING, REVIEWED_BY_BUYER or a hold of either → COMPLETED, with the
 * escrow released to the seller's proceeds exactly as an ordinary completion releases it. The step,
 * its reason and the before/after go to the audit log in the same database transaction; both
 * parties are told.
 */
export async function completeByOffice(
  ctx: CoreContext,
  o: { actor: SessionUser | null; transactionId: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<{ state: string }> {
  const operator = await authorize(ctx, o.actor, "transactions:complete");
  const reason = parseOfficeReason(o.input);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await loadTransaction(tx, o.transactionId, true);
    nextState(TRANSACTION_MACHINE, row.state, "complete_by_office", "operator", row.heldFrom);
    if (!completableByOffice(row.state, row.heldFrom)) {
      throw new AppError("CONFLICT", { message: msg("office.errors.notShipped") });
    }
    const { completedAt } = await completeSale(
      txCtx,
      row,
      "complete_by_office",
      { role: "operator", id: operator.id },
      reason,
    );
    await recordAudit(txCtx, {
      operator,
      action: "transactions:complete",
      target: { type: "transaction", id: row.id },
      changes: {
        state: [row.state, "COMPLETED"],
        ...(row.heldFrom ? { heldFrom: [row.heldFrom, null] } : {}),
        completedAt: [null, completedAt.toISOString()],
        sellerProceeds: [null, row.proceeds],
      },
      reason,
      meta: o.meta,
    });
    await clearClaim(tx, "transactions", row.id);
    // The seller hears of the payout from `completeSale`; the buyer hears the sale is closed.
    await tradeNotice(txCtx, { userId: row.buyerId, kind: "purchase", transaction: row, event: "COMPLETED" });
  });
  return { state: "COMPLETED" };
}
