import { describe, expect, it } from "vitest";
import { CHARGE_STATUSES, readProviderStatus } from "./payment-status.ts";

describe("reading a provider's raw charge status", () => {
  it("reads every status a gateway produces", () => {
    expect(Object.fromEntries(CHARGE_STATUSES.map((s) => [s, readProviderStatus(s)]))).toEqual({
      requires_3ds: "awaiting_3ds",
      authorized: "authorized",
      captured: "paid",
      voided: "voided",
      refunded: "refunded",
      failed: "failed",
      expired: "expired",
    });
  });

  it("reads a payment that has no charge yet as none", () => {
    expect(readProviderStatus(null)).toBe("none");
    expect(readProviderStatus(undefined)).toBe("none");
  });

  it("reads a word no gateway of ours produces as unknown, never as a known status", () => {
    for (const raw of ["", "REQUIRES_3DS", "paid", "pending", "toString", "__proto__"]) {
      expect(readProviderStatus(raw)).toBe("unknown");
    }
  });
});
