import { and, desc, eq } from "drizzle-orm";
import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { applyCharge } from "../money/payments/apply-charge.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { paymentOf } from "./load-transaction.ts";
import { TRADE_MESSAGES } from "./messages.ts";
import { purchasePurpose } from "./purchase-payment.ts";

/**
 * The buyer is back from 3-D Secure (`/items/{id}/secure/result/`). The redirect proves nothing:
 * we ask the provider to finish the charge and the payments core applies its answer. Answers the
 * transaction's state (START once paid, also when a webhook settled it first); a failed or
 * expired challenge cancels the purchase with a clear message.
 */
export async function finishSecurePurchase(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<{ transactionId: number; state: string }> {
  const [t] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.itemId, o.itemId), eq(transactions.buyerId, o.actor.id)))
    .orderBy(desc(transactions.id))
    .limit(1);
  if (!t) throw new AppError("NOT_FOUND", { message: TRADE_MESSAGES.notFound });
  let payment = await paymentOf(ctx.db, t.id);
  if (t.state === "AUTH" && payment?.chargeId) {
    const charge = await ctx.payments.finishThreeDSecure(payment.chargeId);
    payment = await applyCharge(ctx, payment.id, charge, purchasePurpose);
  }
  const [after] = await ctx.db.select().from(transactions).where(eq(transactions.id, t.id));
  if (after!.state === "INVALID") {
    throw new AppError("PAYMENT_FAILED", {
      message: payment?.state === "EXPIRED" ? TRADE_MESSAGES.secureExpired : TRADE_MESSAGES.secureFailed,
    });
  }
  return { transactionId: t.id, state: after!.state };
}
