// Product codes (spec §3/§4) and business constants (spec §9).
// Tables keep the order the spec lists them in, because that is the order screens offer them.
// Every code is a string, even the numeric-looking ones, so that leading zeros ("05", "00001") survive
// and the same value can come from a form, a query string or JSON without conversion.
// Labels are catalogue messages (`codes.<table>.<code>`, decision 020), written out per language by the doors.
import { type Message, msg, renderMessage } from "./i18n/translate.ts";
import type { Locale } from "./locale.ts";

/** Money is always an integer number of yen; there are no fractional amounts anywhere in the product. */
export type Yen = number;

interface CodeEntry {
  readonly code: string;
  readonly label: Message;
}

/** An entry that also carries a stable name, so code can say `SHUKA_FLAG.PICKUP` instead of `"1"`. */
export interface KeyedCodeEntry extends CodeEntry {
  readonly key: string;
}

export type CodeTable = readonly CodeEntry[];
export type CodeOf<T extends CodeTable> = T[number]["code"];

/** The codes of a table in spec order, typed as a non-empty tuple so it can feed `z.enum(...)` directly. */
export function codesOf<const T extends CodeTable>(table: T): [CodeOf<T>, ...CodeOf<T>[]] {
  return table.map((entry) => entry.code) as [CodeOf<T>, ...CodeOf<T>[]];
}

/** Narrows untrusted input (query strings, JSON) to a code of the table. */
export function isCodeOf<const T extends CodeTable>(table: T, value: unknown): value is CodeOf<T> {
  return table.some((entry) => entry.code === value);
}

export function entryOf<const T extends CodeTable, C extends CodeOf<T>>(
  table: T,
  code: C,
): Extract<T[number], { code: C }> {
  const entry = table.find((candidate) => candidate.code === code);
  // Reachable only when the type was bypassed (a cast or unchecked JSON); failing loudly beats a blank label.
  if (entry === undefined) throw new RangeError(`Unknown code: ${String(code)}`);
  return entry as Extract<T[number], { code: C }>;
}

export function labelOf<const T extends CodeTable>(table: T, code: CodeOf<T>, locale: Locale): string {
  return renderMessage(entryOf(table, code).label, locale);
}

export type CodeMap<T extends readonly KeyedCodeEntry[]> = {
  readonly [E in T[number] as E["key"]]: E["code"];
};

export function codeMap<const T extends readonly KeyedCodeEntry[]>(table: T): CodeMap<T> {
  return Object.freeze(Object.fromEntries(table.map((entry) => [entry.key, entry.code]))) as CodeMap<T>;
}

// ---------------------------------------------------------------------------------------------------------
// Items

export const ITEM_STATES = [
  // ASK is listed by the spec without a description; it is read here as "price/terms under negotiation".
  { code: "ASK", label: msg("codes.itemState.ASK") },
  { code: "SALE", label: msg("codes.itemState.SALE") },
  { code: "SOLD", label: msg("codes.itemState.SOLD") },
  { code: "DISABLED", label: msg("codes.itemState.DISABLED") },
  { code: "DRAFT", label: msg("codes.itemState.DRAFT") },
  { code: "PRIVATE", label: msg("codes.itemState.PRIVATE") },
  // Not in the spec's list: a listing trust and safety has hidden (moderation), until restored.
  { code: "HIDDEN", label: msg("codes.itemState.HIDDEN") },
] as const satisfies CodeTable;
export type ItemState = CodeOf<typeof ITEM_STATES>;

export const ITEM_CONDITIONS = [
  { code: "DEFECTIVE", label: msg("codes.itemCondition.DEFECTIVE") },
  { code: "UNUSABLE", label: msg("codes.itemCondition.UNUSABLE") },
  { code: "UNCONFIRMED", label: msg("codes.itemCondition.UNCONFIRMED") },
  { code: "USED", label: msg("codes.itemCondition.USED") },
] as const satisfies CodeTable;

export const POSTAGES = [
  { code: "INCLUDED", label: msg("codes.postage.INCLUDED") },
  { code: "ARRIVAL", label: msg("codes.postage.ARRIVAL") },
] as const satisfies CodeTable;

