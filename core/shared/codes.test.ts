import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  BANK_ACCOUNT_TYPE,
  BANK_ACCOUNT_TYPES,
  BRAND,
  BRANDS,
  BUYBACK_BUYER_STATES,
  BUYBACK_SELLER_STATE,
  BUYBACK_SELLER_STATES,
  CATEGORIES,
  CATEGORY,
  type CategoryCode,
  CONVENIENCE_STORES,
  COURIER_FEES,
  COURIER_INVOICE_KIND,
  COURIER_INVOICE_KINDS,
  COURIER_MAINTENANCE_WINDOW,
  COURIER_PICKUP_CLOSING_HOUR,
  COURIER_SHIPPING_TYPES,
  type CodeTable,
  codeMap,
  codesOf,
  DELIVERY_SHIPMENT_STATUSES,
  entryOf,
  HANDLING_NOTES,
  IDENTITY_PROVIDER,
  ITEM_CONDITIONS,
  ITEM_ROLES,
  ITEM_STATES,
  type ItemState,
  isCodeOf,
  LOADING_BAR,
  LOCALE_COOKIE_DAYS,
  LOCALE_COOKIE_NAME,
  labelOf,
  MAX_PRICE,
  MIN_PRICE,
  MIN_PRICE_WITH_COURIER,
  MODAL,
  PACKAGINGS,
  PARCEL_SIZES,
  PICKUP_TIME_SLOTS,
  type PickupTimeSlot,
  POSTAGES,
  PREFECTURES,
  PRICE_RESTRICTION_THRESHOLD,
  QR_TYPES,
  SALES_FEE_RATE_PERCENT,
  SHIPPING_LEAD_TIMES,
  SHIPPING_METHOD_TYPES,
  SHIPPING_METHODS,
  SHUKA_FLAG,
  SHUKA_FLAGS,
  TRANSACTION_STATES,
} from "./codes.ts";
import { renderMessage } from "./i18n/translate.ts";

/** Every table with the codes the spec lists, in the spec's order. */
const SPEC_ORDER: [string, CodeTable, string[]][] = [
  // HIDDEN is ours, after the spec's: a listing trust and safety has taken down.
  ["item states", ITEM_STATES, ["ASK", "SALE", "SOLD", "DISABLED", "DRAFT", "PRIVATE", "HIDDEN"]],
  ["item conditions", ITEM_CONDITIONS, ["DEFECTIVE", "UNUSABLE", "UNCONFIRMED", "USED"]],
  ["postages", POSTAGES, ["INCLUDED", "ARRIVAL"]],
  ["brands", BRANDS, Array.from({ length: 17 }, (_, index) => String(index + 1).padStart(5, "0"))],
  ["categories", CATEGORIES, ["05", "06", "07", "08", "11", "99"]],
  ["item roles", ITEM_ROLES, ["SELLER", "BUYER", "VISITOR"]],
  ["shipping methods", SHIPPING_METHODS, ["01", "10", "09", "02", "03", "04", "05", "06", "07", "08"]],
  ["shipping lead times", SHIPPING_LEAD_TIMES, ["01", "02", "03"]],
  ["shipping method types", SHIPPING_METHOD_TYPES, ["10", "11"]],
  ["courier invoice kinds", COURIER_INVOICE_KINDS, ["13", "12", "01"]],
  ["courier shipping types", COURIER_SHIPPING_TYPES, ["00", "01", "02", "03"]],
  ["packagings", PACKAGINGS, ["", "01", "02"]],
  ["handling notes", HANDLING_NOTES, ["01", "02", "03", "04", "05"]],
  ["QR types", QR_TYPES, ["00", "01"]],
  ["shuka flags", SHUKA_FLAGS, ["0", "1"]],
  ["pickup time slots", PICKUP_TIME_SLOTS, ["06", "07", "08", "09", "10"]],
  ["prefectures", PREFECTURES, Array.from({ length: 47 }, (_, index) => String(index + 1).padStart(2, "0"))],
  ["bank account types", BANK_ACCOUNT_TYPES, ["1", "2"]],
  ["convenience stores", CONVENIENCE_STORES, ["10001", "10002", "10005", "10008"]],
  [
    "transaction states",
    TRANSACTION_STATES,
    [
      "INVALID",
      "AUTH",
      "START",
      "PENDING",
      "CANCELING",
      "CANCELED",
      "SHIPPING",
      "REVIEWED_BY_BUYER",
      "COMPLETED",
    ],
  ],
  ["buyback seller states", BUYBACK_SELLER_STATES, ["10", "20", "30", "40", "50", "60"]],
  ["buyback buyer states", BUYBACK_BUYER_STATES, ["10", "20"]],
  ["delivery shipment statuses", DELIVERY_SHIPMENT_STATUSES, ["undispatched", "sent"]],
];

