import { and, eq } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { oncePerEvent } from "../../shared/provider-events.ts";
import { applyVoucher } from "./apply-voucher.ts";

/**
 * A voucher provider's event at `/webhooks/{provider}`. A bad signature is refused (401) and
 * changes nothing, as is an event id seen before (a replay); otherwise the voucher is
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
  const voucherId = event.voucherId;
  const applied = await oncePerEvent(
    ctx,
    { provider: o.provider, id: event.id, type: event.type },
    async () => {
      if (!voucherId) return false;
      const [row] = await ctx.db
        .select({ id: topUps.id })
        .from(topUps)
        .where(and(eq(topUps.provider, o.provider), eq(topUps.providerPaymentId, voucherId)));
      if (!row) return false;
      const voucher = await ctx.vouchers.getVoucher(voucherId);
      if (!voucher) return false;
      await applyVoucher(ctx, row.id, voucher);
      return true;
    },
  );
  return { applied };
}
