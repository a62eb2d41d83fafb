import { and, desc, eq } from "drizzle-orm";
import { transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { finishCardPayment } from "../money/payments/finish-card-payment.ts";
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
  const payment = await paymentOf(ctx.db, t.id);
  // Already settled (paid, or failed) payments are answered as they stand.
  const result = payment
    ? await finishCardPayment(ctx, {
        paymentId: payment.id,
        purpose: purchasePurpose,
        messages: { failed: TRADE_MESSAGES.secureFailed, expired: TRADE_MESSAGES.secureExpired },
      })
    : null;
  const [after] = await ctx.db.select().from(transactions).where(eq(transactions.id, t.id));
  if (after!.state === "INVALID") {
    throw result?.status === "refused"
      ? result.error
      : new AppError("PAYMENT_FAILED", { message: TRADE_MESSAGES.secureFailed });
  }
  return { transactionId: t.id, state: after!.state };
}