describe.each(SPEC_ORDER)("%s", (_, table, expected) => {
  it("lists the spec's codes in the spec's order", () => {
    expect(codesOf(table)).toEqual(expected);
  });

  it("has unique codes", () => {
    expect(new Set(codesOf(table)).size).toBe(table.length);
  });

  it("labels every code in Japanese and English", () => {
    for (const { label } of table) {
      const ja = renderMessage(label, "ja");
      const en = renderMessage(label, "en");
      expect(ja.trim()).not.toBe("");
      expect(en.trim()).not.toBe("");
      expect(en).toBe(en.trim());
      expect(ja).toBe(ja.trim());
    }
  });

  it("has unique labels per language", () => {
    expect(new Set(table.map(({ label }) => renderMessage(label, "ja"))).size).toBe(table.length);
    expect(new Set(table.map(({ label }) => renderMessage(label, "en"))).size).toBe(table.length);
  });
});

describe("labels", () => {
  it("uses the marketplace wording for states and conditions", () => {
    expect(labelOf(ITEM_STATES, "SALE", "ja")).toBe("販売中");
    expect(labelOf(ITEM_STATES, "SALE", "en")).toBe("On sale");
    expect(labelOf(ITEM_STATES, "SOLD", "ja")).toBe("売り切れ");
    expect(labelOf(ITEM_STATES, "SOLD", "en")).toBe("Sold out");
    expect(labelOf(ITEM_CONDITIONS, "DEFECTIVE", "ja")).toBe("故障あり");
    expect(labelOf(ITEM_CONDITIONS, "UNCONFIRMED", "en")).toBe("Not tested");
    expect(labelOf(CATEGORIES, "05", "ja")).toBe("スマートフォン");
    expect(labelOf(COURIER_INVOICE_KINDS, "13", "ja")).toBe("ネコポス");
  });

  it("names the prefectures in both languages", () => {
    expect(labelOf(PREFECTURES, "01", "ja")).toBe("北海道");
    expect(labelOf(PREFECTURES, "13", "ja")).toBe("東京都");
    expect(labelOf(PREFECTURES, "13", "en")).toBe("Tokyo");
    expect(labelOf(PREFECTURES, "26", "ja")).toBe("京都府");
    expect(labelOf(PREFECTURES, "27", "en")).toBe("Osaka");
    expect(labelOf(PREFECTURES, "47", "ja")).toBe("沖縄県");
    expect(labelOf(PREFECTURES, "47", "en")).toBe("Okinawa");
    for (const { label } of PREFECTURES) {
      expect(renderMessage(label, "ja")).toMatch(/^.+[都道府県]$/);
      expect(renderMessage(label, "en")).toMatch(/^[A-Z][a-z]+$/);
    }
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
  });
});

