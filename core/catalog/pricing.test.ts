import { describe, expect, it } from "vitest";
import { saleBreakdown } from "./pricing.ts";

describe("sale breakdown", () => {
  it.each([
    [50, 2, 48],
    [300, 15, 285],
    [999, 49, 950],
    [1000, 50, 950],
    [18000, 900, 17100],
    [9_999_999, 499_999, 9_500_000],
  ])("¥%i: fee ¥%i, proceeds ¥%i", (price, fee, proceeds) => {
    expect(saleBreakdown(price)).toEqual({ price, fee, proceeds });
  });
});
