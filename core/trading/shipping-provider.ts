import { createHash, randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import { SHIPPING_METHOD } from "../catalog/codes.ts";
import type { Clock } from "../shared/clock.ts";
import type { Yen } from "../shared/codes.ts";
import {
  COURIER_SHIPPING_TYPE,
  type CourierInvoiceKind,
  type CourierShippingType,
  type ParcelSize,
  type PickupTimeSlot,
} from "../shared/courier.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { prefectureNameJa } from "../shared/prefectures.ts";
import { tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { COURIER_MAINTENANCE_WINDOW, courierFee } from "./codes.ts";
import type { PickupSpot, SpotSearch } from "./pickup-spots.ts";
import { sevenCheckDigit, trackingLinks } from "./tracking-number.ts";

type InvoiceRequest = {
  /**
   * What the parcel is for, unique per parcel: `transaction-{id}` for a sale; buyback uses
   * `buyback-kit-{applicationId}`, `buyback-return-{itemId}` and `buyback-delivery-{deliveryId}`.
   * The same reference answers the same invoice.
   */
  reference: string;
  invoiceKind: CourierInvoiceKind;
  parcelSize: ParcelSize | null;
  shippingType: CourierShippingType;
  pickup: { date: string; slot: PickupTimeSlot } | null;
  packaging: string;
  handlingNotes: string[];
  /** Kept at this spot for the buyer (営業所止め, FamilyMart or a locker); null: to the address. */
  pickupSpotId?: string | null;
};

type Invoice = {
  invoiceNumber: string;
  /** Shown at the FamilyMart counter or the parcel locker; null for pickup and courier offices. */
  qrCode: string | null;
  /** Until when the drop-off code is accepted (ISO 8601); null without one. */
  qrExpiresAt: string | null;
  trackingUrl: string;
  fee: Yen;
};

/** A courier that issues invoices (送り状) and books pickups. */
export type ShippingProvider = {
  readonly name: string;
  issueInvoice(request: InvoiceRequest): Promise<Invoice>;
  /**
   * A new drop-off code for an invoice whose code ran out before the parcel was handed in (the old
   * one stops working); the invoice number stays. NOT_FOUND when the reference has no drop-off code.
   */
  renewDropOffCode(reference: string): Promise<Invoice>;
  /** The spots near an address where the courier keeps parcels for collection. */
  pickupSpots(near: SpotSearch): Promise<PickupSpot[]>;
};

/** How long a drop-off code works at the store or locker, as the courier's own codes do. */
const DROP_OFF_CODE_TTL_MS = 7 * 24 * 3600 * 1000;

const COURIER_MAINTENANCE = msg("trading.errors.courierMaintenance");
const NO_DROP_OFF = msg("trading.errors.dropOffNone");

/** The courier is closed for maintenance on the 1st of the month, 3:00-5:00 in Tokyo (spec §9). */
function inCourierMaintenance(now: Date): boolean {
  const t = tokyoNow(now);
  return (
    Number(t.date.slice(8, 10)) === COURIER_MAINTENANCE_WINDOW.day &&
    t.hour >= COURIER_MAINTENANCE_WINDOW.startHour &&
    t.hour < COURIER_MAINTENANCE_WINDOW.endHour
  );
}

/** A drop-off code as the courier prints it under the QR code: the invoice and a one-time part. */
function dropOffCode(invoiceNumber: string): string {
  return `TSUGU-QR-${invoiceNumber}-${randomInt(1e6).toString().padStart(6, "0")}`;
}

/**
 * The built-in courier: 12-digit invoice numbers with the 7DR check digit, a drop-off code (shown
 * as a QR code) for FamilyMart and locker drop-off that works for 7 days and can be renewed,
 * closed during the maintenance window. Invoices are kept in `sandbox_records`.
 */
export function createSandboxCourier(deps: { db: Db; clock: Clock; publicUrl: string }): ShippingProvider {
  return {
    name: "sandbox-courier",
    async issueInvoice(request) {
      const now = deps.clock.now();
      if (inCourierMaintenance(now)) throw new AppError("CONFLICT", { message: COURIER_MAINTENANCE });
      const reference = request.reference;
      const [existing] = await deps.db
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.provider, "courier"), eq(sandboxRecords.reference, reference)));
      if (existing) return existing.data as Invoice;
      const body = Array.from({ length: 11 }, () => randomInt(10)).join("");
      const invoiceNumber = `${body}${sevenCheckDigit(body)}`;
      const dropOff =
        request.shippingType === COURIER_SHIPPING_TYPE.FAMILYMART ||
        request.shippingType === COURIER_SHIPPING_TYPE.LOCKER;
      const invoice: Invoice = {
        invoiceNumber,
        qrCode: dropOff ? dropOffCode(invoiceNumber) : null,
        qrExpiresAt: dropOff ? new Date(now.getTime() + DROP_OFF_CODE_TTL_MS).toISOString() : null,
        // Yamato's own tracking page, as the real integration's invoices are tracked.
        trackingUrl: trackingLinks(SHIPPING_METHOD.EASY_DELIVERY, invoiceNumber)[0]!.url,
        fee: courierFee(request.invoiceKind, request.parcelSize),
      };
      await deps.db
        .insert(sandboxRecords)
        .values({
          provider: "courier",
          reference,
          state: "issued",
          data: { ...invoice, request },
          createdAt: now,
          expiresAt: invoice.qrExpiresAt ? new Date(invoice.qrExpiresAt) : null,
        })
        .onConflictDoNothing();
      return invoice;
    },
    pickupSpots: async (near) => sandboxPickupSpots(near),
    async renewDropOffCode(reference) {
      const now = deps.clock.now();
      if (inCourierMaintenance(now)) throw new AppError("CONFLICT", { message: COURIER_MAINTENANCE });
      return deps.db.transaction(async (tx) => {
        const [record] = await tx
          .select()
          .from(sandboxRecords)
          .where(and(eq(sandboxRecords.provider, "courier"), eq(sandboxRecords.reference, reference)))
          .for("update");
        const data = record?.data as (Invoice & { request: InvoiceRequest }) | undefined;
        if (!record || !data?.qrCode) throw new AppError("NOT_FOUND", { message: NO_DROP_OFF });
        const renewed: Invoice = {
          invoiceNumber: data.invoiceNumber,
          qrCode: dropOffCode(data.invoiceNumber),
          qrExpiresAt: new Date(now.getTime() + DROP_OFF_CODE_TTL_MS).toISOString(),
          trackingUrl: data.trackingUrl,
          fee: data.fee,
        };
        await tx
          .update(sandboxRecords)
          .set({ data: { ...data, ...renewed }, updatedAt: now, expiresAt: new Date(renewed.qrExpiresAt!) })
          .where(and(eq(sandboxRecords.provider, "courier"), eq(sandboxRecords.reference, reference)));
        return renewed;
      });
    },
  };
}

