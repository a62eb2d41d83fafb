import { z } from "zod";
import {
  BRANDS,
  CATEGORIES,
  ITEM_CONDITIONS,
  MAX_PRICE,
  MIN_PRICE,
  MIN_PRICE_WITH_COURIER,
  POSTAGES,
  SHIPPING_LEAD_TIMES,
  SHIPPING_METHOD,
  SHIPPING_METHODS,
} from "../shared/codes.ts";
import type { Localized } from "../shared/locale.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { imei, maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import {
  ACTIVATION_LOCKS,
  CARRIERS,
  COLORS,
  DEFECTS,
  type Defect,
  NETWORK_RESTRICTIONS,
  STORAGE_SIZES,
} from "./device-facts.ts";

import { DESCRIPTION_MAX, TITLE_MAX } from "./limits.ts";

/** Shipping methods handled through Tsugu's own courier service, which carry a higher minimum price. */
const COURIER_SHIPPING_METHODS: readonly string[] = [
  SHIPPING_METHOD.EASY_DELIVERY,
  SHIPPING_METHOD.TSUGU_DELIVERY,
];

export const ITEM_LABELS: Record<string, Localized> = {
  title: { ja: "商品名", en: "Title" },
  description: { ja: "商品の説明", en: "Description" },
  price: { ja: "販売価格", en: "Price" },
  categoryCode: { ja: "カテゴリー", en: "Category" },
  brandCode: { ja: "ブランド", en: "Brand" },
  modelId: { ja: "機種", en: "Model" },
  condition: { ja: "商品の状態", en: "Condition" },
  postage: { ja: "配送料の負担", en: "Shipping cost" },
  shippingMethod: { ja: "配送の方法", en: "Shipping method" },
  leadTime: { ja: "発送までの日数", en: "Days to ship" },
  storageGb: { ja: "容量", en: "Storage" },
  color: { ja: "カラー", en: "Colour" },
  carrier: { ja: "キャリア", en: "Carrier" },
  imei: { ja: "IMEI", en: "IMEI" },
  networkRestriction: { ja: "ネットワーク利用制限", en: "Network restriction" },
  activationLock: { ja: "アクティベーションロック", en: "Activation lock" },
  batteryHealth: { ja: "バッテリー最大容量", en: "Battery health" },
  defects: { ja: "不具合", en: "Defects" },
  photos: { ja: "商品画像", en: "Photos" },
};

export const PRICE_MESSAGES = {
  courierMinimum: {
    ja: `Tsugu便で発送する場合は${MIN_PRICE_WITH_COURIER.toLocaleString("ja-JP")}円以上に設定してください`,
    en: `With Tsugu delivery the price must be at least ¥${MIN_PRICE_WITH_COURIER.toLocaleString("en-US")}`,
  },
  identityRequired: {
    ja: "50,000円以上で出品するには本人確認が必要です",
    en: "Identity verification is required to list at ¥50,000 or more",
  },
} satisfies Record<string, Localized>;

/** Empty strings from forms mean "not given". */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

function code<const T extends readonly { code: string }[]>(table: T) {
  const codes = table.map((e) => e.code) as [T[number]["code"], ...T[number]["code"][]];
  return z.preprocess(blankToUndefined, z.enum(codes).optional());
}

function integer(min: number, max: number) {
  return z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === "string" ? toHalfWidthDigits(b.trim()).replace(/[,，]/g, "") : b;
  }, z.coerce.number().int().min(min).max(max).optional());
}

const ZDefects = z.preprocess(
  (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(DEFECTS.map((d) => d.code) as [Defect, ...Defect[]])).max(DEFECTS.length),
);

/**
 * Every field of a listing. A draft needs only a title; the fields a buyer relies on are required
 * when the listing is published (see `ZPublishedItem`).
 */
export const ZItemDraft = z.object({
  title: text(required(), maxLength(TITLE_MAX), printSafeText()),
  description: text(maxLength(DESCRIPTION_MAX), printSafeText()),
  price: integer(MIN_PRICE, MAX_PRICE),
  categoryCode: code(CATEGORIES),
  brandCode: code(BRANDS),
  modelId: integer(1, Number.MAX_SAFE_INTEGER),
  condition: code(ITEM_CONDITIONS),
  postage: code(POSTAGES),
  shippingMethod: code(SHIPPING_METHODS),
  leadTime: code(SHIPPING_LEAD_TIMES),
  storageGb: z.preprocess(
    (v) => (typeof v === "string" && v !== "" ? Number(v) : blankToUndefined(v)),
    z
      .union(STORAGE_SIZES.map((s) => z.literal(s)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]])
      .optional(),
  ),
  color: code(COLORS),
  carrier: code(CARRIERS),
  imei: text(imei()).transform((v) => v || undefined),
  networkRestriction: code(NETWORK_RESTRICTIONS),
  activationLock: code(ACTIVATION_LOCKS),
  batteryHealth: integer(0, 100),
  defects: ZDefects.optional().transform((v) => v ?? []),
});
export type TItemInput = z.input<typeof ZItemDraft>;
export type TItemFields = z.output<typeof ZItemDraft>;

const LISTED_REQUIRED = [
  "price",
  "categoryCode",
  "condition",
  "postage",
  "shippingMethod",
  "leadTime",
] as const;

/** What a published listing must have, and the §9 price rule for courier shipping. */
export const ZPublishedItem = ZItemDraft.check((payload) => {
  const v = payload.value;
  for (const field of LISTED_REQUIRED) {
    if (v[field] === undefined) {
      payload.issues.push({
        code: "custom",
        message: "required",
        params: { key: "required" },
        path: [field],
        input: undefined,
        continue: true,
      });
    }
  }
  if (
    v.price !== undefined &&
    v.shippingMethod &&
    COURIER_SHIPPING_METHODS.includes(v.shippingMethod) &&
    v.price < MIN_PRICE_WITH_COURIER
  ) {
    payload.issues.push({
      code: "custom",
      message: "courierMinimum",
      params: { localized: PRICE_MESSAGES.courierMinimum },
      path: ["price"],
      input: v.price,
      continue: true,
    });
  }
});
