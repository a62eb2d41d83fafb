import { eq } from "drizzle-orm";
import { z } from "zod";
import { shipments, transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import {
  COURIER_INVOICE_KIND,
  COURIER_INVOICE_KINDS,
  COURIER_SHIPPING_TYPE,
  COURIER_SHIPPING_TYPES,
  HANDLING_NOTES,
  PACKAGINGS,
  PARCEL_SIZES,
  SHIPPING_METHOD,
} from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { Localized } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import {
  maxLength,
  text,
  yamatoInvoiceKb,
  yamatoShukaDate,
  yamatoShukaTime,
} from "../shared/validation/index.ts";
import { loadTransaction, roleOf } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { AUTO_COMPLETE_DAYS, autoComplete, remindToRate } from "./trading-jobs.ts";
import { nextTransactionState } from "./transaction-states.ts";

const DAY_MS = 24 * 3600 * 1000;
const codes = <T extends readonly { code: string }[]>(t: T) =>
  t.map((e) => e.code) as [T[number]["code"], ...T[number]["code"][]];

const LABELS: Record<string, Localized> = {
  invoiceKind: { ja: "送り状の種類", en: "Invoice kind" },
  parcelSize: { ja: "サイズ", en: "Size" },
  shippingType: { ja: "発送方法", en: "How you hand it over" },
  pickupDate: { ja: "集荷希望日", en: "Pickup date" },
  pickupSlot: { ja: "集荷希望時間帯", en: "Pickup time" },
  packaging: { ja: "梱包", en: "Packaging" },
  handlingNotes: { ja: "取扱注意", en: "Handling notes" },
  trackingNumber: { ja: "追跡番号", en: "Tracking number" },
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

const ZOtherShipping = z.object({ trackingNumber: text(maxLength(40)) });

const REQUIRED_FOR_PICKUP = { ja: "集荷希望日と時間帯を選んでください", en: "Choose a pickup date and time" };
const SIZE_REQUIRED = { ja: "宅急便のサイズを選んでください", en: "Choose the parcel size" };

/**
 * The seller ships: with the courier integration (らくらくTsugu便) an invoice is issued, for pickup
 * (date and slot checked by the §5 rules) or drop-off (office, FamilyMart or locker with a QR code);
 * with any other method the seller may enter a tracking number. START → SHIPPING.
 */
export async function shipItem(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; input: Record<string, unknown> },
): Promise<{ state: string }> {
  const t = await loadTransaction(ctx.db, o.transactionId);
  nextTransactionState(t.state, "ship", roleOf(t, o.actor));
  const now = ctx.clock.now();
  let shipment: typeof shipments.$inferInsert;
  if (t.shippingMethod === SHIPPING_METHOD.EASY_DELIVERY) {
    const shukaFlag = o.input.shippingType === COURIER_SHIPPING_TYPE.PICKUP ? "1" : "0";
    const input = parseInput(courierSchema(now), { ...o.input, shukaFlag }, LABELS);
    const pickup = input.shippingType === COURIER_SHIPPING_TYPE.PICKUP;
    if (pickup && (!input.pickupDate || !input.pickupSlot)) {
      throw new AppError("VALIDATION", { fields: { pickupDate: REQUIRED_FOR_PICKUP } });
    }
    if (input.invoiceKind === COURIER_INVOICE_KIND.PARCEL && !input.parcelSize) {
      throw new AppError("VALIDATION", { fields: { parcelSize: SIZE_REQUIRED } });
    }
    const invoice = await ctx.courier.issueInvoice({
      transactionId: t.id,
      invoiceKind: input.invoiceKind,
      parcelSize: (input.parcelSize ?? null) as never,
      shippingType: input.shippingType,
      pickup: pickup ? { date: input.pickupDate, slot: input.pickupSlot as never } : null,
      packaging: input.packaging,
      handlingNotes: input.handlingNotes,
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
      fee: invoice.fee,
      createdAt: now,
    };
  } else {
    const input = parseInput(ZOtherShipping, o.input, LABELS);
    shipment = {
      transactionId: t.id,
      shippingMethod: t.shippingMethod,
      trackingNumber: input.trackingNumber || null,
      createdAt: now,
    };
  }
  const state = await ctx.db.transaction(async (tx) => {
    const locked = await loadTransaction(tx, t.id, true);
    const to = nextTransactionState(locked.state, "ship", "seller");
    await tx.insert(shipments).values(shipment).onConflictDoNothing();
    await tx
      .update(transactions)
      .set({ state: to, shippedAt: now, updatedAt: now })
      .where(eq(transactions.id, t.id));
    const txCtx = { ...ctx, db: tx };
    await enqueueJob(
      txCtx,
      remindToRate,
      { transactionId: t.id },
      {
        runAt: new Date(now.getTime() + 3 * DAY_MS),
        uniqueKey: `remind-rate:${t.id}`,
      },
    );
    await enqueueJob(
      txCtx,
      autoComplete,
      { transactionId: t.id },
      {
        runAt: new Date(now.getTime() + AUTO_COMPLETE_DAYS * DAY_MS),
        uniqueKey: `auto-complete:${t.id}:buyer`,
      },
    );
    return to;
  });
  await tradeNotice(ctx, { userId: t.buyerId, kind: "shipping", transaction: t, event: "shipped" });
  return { state };
}
