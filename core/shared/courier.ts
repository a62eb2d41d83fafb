// The courier's (Yamato's) codes and hours (spec §3/§9): read by the sale's shipping (`core/trading`), the
// buyback's (`core/buyback`) and the shared pickup rules (`validation/`), so they live here, once.

import { type CodeOf, codeMap, type KeyedCodeEntry } from "./codes.ts";
import { msg } from "./i18n/translate.ts";

export const COURIER_INVOICE_KINDS = [
  { code: "13", key: "NEKOPOSU", label: msg("codes.courierInvoiceKind.13") },
  { code: "12", key: "COMPACT", label: msg("codes.courierInvoiceKind.12") },
  { code: "01", key: "PARCEL", label: msg("codes.courierInvoiceKind.01") },
] as const satisfies readonly KeyedCodeEntry[];
export type CourierInvoiceKind = CodeOf<typeof COURIER_INVOICE_KINDS>;
export const COURIER_INVOICE_KIND = codeMap(COURIER_INVOICE_KINDS);

export const COURIER_SHIPPING_TYPES = [
  { code: "00", key: "PICKUP", label: msg("codes.courierShippingType.00") },
  { code: "01", key: "OFFICE", label: msg("codes.courierShippingType.01") },
  {
    code: "02",
    key: "FAMILYMART",
    label: msg("codes.courierShippingType.02"),
  },
  { code: "03", key: "LOCKER", label: msg("codes.courierShippingType.03") },
] as const satisfies readonly KeyedCodeEntry[];
export type CourierShippingType = CodeOf<typeof COURIER_SHIPPING_TYPES>;
export const COURIER_SHIPPING_TYPE = codeMap(COURIER_SHIPPING_TYPES);

/** Whether the seller brings the parcel in or has the courier collect it (shuka = 集荷, pickup). */
const SHUKA_FLAGS = [
  { code: "0", key: "BRING_IN", label: msg("codes.shukaFlag.0") },
  { code: "1", key: "PICKUP", label: msg("codes.shukaFlag.1") },
] as const satisfies readonly KeyedCodeEntry[];
export const SHUKA_FLAG = codeMap(SHUKA_FLAGS);

/** Pickup slots; a slot can still be booked for today only while the Tokyo hour is before its closing hour. */
export const PICKUP_TIME_SLOTS = [
  {
    code: "06",
    key: "ANY",
    closingHour: 17,
    label: msg("codes.pickupTimeSlot.06"),
  },
  { code: "07", key: "MORNING", closingHour: 10, label: msg("codes.pickupTimeSlot.07") },
  { code: "08", key: "FROM_14", closingHour: 14, label: msg("codes.pickupTimeSlot.08") },
  { code: "09", key: "FROM_16", closingHour: 16, label: msg("codes.pickupTimeSlot.09") },
  { code: "10", key: "FROM_17", closingHour: 17, label: msg("codes.pickupTimeSlot.10") },
] as const satisfies readonly (KeyedCodeEntry & { readonly closingHour: number })[];
export type PickupTimeSlot = CodeOf<typeof PICKUP_TIME_SLOTS>;

/** Hour (Asia/Tokyo, 24h) from which a pickup can no longer be booked for the same day. */
export const COURIER_PICKUP_CLOSING_HOUR = 17;

export const PARCEL_SIZES = [60, 80, 100, 120, 140, 160] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];