export const BRANDS = [
  { code: "00001", key: "APPLE", name: "Apple", label: msg("codes.brand.00001") },
  { code: "00002", key: "SONY", name: "Sony", label: msg("codes.brand.00002") },
  { code: "00003", key: "SHARP", name: "Sharp", label: msg("codes.brand.00003") },
  { code: "00004", key: "SAMSUNG", name: "Samsung", label: msg("codes.brand.00004") },
  { code: "00005", key: "GOOGLE", name: "Google", label: msg("codes.brand.00005") },
  { code: "00006", key: "FUJITSU", name: "Fujitsu", label: msg("codes.brand.00006") },
  { code: "00007", key: "KYOCERA", name: "Kyocera", label: msg("codes.brand.00007") },
  { code: "00008", key: "HUAWEI", name: "Huawei", label: msg("codes.brand.00008") },
  { code: "00009", key: "XIAOMI", name: "Xiaomi", label: msg("codes.brand.00009") },
  { code: "00010", key: "LG", name: "LG", label: msg("codes.brand.00010") },
  { code: "00011", key: "OPPO", name: "Oppo", label: msg("codes.brand.00011") },
  { code: "00012", key: "ASUS", name: "Asus", label: msg("codes.brand.00012") },
  { code: "00013", key: "ZTE", name: "ZTE", label: msg("codes.brand.00013") },
  { code: "00014", key: "HTC", name: "HTC", label: msg("codes.brand.00014") },
  { code: "00015", key: "MOTOROLA", name: "Motorola", label: msg("codes.brand.00015") },
  { code: "00016", key: "VIVO", name: "Vivo", label: msg("codes.brand.00016") },
  { code: "00017", key: "ONEPLUS", name: "OnePlus", label: msg("codes.brand.00017") },
] as const satisfies readonly (KeyedCodeEntry & { readonly name: string })[];
export type BrandCode = CodeOf<typeof BRANDS>;
export const BRAND = codeMap(BRANDS);

export const CATEGORIES = [
  { code: "05", key: "SMARTPHONE", label: msg("codes.category.05") },
  { code: "06", key: "PC_TABLET", label: msg("codes.category.06") },
  { code: "07", key: "CAMERA", label: msg("codes.category.07") },
  { code: "08", key: "GAME_CONSOLE", label: msg("codes.category.08") },
  { code: "11", key: "PARTS", label: msg("codes.category.11") },
  { code: "99", key: "OTHER", label: msg("codes.category.99") },
] as const satisfies readonly KeyedCodeEntry[];
export type CategoryCode = CodeOf<typeof CATEGORIES>;
export const CATEGORY = codeMap(CATEGORIES);

export const ITEM_ROLES = [
  { code: "SELLER", label: msg("codes.itemRole.SELLER") },
  { code: "BUYER", label: msg("codes.itemRole.BUYER") },
  { code: "VISITOR", label: msg("codes.itemRole.VISITOR") },
] as const satisfies CodeTable;

// ---------------------------------------------------------------------------------------------------------
// Shipping chosen by the seller on the listing

export const SHIPPING_METHODS = [
  { code: "01", key: "UNDECIDED", label: msg("codes.shippingMethod.01") },
  { code: "10", key: "EASY_DELIVERY", label: msg("codes.shippingMethod.10") },
  { code: "09", key: "TSUGU_DELIVERY", label: msg("codes.shippingMethod.09") },
  { code: "02", key: "MAIL", label: msg("codes.shippingMethod.02") },
  { code: "03", key: "LETTER_PACK", label: msg("codes.shippingMethod.03") },
  { code: "04", key: "REGULAR_POST", label: msg("codes.shippingMethod.04") },
  { code: "05", key: "PARCEL", label: msg("codes.shippingMethod.05") },
  { code: "06", key: "POST_PARCEL", label: msg("codes.shippingMethod.06") },
  { code: "07", key: "CLICK_POST", label: msg("codes.shippingMethod.07") },
  { code: "08", key: "PACKET", label: msg("codes.shippingMethod.08") },
] as const satisfies readonly KeyedCodeEntry[];
export const SHIPPING_METHOD = codeMap(SHIPPING_METHODS);

export const SHIPPING_LEAD_TIMES = [
  { code: "01", key: "DAYS_1_2", label: msg("codes.shippingLeadTime.01") },
  { code: "02", key: "DAYS_2_3", label: msg("codes.shippingLeadTime.02") },
  { code: "03", key: "DAYS_4_7", label: msg("codes.shippingLeadTime.03") },
] as const satisfies readonly KeyedCodeEntry[];

/** How a sold item travels: by courier or via a pickup spot (the spec's "shipping-method enum"). */
export const SHIPPING_METHOD_TYPES = [
  { code: "10", key: "COURIER", label: msg("codes.shippingMethodType.10") },
  { code: "11", key: "PICKUP_SPOT", label: msg("codes.shippingMethodType.11") },
] as const satisfies readonly KeyedCodeEntry[];

// ---------------------------------------------------------------------------------------------------------
// Courier (Yamato) integration

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

