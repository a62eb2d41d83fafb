import { eq } from "drizzle-orm";
import { paymentEvents, payments, purchaseAttempts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { failCardPurchase, recordCharge, settleCardPayment, voidPayment } from "./card-settlement.ts";

/**
 * A provider's event at `/webhooks/{provider}`. A bad signature or token is refused (401) and
 * changes nothing; an event already seen is acknowledged and ignored; otherwise the charge is
 * fetched from the provider (the event's own content is not trusted) and our records follow it.
 */
export async function receivePaymentWebhook(
  ctx: CoreContext,
  o: { provider: string; headers: Record<string, string | undefined>; body: string },
): Promise<{ applied: boolean }> {
  if (o.provider !== ctx.payments.name) throw new AppError("NOT_FOUND");
  const event = ctx.payments.verifyWebhook({ headers: o.headers, body: o.body });
  if (!event)
    throw new AppError("UNAUTHORIZED", {
      message: { ja: "署名が正しくありません", en: "Invalid signature" },
    });
  const fresh = await ctx.db
    .insert(paymentEvents)
    .values({ provider: o.provider, eventId: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0 || !event.chargeId) return { applied: false };
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.chargeId, event.chargeId));
  if (!payment) return { applied: false };
  const charge = await ctx.payments.getCharge(event.chargeId);
  if (!charge) return { applied: false };
  await recordCharge(ctx, payment.id, charge);
  if (!payment.transactionId) {
    // A charge for a buyer who did not get the item is released, whatever the event said; while
    // the purchase is still running, the purchase itself decides.
    const [attempt] = await ctx.db
      .select()
      .from(purchaseAttempts)
      .where(eq(purchaseAttempts.id, payment.attemptId));
    if (attempt?.state === "finished" && charge.status === "authorized") {
      await voidPayment(ctx, { ...payment, chargeId: charge.id });
    }
    return { applied: true };
  }
  if (charge.status === "authorized" || charge.status === "captured") {
    await settleCardPayment(ctx, payment.transactionId);
  } else if (charge.status === "failed" || charge.status === "expired")
    await failCardPurchase(ctx, payment.transactionId);
  return { applied: true };
}