describe("helpers", () => {
  it("codesOf feeds z.enum", () => {
    const ZCategory = z.enum(codesOf(CATEGORIES));
    expect(ZCategory.parse("05")).toBe("05");
    expect(ZCategory.safeParse("5").success).toBe(false);
    expectTypeOf<z.output<typeof ZCategory>>().toEqualTypeOf<CategoryCode>();
  });

  it("isCodeOf narrows untrusted values", () => {
    expect(isCodeOf(ITEM_STATES, "SALE")).toBe(true);
    expect(isCodeOf(ITEM_STATES, "sale")).toBe(false);
    expect(isCodeOf(CATEGORIES, 5)).toBe(false);
    expect(isCodeOf(CATEGORIES, undefined)).toBe(false);
    const value: unknown = "PRIVATE";
    if (isCodeOf(ITEM_STATES, value)) expectTypeOf(value).toEqualTypeOf<ItemState>();
  });

  it("entryOf returns the typed entry and refuses a code that bypassed the types", () => {
    const morning = entryOf(PICKUP_TIME_SLOTS, "07");
    expect(morning.closingHour).toBe(10);
    expectTypeOf(morning.closingHour).toEqualTypeOf<10>();
    expect(() => entryOf(PICKUP_TIME_SLOTS, "11" as PickupTimeSlot)).toThrow(RangeError);
  });

  it("codeMap names the opaque codes", () => {
    expect(SHUKA_FLAG).toEqual({ BRING_IN: "0", PICKUP: "1" });
    expect(COURIER_INVOICE_KIND).toEqual({ NEKOPOSU: "13", COMPACT: "12", PARCEL: "01" });
    expect(CATEGORY.SMARTPHONE).toBe("05");
    expect(BRAND.ONEPLUS).toBe("00017");
    expect(BANK_ACCOUNT_TYPE.CURRENT).toBe("2");
    expect(BUYBACK_SELLER_STATE.CANCELED).toBe("60");
    expectTypeOf(SHUKA_FLAG.PICKUP).toEqualTypeOf<"1">();
    expect(Object.isFrozen(codeMap(QR_TYPES))).toBe(true);
  });

  it("derives union types from the tables", () => {
    expectTypeOf<ItemState>().toEqualTypeOf<
      "ASK" | "SALE" | "SOLD" | "DISABLED" | "DRAFT" | "PRIVATE" | "HIDDEN"
    >();
    expectTypeOf<PickupTimeSlot>().toEqualTypeOf<"06" | "07" | "08" | "09" | "10">();
  });
});

describe("pickup time slots", () => {
  it("close at the spec's hours", () => {
    expect(Object.fromEntries(PICKUP_TIME_SLOTS.map((slot) => [slot.code, slot.closingHour]))).toEqual({
      "06": 17,
      "07": 10,
      "08": 14,
      "09": 16,
      "10": 17,
    });
  });

  it("never close after the courier's pickup closing hour", () => {
    for (const slot of PICKUP_TIME_SLOTS)
      expect(slot.closingHour).toBeLessThanOrEqual(COURIER_PICKUP_CLOSING_HOUR);
  });
});

describe("business constants", () => {
  it("match §9", () => {
    expect(SALES_FEE_RATE_PERCENT).toBe(5);
    expect(MIN_PRICE).toBe(50);
    expect(MIN_PRICE_WITH_COURIER).toBe(1000);
    expect(MAX_PRICE).toBe(9_999_999);
    expect(PRICE_RESTRICTION_THRESHOLD).toBe(49_999);
    expect(COURIER_PICKUP_CLOSING_HOUR).toBe(17);
    expect(COURIER_MAINTENANCE_WINDOW).toEqual({ day: 1, startHour: 3, endHour: 5 });
    expect(COURIER_FEES).toEqual({
      nekoposu: 150,
      compact: 350,
      parcel: { 60: 700, 80: 800, 100: 1000, 120: 1100, 140: 1300, 160: 1600 },
    });
    expect(PARCEL_SIZES).toEqual([60, 80, 100, 120, 140, 160]);
    expect(LOCALE_COOKIE_NAME).toBe("i18n_locale");
    expect(LOCALE_COOKIE_DAYS).toBe(365);
    expect(LOADING_BAR).toEqual({
      throttleMs: 200,
      durationMs: 2000,
      hideDelayMs: 500,
      resetDelayMs: 400,
      heightPx: 3,
    });
    expect(MODAL.baseZIndex).toBe(1000);
    expect(IDENTITY_PROVIDER.eventDeduplicationMs).toBe(600_000);
  });

  it("keeps money in whole yen", () => {
    const amounts = [
      MIN_PRICE,
      MIN_PRICE_WITH_COURIER,
      MAX_PRICE,
      PRICE_RESTRICTION_THRESHOLD,
      COURIER_FEES.nekoposu,
      COURIER_FEES.compact,
      ...Object.values(COURIER_FEES.parcel),
    ];
    for (const amount of amounts) expect(Number.isSafeInteger(amount)).toBe(true);
  });

  it("prices the parcel sizes in increasing order", () => {
    const fees = PARCEL_SIZES.map((size) => COURIER_FEES.parcel[size]);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
  });
});
