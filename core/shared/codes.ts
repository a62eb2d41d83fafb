// Product codes (spec §3/§4) and business constants (spec §9).
// Tables keep the order the spec lists them in, because that is the order screens offer them.
// Every code is a string, even the numeric-looking ones, so that leading zeros ("05", "00001") survive
// and the same value can come from a form, a query string or JSON without conversion.
import type { Locale, Localized } from "./locale.ts";

/** Money is always an integer number of yen; there are no fractional amounts anywhere in the product. */
export type Yen = number;

interface CodeEntry {
  readonly code: string;
  readonly label: Localized;
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
  return entryOf(table, code).label[locale];
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
  { code: "ASK", label: { ja: "取引相談中", en: "Under negotiation" } },
  { code: "SALE", label: { ja: "販売中", en: "On sale" } },
  { code: "SOLD", label: { ja: "売り切れ", en: "Sold out" } },
  { code: "DISABLED", label: { ja: "出品停止中", en: "Not for sale" } },
  { code: "DRAFT", label: { ja: "下書き", en: "Draft" } },
  { code: "PRIVATE", label: { ja: "非公開", en: "Private" } },
] as const satisfies CodeTable;
export type ItemState = CodeOf<typeof ITEM_STATES>;

export const ITEM_CONDITIONS = [
  { code: "DEFECTIVE", label: { ja: "故障あり", en: "Defective" } },
  { code: "UNUSABLE", label: { ja: "使用不可", en: "Unusable" } },
  { code: "UNCONFIRMED", label: { ja: "動作未確認", en: "Not tested" } },
  { code: "USED", label: { ja: "中古", en: "Used" } },
] as const satisfies CodeTable;

export const POSTAGES = [
  { code: "INCLUDED", label: { ja: "送料込み（出品者負担）", en: "Shipping included (seller pays)" } },
  { code: "ARRIVAL", label: { ja: "着払い（購入者負担）", en: "Cash on delivery (buyer pays)" } },
] as const satisfies CodeTable;

export const BRANDS = [
  { code: "00001", key: "APPLE", name: "Apple", label: { ja: "Apple", en: "Apple" } },
  { code: "00002", key: "SONY", name: "Sony", label: { ja: "ソニー", en: "Sony" } },
  { code: "00003", key: "SHARP", name: "Sharp", label: { ja: "シャープ", en: "Sharp" } },
  { code: "00004", key: "SAMSUNG", name: "Samsung", label: { ja: "サムスン", en: "Samsung" } },
  { code: "00005", key: "GOOGLE", name: "Google", label: { ja: "Google", en: "Google" } },
  { code: "00006", key: "FUJITSU", name: "Fujitsu", label: { ja: "富士通", en: "Fujitsu" } },
  { code: "00007", key: "KYOCERA", name: "Kyocera", label: { ja: "京セラ", en: "Kyocera" } },
  { code: "00008", key: "HUAWEI", name: "Huawei", label: { ja: "ファーウェイ", en: "Huawei" } },
  { code: "00009", key: "XIAOMI", name: "Xiaomi", label: { ja: "シャオミ", en: "Xiaomi" } },
  { code: "00010", key: "LG", name: "LG", label: { ja: "LG", en: "LG" } },
  { code: "00011", key: "OPPO", name: "Oppo", label: { ja: "OPPO", en: "OPPO" } },
  { code: "00012", key: "ASUS", name: "Asus", label: { ja: "ASUS", en: "ASUS" } },
  { code: "00013", key: "ZTE", name: "ZTE", label: { ja: "ZTE", en: "ZTE" } },
  { code: "00014", key: "HTC", name: "HTC", label: { ja: "HTC", en: "HTC" } },
  { code: "00015", key: "MOTOROLA", name: "Motorola", label: { ja: "モトローラ", en: "Motorola" } },
  { code: "00016", key: "VIVO", name: "Vivo", label: { ja: "vivo", en: "vivo" } },
  { code: "00017", key: "ONEPLUS", name: "OnePlus", label: { ja: "OnePlus", en: "OnePlus" } },
] as const satisfies readonly (KeyedCodeEntry & { readonly name: string })[];
export type BrandCode = CodeOf<typeof BRANDS>;
export const BRAND = codeMap(BRANDS);

