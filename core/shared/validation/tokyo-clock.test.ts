import { afterEach, describe, expect, it } from "vitest";
import { isCalendarDate, tokyoNow } from "./tokyo-clock.ts";

describe("tokyoNow", () => {
  it("gives Tokyo's date and hour, not UTC's, around midnight", () => {
    // 15:00 UTC is midnight in Tokyo (UTC+9): the date has already moved on there.
    expect(tokyoNow(new Date("2025-06-30T14:59:59Z"))).toEqual({ date: "2025-06-30", hour: 23 });
    expect(tokyoNow(new Date("2025-06-30T15:00:00Z"))).toEqual({ date: "2025-07-01", hour: 0 });
    // Midnight UTC is already 09:00 in Tokyo.
    expect(tokyoNow(new Date("2025-07-01T00:00:00Z"))).toEqual({ date: "2025-07-01", hour: 9 });
    expect(tokyoNow(new Date("2025-12-31T15:30:00Z"))).toEqual({ date: "2026-01-01", hour: 0 });
  });

  it("accepts a Date, a function returning one, or the core's Clock", () => {
    const instant = new Date("2025-07-01T08:00:00Z");
    const expected = { date: "2025-07-01", hour: 17 };
    expect(tokyoNow(instant)).toEqual(expected);
    expect(tokyoNow(() => instant)).toEqual(expected);
    expect(tokyoNow({ now: () => instant })).toEqual(expected);
  });

  describe("whatever timezone the process runs in", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Asia/Tokyo"])("TZ=%s", (zone) => {
      process.env.TZ = zone;
      expect(tokyoNow(new Date("2025-06-30T15:00:00Z"))).toEqual({ date: "2025-07-01", hour: 0 });
      expect(tokyoNow(new Date("2025-07-01T14:59:00Z"))).toEqual({ date: "2025-07-01", hour: 23 });
    });
  });
});

describe("isCalendarDate", () => {
  it.each(["2025-07-01", "2024-02-29", "2025-12-31"])("accepts %s", (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    "2025-02-29",
    "2025-13-01",
    "2025-04-31",
    "2025-00-10",
    "2025-7-1",
    "2025/07/01",
    "20250701",
    "2025-07-01T00:00",
    "",
  ])("rejects %j", (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});