/**
 * The built-in courier's spots near an address: one office, one FamilyMart and one locker in the
 * buyer's city, always the same for the same city (the id is derived from it), so a spot chosen at
 * purchase is found again when the purchase is made. Stands for the courier's spot directory.
 */
function sandboxPickupSpots(near: SpotSearch): PickupSpot[] {
  const city = near.city.trim();
  if (!city || !/^\d{2}$/.test(near.prefectureCode)) return [];
  const prefecture = prefectureNameJa(near.prefectureCode);
  const key = createHash("sha256").update(`${near.prefectureCode}|${city}`).digest("hex").slice(0, 10);
  const postalCode = near.postalCode.replace(/\D/g, "").padEnd(7, "0").slice(0, 7);
  return [
    {
      id: `spot_office_${key}`,
      kind: "office",
      name: `ヤマト運輸 ${city}センター`,
      postalCode,
      address: `${prefecture}${city}中央1-2-3`,
      hours: "8:00〜21:00",
    },
    {
      id: `spot_familymart_${key}`,
      kind: "familymart",
      name: `ファミリーマート ${city}駅前店`,
      postalCode,
      address: `${prefecture}${city}駅前2-1-1`,
      hours: "0:00〜24:00",
    },
    {
      id: `spot_locker_${key}`,
      kind: "locker",
      name: `PUDOステーション ${city}駅`,
      postalCode,
      address: `${prefecture}${city}駅前1-1 ${city}駅 東口`,
      hours: "5:00〜24:00",
    },
  ];
}