export const CATEGORIES = [
  { code: "05", key: "SMARTPHONE", label: { ja: "スマートフォン", en: "Smartphones" } },
  { code: "06", key: "PC_TABLET", label: { ja: "パソコン・タブレット", en: "PCs & tablets" } },
  { code: "07", key: "CAMERA", label: { ja: "カメラ", en: "Cameras" } },
  { code: "08", key: "GAME_CONSOLE", label: { ja: "ゲーム機", en: "Game consoles" } },
  { code: "11", key: "PARTS", label: { ja: "パーツ", en: "Parts" } },
  { code: "99", key: "OTHER", label: { ja: "その他の機器", en: "Other devices" } },
] as const satisfies readonly KeyedCodeEntry[];
export type CategoryCode = CodeOf<typeof CATEGORIES>;
export const CATEGORY = codeMap(CATEGORIES);

export const ITEM_ROLES = [
  { code: "SELLER", label: { ja: "出品者", en: "Seller" } },
  { code: "BUYER", label: { ja: "購入者", en: "Buyer" } },
  { code: "VISITOR", label: { ja: "閲覧者", en: "Visitor" } },
] as const satisfies CodeTable;

// ---------------------------------------------------------------------------------------------------------
// Shipping chosen by the seller on the listing

export const SHIPPING_METHODS = [
  { code: "01", key: "UNDECIDED", label: { ja: "未定", en: "Undecided" } },
  { code: "10", key: "EASY_DELIVERY", label: { ja: "らくらくTsugu便", en: "Easy delivery via Tsugu" } },
  { code: "09", key: "TSUGU_DELIVERY", label: { ja: "ゆうゆうTsugu便", en: "Ship via Tsugu" } },
  { code: "02", key: "MAIL", label: { ja: "ゆうメール", en: "Mail (Yu-Mail)" } },
  { code: "03", key: "LETTER_PACK", label: { ja: "レターパック", en: "Letter Pack" } },
  { code: "04", key: "REGULAR_POST", label: { ja: "普通郵便（定形・定形外）", en: "Regular post" } },
  { code: "05", key: "PARCEL", label: { ja: "宅急便", en: "Parcel delivery" } },
  { code: "06", key: "POST_PARCEL", label: { ja: "ゆうパック", en: "Post parcel (Yu-Pack)" } },
  { code: "07", key: "CLICK_POST", label: { ja: "クリックポスト", en: "Click Post" } },
  { code: "08", key: "PACKET", label: { ja: "ゆうパケット", en: "Packet (Yu-Packet)" } },
] as const satisfies readonly KeyedCodeEntry[];
export const SHIPPING_METHOD = codeMap(SHIPPING_METHODS);

export const SHIPPING_LEAD_TIMES = [
  { code: "01", key: "DAYS_1_2", label: { ja: "1〜2日で発送", en: "Ships in 1-2 days" } },
  { code: "02", key: "DAYS_2_3", label: { ja: "2〜3日で発送", en: "Ships in 2-3 days" } },
  { code: "03", key: "DAYS_4_7", label: { ja: "4〜7日で発送", en: "Ships in 4-7 days" } },
] as const satisfies readonly KeyedCodeEntry[];

/** How a sold item travels: by courier or via a pickup spot (the spec's "shipping-method enum"). */
export const SHIPPING_METHOD_TYPES = [
  { code: "10", key: "COURIER", label: { ja: "宅配便", en: "Courier" } },
  { code: "11", key: "PICKUP_SPOT", label: { ja: "受け取りスポット", en: "Pickup spot" } },
] as const satisfies readonly KeyedCodeEntry[];

// ---------------------------------------------------------------------------------------------------------
// Courier (Yamato) integration

