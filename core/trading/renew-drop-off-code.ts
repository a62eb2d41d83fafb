import { eq } from "drizzle-orm";
import { shipments } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { loadTransaction, roleOf } from "./load-transaction.ts";
import { TRANSACTION_STATE_MESSAGES } from "./transaction-states.ts";

/**
 * The seller's drop-off code (FamilyMart or locker) ran out before the parcel was handed in: the
 * courier issues a new one for the same invoice, valid for another 7 days. Only the seller, only
 * while the parcel is on its way (SHIPPING), and only once the old code has expired. The
 * transaction's state does not change.
 */
export async function renewDropOffCode(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number },
): Promise<{ qrCode: string; qrExpiresAt: Date }> {
  const t = await loadTransaction(ctx.db, o.transactionId);
  if (roleOf(t, o.actor) !== "seller") {
    throw new AppError("FORBIDDEN", { message: TRANSACTION_STATE_MESSAGES.notYourStep });
  }
  if (t.state !== "SHIPPING") throw new AppError("CONFLICT", { message: TRANSACTION_STATE_MESSAGES.notNow });
  const [shipment] = await ctx.db.select().from(shipments).where(eq(shipments.transactionId, t.id));
  if (!shipment?.qrCode) throw new AppError("NOT_FOUND", { message: msg("trading.errors.dropOffNone") });
  if (shipment.qrExpiresAt && shipment.qrExpiresAt > ctx.clock.now()) {
    throw new AppError("CONFLICT", { message: msg("trading.errors.dropOffNotExpired") });
  }
  const renewed = await ctx.courier.renewDropOffCode(`transaction-${t.id}`);
  const qrExpiresAt = new Date(renewed.qrExpiresAt!);
  await ctx.db
    .update(shipments)
    .set({ qrCode: renewed.qrCode, qrExpiresAt })
    .where(eq(shipments.transactionId, t.id));
  return { qrCode: renewed.qrCode!, qrExpiresAt };
}
