import { z } from "zod";
import { shipments, transactions } from "#db/schema/index.ts";
import { SHIPPING_METHOD } from "../catalog/codes.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import {
  COURIER_INVOICE_KIND,
  COURIER_INVOICE_KINDS,
  COURIER_SHIPPING_TYPE,
  COURIER_SHIPPING_TYPES,
  PARCEL_SIZES,
  type ParcelSize,
  SHUKA_FLAG,
} from "../shared/courier.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import {
  maxLength,
  text,
  yamatoInvoiceKb,
  yamatoShukaDate,
  yamatoShukaTime,
} from "../shared/validation/index.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { courierFee, HANDLING_NOTES, PACKAGINGS } from "./codes.ts";
import { loadTransaction, roleOf, type TransactionRow } from "./load-transaction.ts";
import { carrierOf, checkTrackingNumber, SELLER_CARRIERS, type SellerCarrier } from "./tracking-number.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

const codes = <T extends readonly { code: string }[]>(t: T) =>
  t.map((e) => e.code) as [T[number]["code"], ...T[number]["code"][]];

const LABELS: Record<string, Message> = {
  invoiceKind: msg("trading.fields.invoiceKind"),
  parcelSize: msg("trading.fields.parcelSize"),
  shippingType: msg("trading.fields.shippingType"),
  pickupDate: msg("trading.fields.pickupDate"),
  pickupSlot: msg("trading.fields.pickupSlot"),
  packaging: msg("trading.fields.packaging"),
  handlingNotes: msg("trading.fields.handlingNotes"),
  trackingNumber: msg("trading.fields.trackingNumber"),
  carrier: msg("trading.fields.carrier"),
};

function courierSchema(now: Date) {
  return z
    .object({
      shukaFlag: z.string(),
      invoiceKind: z.enum(codes(COURIER_INVOICE_KINDS)),
      parcelSize: z.coerce
        .number()
        .refine((n) => (PARCEL_SIZES as readonly number[]).includes(n))
        .optional(),
      shippingType: z.enum(codes(COURIER_SHIPPING_TYPES)),
      pickupDate: text(yamatoShukaDate({ now })),
      pickupSlot: text(),
      packaging: z.enum(codes(PACKAGINGS)).default(""),
      handlingNotes: z
        .array(z.enum(codes(HANDLING_NOTES)))
        .max(5)
        .default([]),
    })
    .check(
      yamatoShukaTime({ date: "pickupDate", slot: "pickupSlot", now }),
      yamatoInvoiceKb({ shukaFlag: "shukaFlag", invoiceKind: "invoiceKind" }),
    );
}

const ZOtherShipping = z.object({
  trackingNumber: text(maxLength(40)),
  /** For an undecided method: whose parcel it is (checked and linked as that carrier's). */
  carrier: z.enum(SELLER_CARRIERS).optional(),
});

const REQUIRED_FOR_PICKUP = msg("trading.errors.pickupRequired");
const SIZE_REQUIRED = msg("trading.errors.sizeRequired");
const NEKOPOSU_TO_SPOT = msg("trading.errors.nekoposuToSpot");

type Prepared =
  | { kind: "courier"; input: z.output<ReturnType<typeof courierSchema>>; pickup: boolean }
  | { kind: "other"; trackingNumber: string; carrier: SellerCarrier | null };

/** The seller's shipping form read and checked (§5 pickup rules, sizes, the tracking number's format). */
function prepareShipment(t: TransactionRow, raw: Record<string, unknown>, now: Date): Prepared {
  if (t.shippingMethod === SHIPPING_METHOD.EASY_DELIVERY) {
    const shukaFlag =
      raw.shippingType === COURIER_SHIPPING_TYPE.PICKUP ? SHUKA_FLAG.PICKUP : SHUKA_FLAG.BRING_IN;
    const input = parseInput(courierSchema(now), { ...raw, shukaFlag }, LABELS);
    const pickup = input.shippingType === COURIER_SHIPPING_TYPE.PICKUP;
    if (pickup && (!input.pickupDate || !input.pickupSlot)) {
      throw new AppError("VALIDATION", { fields: { pickupDate: REQUIRED_FOR_PICKUP } });
    }
    if (input.invoiceKind === COURIER_INVOICE_KIND.PARCEL && !input.parcelSize) {
      throw new AppError("VALIDATION", { fields: { parcelSize: SIZE_REQUIRED } });
    }
    // Nekoposu goes into a letterbox: the courier's spots keep parcels only (Compact and 宅急便).
    if (t.shippingAddress.pickupSpot && input.invoiceKind === COURIER_INVOICE_KIND.NEKOPOSU) {
      throw new AppError("VALIDATION", { fields: { invoiceKind: NEKOPOSU_TO_SPOT } });
    }
    // The seller pays the postage out of the proceeds: a label dearer than them is not issued.
    const fee = courierFee(input.invoiceKind, (input.parcelSize ?? null) as ParcelSize | null);
    if (t.postage === "INCLUDED" && fee > t.proceeds) {
      const message = msg("trading.errors.courierFeeOverProceeds", { fee, proceeds: t.proceeds });
      throw new AppError("VALIDATION", {
        fields:
          input.invoiceKind === COURIER_INVOICE_KIND.PARCEL
            ? { parcelSize: message }
            : { invoiceKind: message },
      });
    }
    return { kind: "courier", input, pickup };
  }
  const input = parseInput(ZOtherShipping, raw, LABELS);
  // Only an undecided method leaves the carrier to the seller; the others name it themselves.
  const carrier = carrierOf(t.shippingMethod) === "any" ? (input.carrier ?? null) : null;
  const tracking = checkTrackingNumber(t.shippingMethod, input.trackingNumber, carrier);
  if (!tracking.ok) throw new AppError("VALIDATION", { fields: { trackingNumber: tracking.message } });
  return { kind: "other", trackingNumber: tracking.value, carrier: tracking.value ? carrier : null };
}

