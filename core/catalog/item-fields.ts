import { z } from "zod";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { imei, maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import {
  BRANDS,
  CATEGORIES,
  COURIER_SHIPPING_METHODS,
  ITEM_CONDITIONS,
  MAX_PRICE,
  MIN_PRICE,
  MIN_PRICE_WITH_COURIER,
  POSTAGES,
  SHIPPING_LEAD_TIMES,
  SHIPPING_METHODS,
} from "./codes.ts";
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

/** The listing's field labels, for validation messages. */
export const ITEM_LABELS: Record<string, Message> = {
  title: msg("listing.fields.title"),
  description: msg("listing.fields.description"),
  price: msg("listing.fields.price"),
  categoryCode: msg("listing.fields.categoryCode"),
  brandCode: msg("listing.fields.brandCode"),
  modelId: msg("listing.fields.modelId"),
  condition: msg("listing.fields.condition"),
  postage: msg("listing.fields.postage"),
  shippingMethod: msg("listing.fields.shippingMethod"),
  leadTime: msg("listing.fields.leadTime"),
  storageGb: msg("listing.fields.storageGb"),
  color: msg("listing.fields.color"),
  carrier: msg("listing.fields.carrier"),
  imei: msg("listing.fields.imei"),
  networkRestriction: msg("listing.fields.networkRestriction"),
  activationLock: msg("listing.fields.activationLock"),
  batteryHealth: msg("listing.fields.batteryHealth"),
  defects: msg("listing.fields.defects"),
  photos: msg("listing.fields.photos"),
};

export const PRICE_MESSAGES = {
  courierMinimum: msg("listing.price.courierMinimum", { min: MIN_PRICE_WITH_COURIER }),
  identityRequired: msg("listing.price.identityRequired"),
} satisfies Record<string, Message>;

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
      // The price is typed; every other field a listing needs is chosen from a list.
      const key = field === "price" ? "required" : "select";
      payload.issues.push({
        code: "custom",
        message: key,
        params: { key },
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
      params: { message: PRICE_MESSAGES.courierMinimum },
      path: ["price"],
      input: v.price,
      continue: true,
    });
  }
});
