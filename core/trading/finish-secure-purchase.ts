import { and, desc, eq } from "drizzle-orm";
import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { failCardPurchase, recordCharge, settleCardPayment } from "./card-settlement.ts";
import { paymentOf } from "./load-transaction.ts";
import { TRADE_MESSAGES } from "./messages.ts";

/**
 * The buyer is back from 3-D Secure (`/items/{id}/secure/result/`). The redirect proves nothing:
 * we ask the provider to finish the charge and act on its answer. Answers the transaction's state
 * (START once paid); a failed or expired challenge cancels the purchase with a clear message.
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
  if (t.state === "AUTH") {
    const payment = await paymentOf(ctx.db, t.id);
    if (payment?.chargeId) {
      const charge = await ctx.payments.finishThreeDSecure(payment.chargeId);
      await recordCharge(ctx, payment.id, charge);
      if (charge.status === "authorized") await settleCardPayment(ctx, t.id);
      else if (charge.status === "requires_3ds") return { transactionId: t.id, state: "AUTH" };
      else {
        await failCardPurchase(ctx, t.id);
        throw new AppError("PAYMENT_FAILED", {
          message: charge.status === "expired" ? TRADE_MESSAGES.secureExpired : TRADE_MESSAGES.secureFailed,
        });
      }
    }
  }
  const [after] = await ctx.db.select().from(transactions).where(eq(transactions.id, t.id));
  if (after!.state === "INVALID")
    throw new AppError("PAYMENT_FAILED", { message: TRADE_MESSAGES.secureFailed });
  return { transactionId: t.id, state: after!.state };
}