/**
 * Whether the seller may ship now with this form, without shipping: what a page asks before it
 * asks the seller to confirm. Throws as `shipItem` would; answers the plain tracking number.
 */
export async function checkShipment(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; input: Record<string, unknown> },
): Promise<{ trackingNumber: string | null }> {
  const t = await loadTransaction(ctx.db, o.transactionId);
  nextState(TRANSACTION_MACHINE, t.state, "ship", roleOf(t, o.actor));
  const prepared = prepareShipment(t, o.input, ctx.clock.now());
  return { trackingNumber: prepared.kind === "other" ? prepared.trackingNumber || null : null };
}

/**
 * The seller ships: with the courier integration (らくらくTsugu便) an invoice is issued, for pickup
 * (date and slot checked by the §5 rules) or drop-off (office, FamilyMart or locker with a QR code);
 * with any other method the seller may enter a tracking number, checked against the carrier's format
 * and kept plain (`tracking-number.ts`). START → SHIPPING.
 */
export async function shipItem(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; input: Record<string, unknown> },
): Promise<{ state: string }> {
  const t = await loadTransaction(ctx.db, o.transactionId);
  nextState(TRANSACTION_MACHINE, t.state, "ship", roleOf(t, o.actor));
  const now = ctx.clock.now();
  let shipment: typeof shipments.$inferInsert;
  const prepared = prepareShipment(t, o.input, now);
  if (prepared.kind === "courier") {
    const { input, pickup } = prepared;
    const invoice = await ctx.courier.issueInvoice({
      reference: `transaction-${t.id}`,
      invoiceKind: input.invoiceKind,
      parcelSize: (input.parcelSize ?? null) as never,
      shippingType: input.shippingType,
      pickup: pickup ? { date: input.pickupDate, slot: input.pickupSlot as never } : null,
      packaging: input.packaging,
      handlingNotes: input.handlingNotes,
      pickupSpotId: t.shippingAddress.pickupSpot?.id ?? null,
    });
    shipment = {
      transactionId: t.id,
      shippingMethod: t.shippingMethod,
      invoiceKind: input.invoiceKind,
      parcelSize: input.invoiceKind === COURIER_INVOICE_KIND.PARCEL ? (input.parcelSize ?? null) : null,
      courierShippingType: input.shippingType,
      pickupDate: pickup ? input.pickupDate : null,
      pickupSlot: pickup ? input.pickupSlot : null,
      packaging: input.packaging,
      handlingNotes: input.handlingNotes,
      invoiceNumber: invoice.invoiceNumber,
      qrCode: invoice.qrCode,
      qrExpiresAt: invoice.qrExpiresAt ? new Date(invoice.qrExpiresAt) : null,
      fee: invoice.fee,
      createdAt: now,
    };
  } else {
    shipment = {
      transactionId: t.id,
      shippingMethod: t.shippingMethod,
      trackingNumber: prepared.trackingNumber || null,
      carrier: prepared.carrier,
      createdAt: now,
    };
  }
  const state = await ctx.db.transaction(async (tx) => {
    const locked = await loadTransaction(tx, t.id, true);
    await tx.insert(shipments).values(shipment).onConflictDoNothing();
    const { to } = await changeState(
      { ...ctx, db: tx },
      {
        machine: TRANSACTION_MACHINE,
        table: transactions,
        id: t.id,
        from: locked.state,
        action: "ship",
        actor: { role: "seller", id: o.actor.id },
        set: { shippedAt: now },
      },
    );
    return to;
  });
  await tradeNotice(ctx, { userId: t.buyerId, kind: "shipping", transaction: t, event: "shipped" });
  return { state };
}
