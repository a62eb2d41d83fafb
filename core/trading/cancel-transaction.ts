import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { owePaymentBack, pushRefund } from "../payments/apply-charge.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { changeState } from "../state/change-state.ts";
import { returnEscrow } from "./escrow.ts";
import { loadTransaction, paymentOf, roleOf } from "./load-transaction.ts";
import { purchasePurpose, relistItem } from "./purchase-payment.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE, TRANSACTION_STATE_MESSAGES } from "./transaction-states.ts";

export type CancelStep = "request" | "agree" | "refuse" | "office";

/**
 * Cancelling takes both sides: one asks (START → CANCELING), the other agrees (→ CANCELED: the
 * escrow goes back, the card is refunded, the item is on sale again) or refuses (→ START). An
 * operator may cancel on their own.
 */
export async function cancelTransaction(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; step: CancelStep },
): Promise<{ state: string }> {
  const first = await loadTransaction(ctx.db, o.transactionId);
  const role = roleOf(first, o.actor);
  const action =
    o.step === "request"
      ? "request_cancel"
      : o.step === "agree"
        ? "agree_cancel"
        : o.step === "refuse"
          ? "refuse_cancel"
          : "cancel_by_office";
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const t = await loadTransaction(tx, o.transactionId, true);
    if ((o.step === "agree" || o.step === "refuse") && t.cancelRequestedBy === role) {
      throw new AppError("FORBIDDEN", { message: TRANSACTION_STATE_MESSAGES.notYourStep });
    }
    const { to } = await changeState(txCtx, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: t.id,
      from: t.state,
      action,
      actor: { role, id: o.actor.id },
      set: { cancelRequestedBy: o.step === "request" ? (role as "buyer" | "seller") : null, heldFrom: null },
    });
    let refund: number | null = null;
    if (to === "CANCELED") {
      await returnEscrow(txCtx, t);
      const payment = await paymentOf(tx, t.id);
      if (payment?.state === "COMPLETED") {
        await owePaymentBack(txCtx, payment, "transaction canceled", {
          role: role === "operator" ? "operator" : "system",
          id: o.actor.id,
        });
        refund = payment.id;
      }
      await relistItem(txCtx, t.itemId);
    }
    return { to, refund };
  });
  // The ledger already counts the refund; the provider is told after the commit (and again by
  // reconciliation if this is cut short).
  if (result.refund) await pushRefund(ctx, result.refund, purchasePurpose);
  const other = role === "buyer" ? first.sellerId : role === "seller" ? first.buyerId : null;
  for (const userId of other ? [other] : [first.buyerId, first.sellerId]) {
    await tradeNotice(ctx, { userId, kind: "purchase", transaction: first, event: result.to });
  }
  return { state: result.to };
}
