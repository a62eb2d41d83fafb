import { and, eq } from "drizzle-orm";
import { paymentEvents, payments } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { applyCharge, type PaymentPurposes } from "./apply-charge.ts";

/**
 * A provider's event at `/webhooks/{provider}`. A bad signature or token is refused (401) and
 * changes nothing; an event already applied is acknowledged and ignored; otherwise the charge is
 * fetched from the provider (the event's own content is not trusted) and applied by the payments
 * core. An event whose application fails is forgotten, so the provider's retry applies it.
 */
export async function receivePaymentWebhook(
  ctx: CoreContext,
  o: {
    provider: string;
    headers: Record<string, string | undefined>;
    body: string;
    purposes: PaymentPurposes;
  },
): Promise<{ applied: boolean }> {
  if (o.provider !== ctx.payments.name) throw new AppError("NOT_FOUND");
  const event = ctx.payments.verifyWebhook({ headers: o.headers, body: o.body });
  if (!event) throw new AppError("UNAUTHORIZED", { message: msg("payments.errors.invalidSignature") });
  const fresh = await ctx.db
    .insert(paymentEvents)
    .values({ provider: o.provider, eventId: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0 || !event.chargeId) return { applied: false };
  try {
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, o.provider), eq(payments.chargeId, event.chargeId)));
    if (!payment) return { applied: false };
    const charge = await ctx.payments.getCharge(event.chargeId);
    if (!charge) return { applied: false };
    await applyCharge(ctx, payment.id, charge, o.purposes[payment.purpose]);
    return { applied: true };
  } catch (error) {
    await ctx.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.provider, o.provider), eq(paymentEvents.eventId, event.id)));
    throw error;
  }
}