export const PACKAGINGS = [
  // The spec gives "none" no code; the empty string is what an unselected form control submits.
  { code: "", key: "NONE", label: msg("codes.packaging.NONE") },
  { code: "01", key: "BOX", label: msg("codes.packaging.01") },
  { code: "02", key: "THIN", label: msg("codes.packaging.02") },
] as const satisfies readonly KeyedCodeEntry[];

export const HANDLING_NOTES = [
  { code: "01", key: "PRECISION_MACHINE", label: msg("codes.handlingNote.01") },
  { code: "02", key: "FRAGILE", label: msg("codes.handlingNote.02") },
  { code: "03", key: "DO_NOT_STACK", label: msg("codes.handlingNote.03") },
  { code: "04", key: "THIS_SIDE_UP", label: msg("codes.handlingNote.04") },
  { code: "05", key: "PERISHABLE", label: msg("codes.handlingNote.05") },
] as const satisfies readonly KeyedCodeEntry[];

export const QR_TYPES = [
  { code: "00", key: "COURIER", label: msg("codes.qrType.00") },
  { code: "01", key: "COMMON", label: msg("codes.qrType.01") },
] as const satisfies readonly KeyedCodeEntry[];

/** Whether the seller brings the parcel in or has the courier collect it (shuka = 集荷, pickup). */
export const SHUKA_FLAGS = [
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
export const PICKUP_TIME_SLOT = codeMap(PICKUP_TIME_SLOTS);

// ---------------------------------------------------------------------------------------------------------
// Addresses, payouts and payments

export const PREFECTURES = [
  { code: "01", label: msg("codes.prefecture.01") },
  { code: "02", label: msg("codes.prefecture.02") },
  { code: "03", label: msg("codes.prefecture.03") },
  { code: "04", label: msg("codes.prefecture.04") },
  { code: "05", label: msg("codes.prefecture.05") },
  { code: "06", label: msg("codes.prefecture.06") },
  { code: "07", label: msg("codes.prefecture.07") },
  { code: "08", label: msg("codes.prefecture.08") },
  { code: "09", label: msg("codes.prefecture.09") },
  { code: "10", label: msg("codes.prefecture.10") },
  { code: "11", label: msg("codes.prefecture.11") },
  { code: "12", label: msg("codes.prefecture.12") },
  { code: "13", label: msg("codes.prefecture.13") },
  { code: "14", label: msg("codes.prefecture.14") },
  { code: "15", label: msg("codes.prefecture.15") },
  { code: "16", label: msg("codes.prefecture.16") },
  { code: "17", label: msg("codes.prefecture.17") },
  { code: "18", label: msg("codes.prefecture.18") },
  { code: "19", label: msg("codes.prefecture.19") },
  { code: "20", label: msg("codes.prefecture.20") },
  { code: "21", label: msg("codes.prefecture.21") },
  { code: "22", label: msg("codes.prefecture.22") },
  { code: "23", label: msg("codes.prefecture.23") },
  { code: "24", label: msg("codes.prefecture.24") },
  { code: "25", label: msg("codes.prefecture.25") },
  { code: "26", label: msg("codes.prefecture.26") },
  { code: "27", label: msg("codes.prefecture.27") },
  { code: "28", label: msg("codes.prefecture.28") },
  { code: "29", label: msg("codes.prefecture.29") },
  { code: "30", label: msg("codes.prefecture.30") },
  { code: "31", label: msg("codes.prefecture.31") },
  { code: "32", label: msg("codes.prefecture.32") },
  { code: "33", label: msg("codes.prefecture.33") },
  { code: "34", label: msg("codes.prefecture.34") },
  { code: "35", label: msg("codes.prefecture.35") },
  { code: "36", label: msg("codes.prefecture.36") },
  { code: "37", label: msg("codes.prefecture.37") },
  { code: "38", label: msg("codes.prefecture.38") },
  { code: "39", label: msg("codes.prefecture.39") },
  { code: "40", label: msg("codes.prefecture.40") },
  { code: "41", label: msg("codes.prefecture.41") },
  { code: "42", label: msg("codes.prefecture.42") },
  { code: "43", label: msg("codes.prefecture.43") },
  { code: "44", label: msg("codes.prefecture.44") },
  { code: "45", label: msg("codes.prefecture.45") },
  { code: "46", label: msg("codes.prefecture.46") },
  { code: "47", label: msg("codes.prefecture.47") },
] as const satisfies CodeTable;
export type PrefectureCode = CodeOf<typeof PREFECTURES>;

export const BANK_ACCOUNT_TYPES = [
  { code: "1", key: "ORDINARY", label: msg("codes.bankAccountType.1") },
  { code: "2", key: "CURRENT", label: msg("codes.bankAccountType.2") },
] as const satisfies readonly KeyedCodeEntry[];
export type BankAccountType = CodeOf<typeof BANK_ACCOUNT_TYPES>;
export const BANK_ACCOUNT_TYPE = codeMap(BANK_ACCOUNT_TYPES);

export const CONVENIENCE_STORES = [
  { code: "10001", key: "LAWSON", label: msg("codes.convenienceStore.10001") },
  { code: "10002", key: "FAMILYMART", label: msg("codes.convenienceStore.10002") },
  { code: "10005", key: "MINISTOP", label: msg("codes.convenienceStore.10005") },
  { code: "10008", key: "SEICOMART", label: msg("codes.convenienceStore.10008") },
] as const satisfies readonly KeyedCodeEntry[];

export const TRANSACTION_STATES = [
  { code: "INVALID", label: msg("codes.transactionState.INVALID") },
  { code: "AUTH", label: msg("codes.transactionState.AUTH") },
  { code: "START", label: msg("codes.transactionState.START") },
  { code: "PENDING", label: msg("codes.transactionState.PENDING") },
  { code: "CANCELING", label: msg("codes.transactionState.CANCELING") },
  { code: "CANCELED", label: msg("codes.transactionState.CANCELED") },
  { code: "SHIPPING", label: msg("codes.transactionState.SHIPPING") },
  { code: "REVIEWED_BY_BUYER", label: msg("codes.transactionState.REVIEWED_BY_BUYER") },
  { code: "COMPLETED", label: msg("codes.transactionState.COMPLETED") },
] as const satisfies CodeTable;
export type TransactionState = CodeOf<typeof TRANSACTION_STATES>;

// ---------------------------------------------------------------------------------------------------------
// Buyback

export const BUYBACK_SELLER_STATES = [
  { code: "10", key: "START", label: msg("codes.buybackSellerState.10") },
  { code: "20", key: "SHIPPING", label: msg("codes.buybackSellerState.20") },
  { code: "30", key: "EVALUATING", label: msg("codes.buybackSellerState.30") },
  { code: "40", key: "OFFERED", label: msg("codes.buybackSellerState.40") },
  { code: "50", key: "COMPLETED", label: msg("codes.buybackSellerState.50") },
  { code: "60", key: "CANCELED", label: msg("codes.buybackSellerState.60") },
] as const satisfies readonly KeyedCodeEntry[];
export const BUYBACK_SELLER_STATE = codeMap(BUYBACK_SELLER_STATES);

export const BUYBACK_BUYER_STATES = [
  { code: "10", key: "START", label: msg("codes.buybackBuyerState.10") },
  { code: "20", key: "SHIPPED", label: msg("codes.buybackBuyerState.20") },
] as const satisfies readonly KeyedCodeEntry[];

export const DELIVERY_SHIPMENT_STATUSES = [
  { code: "undispatched", label: msg("codes.deliveryShipmentStatus.undispatched") },
  { code: "sent", label: msg("codes.deliveryShipmentStatus.sent") },
] as const satisfies CodeTable;

// ---------------------------------------------------------------------------------------------------------
// §9 business constants

export const SALES_FEE_RATE_PERCENT = 5;
export const MIN_PRICE: Yen = 50;
export const MIN_PRICE_WITH_COURIER: Yen = 1000;
export const MAX_PRICE: Yen = 9_999_999;
export const PRICE_RESTRICTION_THRESHOLD: Yen = 49_999;

/** Hour (Asia/Tokyo, 24h) from which a pickup can no longer be booked for the same day. */
export const COURIER_PICKUP_CLOSING_HOUR = 17;
/** The courier API is down in this window; the spec gives "day 1" without saying of week or month. */
export const COURIER_MAINTENANCE_WINDOW = { day: 1, startHour: 3, endHour: 5 } as const;

export const PARCEL_SIZES = [60, 80, 100, 120, 140, 160] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];

export const COURIER_FEES = {
  nekoposu: 150,
  compact: 350,
  parcel: { 60: 700, 80: 800, 100: 1000, 120: 1100, 140: 1300, 160: 1600 },
} as const satisfies { nekoposu: Yen; compact: Yen; parcel: Record<ParcelSize, Yen> };

export const LOCALE_COOKIE_NAME = "i18n_locale";
export const LOCALE_COOKIE_DAYS = 365;

export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

export const MODAL = {
  baseZIndex: 1000,
  zIndexStepPerStackedModal: 2,
  swipeCloseDistanceRatio: 0.1,
  swipeCloseMs: 300,
} as const;

export const IDENTITY_PROVIDER = {
  popupWidthPx: 500,
  popupHeightPx: 600,
  popupClosedWaitMs: 8000,
  eventDeduplicationMs: 10 * 60_000,
  tokenSyncMaxTokenAgeMs: 5 * 60_000,
} as const;
