// The listing's codes (spec §3) and prices (§9), in the spec's order (see `core/shared/codes.ts`).
import { type CodeOf, type CodeTable, codeMap, type KeyedCodeEntry, type Yen } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";

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

export const CATEGORIES = [
  { code: "05", key: "SMARTPHONE", label: msg("codes.category.05") },
  { code: "06", key: "PC_TABLET", label: msg("codes.category.06") },
  { code: "07", key: "CAMERA", label: msg("codes.category.07") },
  { code: "08", key: "GAME_CONSOLE", label: msg("codes.category.08") },
  { code: "11", key: "PARTS", label: msg("codes.category.11") },
  { code: "99", key: "OTHER", label: msg("codes.category.99") },
] as const satisfies readonly KeyedCodeEntry[];
export type CategoryCode = CodeOf<typeof CATEGORIES>;

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

/** Shipping methods handled through Tsugu's own courier service, which carry a higher minimum price. */
export const COURIER_SHIPPING_METHODS: readonly string[] = [
  SHIPPING_METHOD.EASY_DELIVERY,
  SHIPPING_METHOD.TSUGU_DELIVERY,
];

export const SHIPPING_LEAD_TIMES = [
  { code: "01", key: "DAYS_1_2", label: msg("codes.shippingLeadTime.01") },
  { code: "02", key: "DAYS_2_3", label: msg("codes.shippingLeadTime.02") },
  { code: "03", key: "DAYS_4_7", label: msg("codes.shippingLeadTime.03") },
] as const satisfies readonly KeyedCodeEntry[];

// §9 prices

export const SALES_FEE_RATE_PERCENT = 5;
export const MIN_PRICE: Yen = 50;
export const MIN_PRICE_WITH_COURIER: Yen = 1000;
export const MAX_PRICE: Yen = 9_999_999;
export const PRICE_RESTRICTION_THRESHOLD: Yen = 49_999;
