import { describe, expect, it } from "vitest";
import { PAYOUT_FEES } from "./fees.ts";

describe("payout fees", () => {
  it("are the §9 fees: bank ¥250, Seven Bank ATM ¥300, Kyash ¥0", () => {
    expect(PAYOUT_FEES).toEqual({ bank: 250, seven: 300, kyash: 0 });
  });

  it("are whole yen", () => {
    for (const fee of Object.values(PAYOUT_FEES)) expect(Number.isSafeInteger(fee)).toBe(true);
  });
});
