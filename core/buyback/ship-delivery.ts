import { eq } from "drizzle-orm";
import { buybackDeliveries, users } from "#db/schema/index.ts";
import type { JournalLine } from "../money/ledger/accounts.ts";
import { platformAccount } from "../money/ledger/accounts.ts";
import { postEntry } from "../money/ledger/post-entry.ts";
import type { CoreContext } from "../shared/context.ts";
import {
  COURIER_INVOICE_KIND,
  COURIER_SHIPPING_TYPE,
  PARCEL_SIZES,
  type ParcelSize,
} from "../shared/courier.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { devicesOfDelivery, totalsOf } from "./bought-devices.ts";
import { BUYBACK_DELIVERY_MACHINE } from "./states.ts";

/** Devices packed per parcel-size step: up to 5 in a 60 box, 10 in an 80, … 160 for the rest. */
const DEVICES_PER_SIZE_STEP = 5;

export function parcelSizeFor(devices: number): ParcelSize {
  const step = Math.floor(Math.max(devices - 1, 0) / DEVICES_PER_SIZE_STEP);
  return PARCEL_SIZES[Math.min(step, PARCEL_SIZES.length - 1)]!;
}

/** The ledger entry of a shipped delivery: what it is called, so it is posted once. */
const deliveryInvoicedKey = (deliveryId: number) => `buyback-delivery:${deliveryId}:invoiced`;

export type ShippedDelivery = {
  id: number;
  state: "20";
  invoiceNumber: string;
  trackingUrl: string;
  shippedAt: Date;
  productCount: number;
  paymentAmount: number;
  entryId: number | null;
};

const EMPTY = msg("buybackOffice.deliveries.errors.empty");

/**
 * An operator ships a delivery to its buyer company (10 → 20): the courier's invoice
 * (`buyback-delivery-{id}`, one box, precision machine and fragile) gives it its invoice number and
 * tracking address, and the buyer's bill is booked: the company owes the amounts bought plus our
 * fee (buyback_receivable), which settles what we paid the members (buyback_clearing) and earns the
 * fee (revenue). The state, the ledger entry (keyed, so posted once) and the audit entry are one
 * database transaction; the invoice is asked for just before it, by a reference that answers the
 * same invoice again, because the courier is not part of our database. A delivery with no devices
 * does not ship; a shipped one is CONFLICT.
 */
export async function shipDelivery(
  ctx: CoreContext,
  o: { deliveryId: number; operatorId: number; meta?: RequestMeta },
): Promise<ShippedDelivery> {
  const [actor] = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, o.operatorId));
  await authorize(ctx, actor ?? null, "buyback:ship");
  const [delivery] = await ctx.db
    .select()
    .from(buybackDeliveries)
    .where(eq(buybackDeliveries.id, o.deliveryId));
  if (!delivery)
    throw new AppError("NOT_FOUND", { message: msg("buybackDeliveries.errors.deliveryNotFound") });
  nextState(BUYBACK_DELIVERY_MACHINE, delivery.state, "ship", "operator");
  const devices = await devicesOfDelivery(ctx.db, delivery);
  if (devices.length === 0) throw new AppError("CONFLICT", { message: EMPTY });

  const invoice = await ctx.courier.issueInvoice({
    reference: `buyback-delivery-${delivery.id}`,
    invoiceKind: COURIER_INVOICE_KIND.PARCEL,
    parcelSize: parcelSizeFor(devices.length),
    shippingType: COURIER_SHIPPING_TYPE.OFFICE,
    pickup: null,
    packaging: "01",
    handlingNotes: ["01", "02"],
  });

  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const operator = await authorize(txCtx, actor ?? null, "buyback:ship");
    const [locked] = await tx
      .select()
      .from(buybackDeliveries)
      .where(eq(buybackDeliveries.id, delivery.id))
      .for("update");
    if (!locked) throw new AppError("NOT_FOUND");
    // What ships is what the delivery holds now, under the lock: no device joins it meanwhile.
    const totals = totalsOf(await devicesOfDelivery(tx, locked));
    if (totals.count === 0) throw new AppError("CONFLICT", { message: EMPTY });
    const shippedAt = ctx.clock.now();
    await changeState(txCtx, {
      machine: BUYBACK_DELIVERY_MACHINE,
      table: buybackDeliveries,
      id: locked.id,
      from: locked.state,
      action: "ship",
      actor: { role: "operator", id: operator.id },
      set: {
        invoiceNumber: invoice.invoiceNumber,
        trackingUrl: invoice.trackingUrl,
        shippedAt,
        productCount: totals.count,
        paymentAmount: totals.payment,
      },
    });
    const lines: JournalLine[] = [
      { account: platformAccount("buyback_receivable"), amount: -totals.payment },
      { account: platformAccount("buyback_clearing"), amount: totals.amount },
      { account: platformAccount("revenue"), amount: totals.fee },
    ].filter((l) => l.amount !== 0);
    const entry =
      lines.length >= 2
        ? await postEntry(txCtx, {
            idempotencyKey: deliveryInvoicedKey(locked.id),
            kind: "buyback_delivery_invoiced",
            refs: { buybackDeliveryId: locked.id, buybackCompanyId: locked.companyId },
            lines,
          })
        : null;
    await recordAudit(txCtx, {
      operator,
      action: "buyback:ship",
      target: { type: "buyback_delivery", id: locked.id },
      changes: {
        state: [locked.state, "20"],
        invoiceNumber: [locked.invoiceNumber, invoice.invoiceNumber],
        productCount: [locked.productCount, totals.count],
        paymentAmount: [locked.paymentAmount, totals.payment],
      },
      meta: o.meta,
    });
    return {
      id: locked.id,
      state: "20",
      invoiceNumber: invoice.invoiceNumber,
      trackingUrl: invoice.trackingUrl,
      shippedAt,
      productCount: totals.count,
      paymentAmount: totals.payment,
      entryId: entry?.entryId ?? null,
    };
  });
}
