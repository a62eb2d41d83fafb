import { describe, expect, it } from "vitest";
import { shipByOf, tradeStepOf } from "./trade-steps.ts";

describe("where a sale is", () => {
  it("marks the step under way for each state, and the last as done once complete", () => {
    expect(tradeStepOf("AUTH")).toEqual({ current: "purchase", done: false });
    expect(tradeStepOf("START")).toEqual({ current: "shipping", done: false });
    expect(tradeStepOf("CANCELING")).toEqual({ current: "shipping", done: false });
    expect(tradeStepOf("SHIPPING")).toEqual({ current: "receipt", done: false });
    expect(tradeStepOf("REVIEWED_BY_BUYER")).toEqual({ current: "complete", done: false });
    expect(tradeStepOf("COMPLETED")).toEqual({ current: "complete", done: true });
  });

  it("keeps a sale on hold where the hold found it, and shows no step for a sale that ended without a trade", () => {
    expect(tradeStepOf("PENDING", "SHIPPING")).toEqual({ current: "receipt", done: false });
    expect(tradeStepOf("PENDING", null)).toBeNull();
    expect(tradeStepOf("CANCELED")).toBeNull();
    expect(tradeStepOf("INVALID")).toBeNull();
  });

  it("counts the promised shipping days from the purchase (the last day of each lead time)", () => {
    const bought = new Date("2026-11-22T05:00:00Z");
    expect(shipByOf("01", bought)).toEqual(new Date("2026-11-24T05:00:00Z"));
    expect(shipByOf("02", bought)).toEqual(new Date("2026-11-25T05:00:00Z"));
    expect(shipByOf("03", bought)).toEqual(new Date("2026-11-29T05:00:00Z"));
    expect(shipByOf(null, bought)).toBeNull();
    expect(shipByOf("99", bought)).toBeNull();
  });
});
