import { describe, expect, expectTypeOf, it } from "vitest";
import { ITEM_STATE_CODES } from "#db/schema/codes.ts";
import { describeCodeTables } from "#tests/helpers/code-tables.ts";
import { codeMap, labelOf } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";
import {
  BRANDS,
  CATEGORIES,
  ITEM_CONDITIONS,
  MAX_PRICE,
  MIN_PRICE,
  MIN_PRICE_WITH_COURIER,
  POSTAGES,
  PRICE_RESTRICTION_THRESHOLD,
  SALES_FEE_RATE_PERCENT,
  SHIPPING_LEAD_TIMES,
  SHIPPING_METHODS,
} from "./codes.ts";
import type { ItemState } from "./item-states.ts";

/** The listing's states are the schema's list; the pages label them with `codes.itemState`. */
const ITEM_STATES = ITEM_STATE_CODES.map((code) => ({ code, label: msg(`codes.itemState.${code}`) }));

describeCodeTables([
  // HIDDEN is ours, after the spec's: a listing trust and safety has taken down.
  ["item states", ITEM_STATES, ["ASK", "SALE", "SOLD", "DISABLED", "DRAFT", "PRIVATE", "HIDDEN"]],
  ["item conditions", ITEM_CONDITIONS, ["DEFECTIVE", "UNUSABLE", "UNCONFIRMED", "USED"]],
  ["postages", POSTAGES, ["INCLUDED", "ARRIVAL"]],
  ["brands", BRANDS, Array.from({ length: 17 }, (_, index) => String(index + 1).padStart(5, "0"))],
  ["categories", CATEGORIES, ["05", "06", "07", "08", "11", "99"]],
  ["shipping methods", SHIPPING_METHODS, ["01", "10", "09", "02", "03", "04", "05", "06", "07", "08"]],
  ["shipping lead times", SHIPPING_LEAD_TIMES, ["01", "02", "03"]],
]);

describe("labels", () => {
  it("uses the marketplace wording for states and conditions", () => {
    expect(labelOf(ITEM_STATES, "SALE", "ja")).toBe("販売中");
    expect(labelOf(ITEM_STATES, "SALE", "en")).toBe("On sale");
    expect(labelOf(ITEM_STATES, "SOLD", "ja")).toBe("売り切れ");
    expect(labelOf(ITEM_STATES, "SOLD", "en")).toBe("Sold out");
    expect(labelOf(ITEM_CONDITIONS, "DEFECTIVE", "ja")).toBe("故障あり");
    expect(labelOf(ITEM_CONDITIONS, "UNCONFIRMED", "en")).toBe("Not tested");
    expect(labelOf(CATEGORIES, "05", "ja")).toBe("スマートフォン");
  });

  it("keeps the brands' names in the spec's order", () => {
    expect(BRANDS.map((brand) => brand.name)).toEqual([
      "Apple",
      "Sony",
      "Sharp",
      "Samsung",
      "Google",
      "Fujitsu",
      "Kyocera",
      "Huawei",
      "Xiaomi",
      "LG",
      "Oppo",
      "Asus",
      "ZTE",
      "HTC",
      "Motorola",
      "Vivo",
      "OnePlus",
    ]);
    expect(codeMap(BRANDS).ONEPLUS).toBe("00017");
    expect(codeMap(CATEGORIES).SMARTPHONE).toBe("05");
  });

  it("types a listing's state as the schema's list", () => {
    expectTypeOf<ItemState>().toEqualTypeOf<
      "ASK" | "SALE" | "SOLD" | "DISABLED" | "DRAFT" | "PRIVATE" | "HIDDEN"
    >();
  });
});

describe("prices", () => {
  it("match §9", () => {
    expect(SALES_FEE_RATE_PERCENT).toBe(5);
    expect(MIN_PRICE).toBe(50);
    expect(MIN_PRICE_WITH_COURIER).toBe(1000);
    expect(MAX_PRICE).toBe(9_999_999);
    expect(PRICE_RESTRICTION_THRESHOLD).toBe(49_999);
  });

  it("are whole yen", () => {
    for (const amount of [MIN_PRICE, MIN_PRICE_WITH_COURIER, MAX_PRICE, PRICE_RESTRICTION_THRESHOLD])
      expect(Number.isSafeInteger(amount)).toBe(true);
  });
});