export const COURIER_INVOICE_KINDS = [
  { code: "13", key: "NEKOPOSU", label: { ja: "ネコポス", en: "Nekoposu" } },
  { code: "12", key: "COMPACT", label: { ja: "宅急便コンパクト", en: "Compact parcel" } },
  { code: "01", key: "PARCEL", label: { ja: "宅急便", en: "Regular parcel" } },
] as const satisfies readonly KeyedCodeEntry[];
export type CourierInvoiceKind = CodeOf<typeof COURIER_INVOICE_KINDS>;
export const COURIER_INVOICE_KIND = codeMap(COURIER_INVOICE_KINDS);

export const COURIER_SHIPPING_TYPES = [
  { code: "00", key: "PICKUP", label: { ja: "集荷", en: "Pickup" } },
  { code: "01", key: "OFFICE", label: { ja: "営業所へ持ち込み", en: "Drop off at a courier office" } },
  {
    code: "02",
    key: "FAMILYMART",
    label: { ja: "ファミリーマートへ持ち込み", en: "Drop off at FamilyMart" },
  },
  { code: "03", key: "LOCKER", label: { ja: "宅配便ロッカーへ持ち込み", en: "Drop off at a parcel locker" } },
] as const satisfies readonly KeyedCodeEntry[];
export type CourierShippingType = CodeOf<typeof COURIER_SHIPPING_TYPES>;
export const COURIER_SHIPPING_TYPE = codeMap(COURIER_SHIPPING_TYPES);

export const PACKAGINGS = [
  // The spec gives "none" no code; the empty string is what an unselected form control submits.
  { code: "", key: "NONE", label: { ja: "なし", en: "None" } },
  { code: "01", key: "BOX", label: { ja: "箱", en: "Box" } },
  { code: "02", key: "THIN", label: { ja: "薄型", en: "Thin type" } },
] as const satisfies readonly KeyedCodeEntry[];

export const HANDLING_NOTES = [
  { code: "01", key: "PRECISION_MACHINE", label: { ja: "精密機器", en: "Precision equipment" } },
  { code: "02", key: "FRAGILE", label: { ja: "ワレモノ注意", en: "Fragile" } },
  { code: "03", key: "DO_NOT_STACK", label: { ja: "下積厳禁", en: "Do not stack" } },
  { code: "04", key: "THIS_SIDE_UP", label: { ja: "天地無用", en: "This side up" } },
  { code: "05", key: "PERISHABLE", label: { ja: "ナマモノ", en: "Perishable" } },
] as const satisfies readonly KeyedCodeEntry[];

export const QR_TYPES = [
  { code: "00", key: "COURIER", label: { ja: "ヤマト運輸専用", en: "Courier only" } },
  { code: "01", key: "COMMON", label: { ja: "共通", en: "Common" } },
] as const satisfies readonly KeyedCodeEntry[];

/** Whether the seller brings the parcel in or has the courier collect it (shuka = 集荷, pickup). */
export const SHUKA_FLAGS = [
  { code: "0", key: "BRING_IN", label: { ja: "持ち込み", en: "Bring in" } },
  { code: "1", key: "PICKUP", label: { ja: "集荷", en: "Pickup" } },
] as const satisfies readonly KeyedCodeEntry[];
export const SHUKA_FLAG = codeMap(SHUKA_FLAGS);

/** Pickup slots; a slot can still be booked for today only while the Tokyo hour is before its closing hour. */
export const PICKUP_TIME_SLOTS = [
  {
    code: "06",
    key: "ANY",
    closingHour: 17,
    label: { ja: "指定なし（17時まで）", en: "No preference (by 17:00)" },
  },
  { code: "07", key: "MORNING", closingHour: 10, label: { ja: "午前中〜13時", en: "Morning to 13:00" } },
  { code: "08", key: "FROM_14", closingHour: 14, label: { ja: "14時〜16時", en: "14:00-16:00" } },
  { code: "09", key: "FROM_16", closingHour: 16, label: { ja: "16時〜18時", en: "16:00-18:00" } },
  { code: "10", key: "FROM_17", closingHour: 17, label: { ja: "17時〜18時30分", en: "17:00-18:30" } },
] as const satisfies readonly (KeyedCodeEntry & { readonly closingHour: number })[];
export type PickupTimeSlot = CodeOf<typeof PICKUP_TIME_SLOTS>;
export const PICKUP_TIME_SLOT = codeMap(PICKUP_TIME_SLOTS);

