import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { describeCodeTables } from "#tests/helpers/code-tables.ts";
import { codeMap, codesOf, entryOf, isCodeOf, labelOf, PREFECTURES, type PrefectureCode } from "./codes.ts";
import {
  COURIER_INVOICE_KIND,
  COURIER_INVOICE_KINDS,
  COURIER_PICKUP_CLOSING_HOUR,
  COURIER_SHIPPING_TYPE,
  COURIER_SHIPPING_TYPES,
  PARCEL_SIZES,
  PICKUP_TIME_SLOTS,
  type PickupTimeSlot,
  SHUKA_FLAG,
} from "./courier.ts";
import { renderMessage } from "./i18n/translate.ts";

describeCodeTables([
  ["prefectures", PREFECTURES, Array.from({ length: 47 }, (_, index) => String(index + 1).padStart(2, "0"))],
  ["courier invoice kinds", COURIER_INVOICE_KINDS, ["13", "12", "01"]],
  ["courier shipping types", COURIER_SHIPPING_TYPES, ["00", "01", "02", "03"]],
  ["pickup time slots", PICKUP_TIME_SLOTS, ["06", "07", "08", "09", "10"]],
]);

describe("labels", () => {
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
});

describe("helpers", () => {
  it("codesOf feeds z.enum", () => {
    const ZPrefecture = z.enum(codesOf(PREFECTURES));
    expect(ZPrefecture.parse("05")).toBe("05");
    expect(ZPrefecture.safeParse("5").success).toBe(false);
    expectTypeOf<z.output<typeof ZPrefecture>>().toEqualTypeOf<PrefectureCode>();
  });

  it("isCodeOf narrows untrusted values", () => {
    expect(isCodeOf(PICKUP_TIME_SLOTS, "07")).toBe(true);
    expect(isCodeOf(PICKUP_TIME_SLOTS, "7")).toBe(false);
    expect(isCodeOf(PREFECTURES, 5)).toBe(false);
    expect(isCodeOf(PREFECTURES, undefined)).toBe(false);
    const value: unknown = "08";
    if (isCodeOf(PICKUP_TIME_SLOTS, value)) expectTypeOf(value).toEqualTypeOf<PickupTimeSlot>();
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
    expect(COURIER_SHIPPING_TYPE.LOCKER).toBe("03");
    expect(codeMap(PICKUP_TIME_SLOTS).MORNING).toBe("07");
    expectTypeOf(SHUKA_FLAG.PICKUP).toEqualTypeOf<"1">();
    expect(Object.isFrozen(codeMap(PICKUP_TIME_SLOTS))).toBe(true);
  });

  it("derives union types from the tables", () => {
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
    expect(COURIER_PICKUP_CLOSING_HOUR).toBe(17);
    expect(PARCEL_SIZES).toEqual([60, 80, 100, 120, 140, 160]);
  });
});
