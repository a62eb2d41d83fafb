import { eq } from "drizzle-orm";
import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { recordCharge, relistItem } from "./card-settlement.ts";
import { returnEscrow } from "./escrow.ts";
import { loadTransaction, paymentOf, roleOf, type TransactionRow } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { nextTransactionState, TRANSACTION_STATE_MESSAGES } from "./transaction-states.ts";

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
    const t = await loadTransaction(tx, o.transactionId, true);
    const to = nextTransactionState(t.state, action, role);
    if ((o.step === "agree" || o.step === "refuse") && t.cancelRequestedBy === role) {
      throw new AppError("FORBIDDEN", { message: TRANSACTION_STATE_MESSAGES.notYourStep });
    }
    const now = ctx.clock.now();
    await tx
      .update(transactions)
      .set({
        state: to,
        cancelRequestedBy: o.step === "request" ? (role as "buyer" | "seller") : null,
        heldFrom: null,
        updatedAt: now,
      })
      .where(eq(transactions.id, t.id));
    if (to === "CANCELED") {
      const payment = await paymentOf(tx, t.id);
      await returnEscrow({ ...ctx, db: tx }, t, payment?.id ?? null);
      await relistItem({ ...ctx, db: tx }, t.itemId);
    }
    return { t, to };
  });
  if (result.to === "CANCELED") await refundCard(ctx, result.t);
  const other = role === "buyer" ? first.sellerId : role === "seller" ? first.buyerId : null;
  for (const userId of other ? [other] : [first.buyerId, first.sellerId]) {
    await tradeNotice(ctx, { userId, kind: "purchase", transaction: first, event: result.to });
  }
  return { state: result.to };
}

/** The ledger already counts the refund; the provider is told after the commit (repeatable). */
async function refundCard(ctx: CoreContext, t: TransactionRow): Promise<void> {
  if (t.paymentMethod !== "card") return;
  const payment = await paymentOf(ctx.db, t.id);
  if (!payment?.chargeId) return;
  const charge = await ctx.payments.getCharge(payment.chargeId);
  if (!charge) return;
  const after =
    charge.status === "captured"
      ? await ctx.payments.refund(charge.id)
      : charge.status === "authorized"
        ? await ctx.payments.void(charge.id)
        : charge;
  await recordCharge(ctx, payment.id, after);
}