// ---------------------------------------------------------------------------------------------------------
// Addresses, payouts and payments

export const PREFECTURES = [
  { code: "01", label: { ja: "北海道", en: "Hokkaido" } },
  { code: "02", label: { ja: "青森県", en: "Aomori" } },
  { code: "03", label: { ja: "岩手県", en: "Iwate" } },
  { code: "04", label: { ja: "宮城県", en: "Miyagi" } },
  { code: "05", label: { ja: "秋田県", en: "Akita" } },
  { code: "06", label: { ja: "山形県", en: "Yamagata" } },
  { code: "07", label: { ja: "福島県", en: "Fukushima" } },
  { code: "08", label: { ja: "茨城県", en: "Ibaraki" } },
  { code: "09", label: { ja: "栃木県", en: "Tochigi" } },
  { code: "10", label: { ja: "群馬県", en: "Gunma" } },
  { code: "11", label: { ja: "埼玉県", en: "Saitama" } },
  { code: "12", label: { ja: "千葉県", en: "Chiba" } },
  { code: "13", label: { ja: "東京都", en: "Tokyo" } },
  { code: "14", label: { ja: "神奈川県", en: "Kanagawa" } },
  { code: "15", label: { ja: "新潟県", en: "Niigata" } },
  { code: "16", label: { ja: "富山県", en: "Toyama" } },
  { code: "17", label: { ja: "石川県", en: "Ishikawa" } },
  { code: "18", label: { ja: "福井県", en: "Fukui" } },
  { code: "19", label: { ja: "山梨県", en: "Yamanashi" } },
  { code: "20", label: { ja: "長野県", en: "Nagano" } },
  { code: "21", label: { ja: "岐阜県", en: "Gifu" } },
  { code: "22", label: { ja: "静岡県", en: "Shizuoka" } },
  { code: "23", label: { ja: "愛知県", en: "Aichi" } },
  { code: "24", label: { ja: "三重県", en: "Mie" } },
  { code: "25", label: { ja: "滋賀県", en: "Shiga" } },
  { code: "26", label: { ja: "京都府", en: "Kyoto" } },
  { code: "27", label: { ja: "大阪府", en: "Osaka" } },
  { code: "28", label: { ja: "兵庫県", en: "Hyogo" } },
  { code: "29", label: { ja: "奈良県", en: "Nara" } },
  { code: "30", label: { ja: "和歌山県", en: "Wakayama" } },
  { code: "31", label: { ja: "鳥取県", en: "Tottori" } },
  { code: "32", label: { ja: "島根県", en: "Shimane" } },
  { code: "33", label: { ja: "岡山県", en: "Okayama" } },
  { code: "34", label: { ja: "広島県", en: "Hiroshima" } },
  { code: "35", label: { ja: "山口県", en: "Yamaguchi" } },
  { code: "36", label: { ja: "徳島県", en: "Tokushima" } },
  { code: "37", label: { ja: "香川県", en: "Kagawa" } },
  { code: "38", label: { ja: "愛媛県", en: "Ehime" } },
  { code: "39", label: { ja: "高知県", en: "Kochi" } },
  { code: "40", label: { ja: "福岡県", en: "Fukuoka" } },
  { code: "41", label: { ja: "佐賀県", en: "Saga" } },
  { code: "42", label: { ja: "長崎県", en: "Nagasaki" } },
  { code: "43", label: { ja: "熊本県", en: "Kumamoto" } },
  { code: "44", label: { ja: "大分県", en: "Oita" } },
  { code: "45", label: { ja: "宮崎県", en: "Miyazaki" } },
  { code: "46", label: { ja: "鹿児島県", en: "Kagoshima" } },
  { code: "47", label: { ja: "沖縄県", en: "Okinawa" } },
] as const satisfies CodeTable;
export type PrefectureCode = CodeOf<typeof PREFECTURES>;

