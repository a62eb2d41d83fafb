import { describe, expect, it } from "vitest";
import { MESSAGES } from "#core/shared/i18n/catalogue.ts";
import { formatPoints, formatYen } from "./index.ts";

describe("money in words", () => {
  it("writes yen with one sign in both languages, and points as P", () => {
    expect(formatYen(440, "ja")).toBe("¥440");
    expect(formatYen(12_800, "en")).toBe("¥12,800");
    expect(formatYen(0, "ja")).toBe("¥0");
    expect(formatPoints(1_200, "ja")).toBe("1,200P");
    expect(formatPoints(0, "en")).toBe("0P");
  });

  it("calls 着払い shipping paid by the buyer in English, never cash on delivery", () => {
    expect(JSON.stringify(MESSAGES.en)).not.toMatch(/cash on delivery/i);
    expect(MESSAGES.en.codes.postage.ARRIVAL).toBe("Shipping paid by the buyer");
  });
});
