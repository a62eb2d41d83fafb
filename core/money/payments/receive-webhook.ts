import { and, eq } from "drizzle-orm";
import { payments } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { oncePerEvent } from "../../shared/provider-events.ts";
import { applyCharge } from "./apply-charge.ts";
import type { PaymentPurposes } from "./payment-purpose.ts";

/**
 * A provider's event at `/webhooks/{provider}`. A bad signature or token is refused (401) and
 * changes nothing, as is an event delivered before (a replay); otherwise the charge is
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
  const chargeId = event.chargeId;
  const applied = await oncePerEvent(
    ctx,
    { provider: o.provider, id: event.id, type: event.type },
    async () => {
      if (!chargeId) return false;
      const [payment] = await ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, o.provider), eq(payments.chargeId, chargeId)));
      if (!payment) return false;
      const charge = await ctx.payments.getCharge(chargeId);
      if (!charge) return false;
      await applyCharge(ctx, payment.id, charge, o.purposes[payment.purpose]);
      return true;
    },
  );
  return { applied };
}