export const BANK_ACCOUNT_TYPES = [
  { code: "1", key: "ORDINARY", label: { ja: "普通", en: "Ordinary" } },
  { code: "2", key: "CURRENT", label: { ja: "当座", en: "Current" } },
] as const satisfies readonly KeyedCodeEntry[];
export type BankAccountType = CodeOf<typeof BANK_ACCOUNT_TYPES>;
export const BANK_ACCOUNT_TYPE = codeMap(BANK_ACCOUNT_TYPES);

export const CONVENIENCE_STORES = [
  { code: "10001", key: "LAWSON", label: { ja: "ローソン", en: "Lawson" } },
  { code: "10002", key: "FAMILYMART", label: { ja: "ファミリーマート", en: "FamilyMart" } },
  { code: "10005", key: "MINISTOP", label: { ja: "ミニストップ", en: "Ministop" } },
  { code: "10008", key: "SEICOMART", label: { ja: "セイコーマート", en: "Seicomart" } },
] as const satisfies readonly KeyedCodeEntry[];

export const TRANSACTION_STATES = [
  { code: "INVALID", label: { ja: "無効", en: "Invalid" } },
  { code: "AUTH", label: { ja: "決済承認済み", en: "Payment authorized" } },
  { code: "START", label: { ja: "発送待ち", en: "Awaiting shipment" } },
  { code: "PENDING", label: { ja: "事務局確認中", en: "Under review by the office" } },
  { code: "CANCELING", label: { ja: "キャンセル手続き中", en: "Canceling" } },
  { code: "CANCELED", label: { ja: "キャンセル済み", en: "Canceled" } },
  { code: "SHIPPING", label: { ja: "受取評価待ち", en: "Awaiting the buyer's receipt rating" } },
  { code: "REVIEWED_BY_BUYER", label: { ja: "出品者の評価待ち", en: "Awaiting the seller's rating" } },
  { code: "COMPLETED", label: { ja: "取引完了", en: "Completed" } },
] as const satisfies CodeTable;
export type TransactionState = CodeOf<typeof TRANSACTION_STATES>;

// ---------------------------------------------------------------------------------------------------------
// Buyback

export const BUYBACK_SELLER_STATES = [
  { code: "10", key: "START", label: { ja: "発送待ち", en: "Awaiting shipment" } },
  { code: "20", key: "SHIPPING", label: { ja: "配送中", en: "Shipping" } },
  { code: "30", key: "EVALUATING", label: { ja: "査定中", en: "Under assessment" } },
  { code: "40", key: "OFFERED", label: { ja: "査定完了", en: "Assessment complete" } },
  { code: "50", key: "COMPLETED", label: { ja: "買取成立", en: "Buyback agreed" } },
  { code: "60", key: "CANCELED", label: { ja: "キャンセル", en: "Canceled" } },
] as const satisfies readonly KeyedCodeEntry[];
export const BUYBACK_SELLER_STATE = codeMap(BUYBACK_SELLER_STATES);

export const BUYBACK_BUYER_STATES = [
  { code: "10", key: "START", label: { ja: "取引開始", en: "Started" } },
  { code: "20", key: "SHIPPED", label: { ja: "発送済み", en: "Shipped" } },
] as const satisfies readonly KeyedCodeEntry[];

export const DELIVERY_SHIPMENT_STATUSES = [
  { code: "undispatched", label: { ja: "未発送", en: "Not shipped" } },
  { code: "sent", label: { ja: "発送済み", en: "Shipped" } },
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

export const TRANSFER_FEES = {
  cvs: 300,
  bank: 250,
  wallet: 0,
} as const satisfies Record<string, Yen>;

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
