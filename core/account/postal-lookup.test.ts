import { describe, expect, it } from "vitest";
import { said } from "#tests/helpers/core.ts";
import { isAppError } from "../shared/errors.ts";
import { findAddressesByPostalCode, lookupPostalCode, normalizePostalCode } from "./postal-lookup.ts";

describe("postal code lookup (Japan Post data, offline)", () => {
  it("finds prefecture, city and town for a code", () => {
    expect(lookupPostalCode("1000001")).toEqual([{ prefectureCode: "13", city: "千代田区", town: "千代田" }]);
    expect(lookupPostalCode("0600000")).toEqual([{ prefectureCode: "01", city: "札幌市中央区", town: "" }]);
  });

  it("reads codes the way people type them", () => {
    for (const typed of ["100-0001", "１００－０００１", "〒100-0001", " 1000001 "]) {
      expect(normalizePostalCode(typed), typed).toBe("1000001");
      expect(lookupPostalCode(typed)[0]?.city, typed).toBe("千代田区");
    }
    expect(normalizePostalCode("100001")).toBeNull();
    expect(normalizePostalCode("abcdefg")).toBeNull();
  });

  it("lists every town of a code that covers several", () => {
    const towns = lookupPostalCode("4520961");
    expect(towns.length).toBeGreaterThan(10);
    expect(new Set(towns.map((t) => t.city))).toEqual(new Set(["清須市"]));
    expect(towns.map((t) => t.town)).toContain("春日夢の森");
  });

  it("answers unknown and malformed codes with nothing", () => {
    expect(lookupPostalCode("9999999")).toEqual([]);
    expect(lookupPostalCode("12345")).toEqual([]);
  });

  it("explains in both languages why a code gives no address", () => {
    const unknown = (() => {
      try {
        findAddressesByPostalCode({ postalCode: "999-9999" });
      } catch (error) {
        return error;
      }
    })();
    expect(isAppError(unknown) && unknown.code).toBe("NOT_FOUND");
    expect(isAppError(unknown) && said(unknown).fields.postalCode).toEqual({
      ja: "この郵便番号に該当する住所が見つかりませんでした",
      en: "No address was found for this postal code",
    });
    const malformed = (() => {
      try {
        findAddressesByPostalCode({ postalCode: "12-34" });
      } catch (error) {
        return error;
      }
    })();
    expect(isAppError(malformed) && malformed.code).toBe("VALIDATION");
    expect(isAppError(malformed) && said(malformed).fields.postalCode?.ja).toBe(
      "7桁の数字で入力してください",
    );
    expect(findAddressesByPostalCode({ postalCode: "１００－０００１" }).postalCode).toBe("1000001");
  });
});
