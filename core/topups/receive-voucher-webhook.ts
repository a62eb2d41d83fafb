import { and, eq } from "drizzle-orm";
import { paymentEvents, topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { applyVoucher } from "./apply-voucher.ts";

/**
 * A voucher provider's event at `/webhooks/{provider}`. A bad signature is refused (401) and
 * changes nothing; an event id seen before is acknowledged and ignored; otherwise the voucher is
 * fetched from the provider (the event's body is not trusted beyond its id) and applied. An event
 * whose application fails is forgotten, so the provider's retry applies it.
 */
export async function receiveVoucherWebhook(
  ctx: CoreContext,
  o: { provider: string; headers: Record<string, string | undefined>; body: string },
): Promise<{ applied: boolean }> {
  if (o.provider !== ctx.vouchers.name) throw new AppError("NOT_FOUND");
  const event = ctx.vouchers.verifyWebhook({ headers: o.headers, body: o.body });
  if (!event) throw new AppError("UNAUTHORIZED", { message: msg("payments.errors.invalidSignature") });
  const fresh = await ctx.db
    .insert(paymentEvents)
    .values({ provider: o.provider, eventId: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0 || !event.voucherId) return { applied: false };
  try {
    const [row] = await ctx.db
      .select({ id: topUps.id })
      .from(topUps)
      .where(and(eq(topUps.provider, o.provider), eq(topUps.providerPaymentId, event.voucherId)));
    if (!row) return { applied: false };
    const voucher = await ctx.vouchers.getVoucher(event.voucherId);
    if (!voucher) return { applied: false };
    await applyVoucher(ctx, row.id, voucher);
    return { applied: true };
  } catch (error) {
    await ctx.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.provider, o.provider), eq(paymentEvents.eventId, event.id)));
    throw error;
  }
}
