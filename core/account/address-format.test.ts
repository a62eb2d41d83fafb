import { describe, expect, it } from "vitest";
import { formatAddress, formatPlace, formatPostalCode } from "./address-format.ts";

const ADDRESS = {
  postalCode: "1000001",
  prefectureCode: "13",
  city: "千代田区",
  street: "千代田1-1",
  building: "",
};

describe("formatPostalCode", () => {
  it.each([
    ["1000001", "〒100-0001"],
    ["100-0001", "〒100-0001"],
    ["〒1000001", "〒100-0001"],
  ])("writes %j as %j", (value, expected) => {
    expect(formatPostalCode(value)).toBe(expected);
  });
});

describe("formatAddress", () => {
  it("writes an address as Japanese addresses are written, prefecture first and in one run", () => {
    expect(formatAddress(ADDRESS)).toBe("〒100-0001 東京都千代田区千代田1-1");
  });

  it("puts the building after a space", () => {
    expect(formatAddress({ ...ADDRESS, building: "ツグハイツ101" })).toBe(
      "〒100-0001 東京都千代田区千代田1-1 ツグハイツ101",
    );
    expect(
      formatPlace({ ...ADDRESS, prefectureCode: "01", city: "札幌市中央区", street: "北1条西2丁目" }),
    ).toBe("北海道札幌市中央区北1条西2丁目");
  });

  it("writes the prefecture in Japanese whatever the page's language, as couriers read it", () => {
    expect(formatPlace({ ...ADDRESS, building: null })).toBe("東京都千代田区千代田1-1");
  });
});
