import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addBankingDays, isBankingDay, nextBankingDay, previousBankingDay } from "./banking-days.ts";

describe("isBankingDay", () => {
  it.each([
    ["2026-11-20", true, "a Friday"],
    ["2026-11-21", false, "a Saturday"],
    ["2026-11-22", false, "a Sunday"],
    ["2026-11-23", false, "勤労感謝の日, a Monday"],
    ["2026-11-24", true, "the Tuesday after"],
    ["2026-05-06", false, "こどもの日 振替休日"],
    ["2026-09-22", false, "国民の休日 between 敬老の日 and 秋分の日"],
    ["2026-12-30", true, "the last banking day of 2026"],
    ["2026-12-31", false, "a bank holiday, a Thursday"],
    ["2027-01-01", false, "元日"],
    ["2027-01-04", true, "the first banking day of 2027, a Monday"],
    ["2031-01-02", false, "a bank holiday, a Thursday"],
    ["2031-01-03", false, "a bank holiday, a Friday"],
  ])("%s → %s (%s)", (ymd, open) => {
    expect(isBankingDay(ymd)).toBe(open);
  });

  it("throws on a malformed date or one the holiday list does not cover", () => {
    for (const bad of ["2026-02-30", "2026/11/23", "20261123", ""]) {
      expect(() => isBankingDay(bad)).toThrow(RangeError);
    }
    expect(() => isBankingDay("1969-12-01")).toThrow(/holiday calendar covers/);
    expect(() => isBankingDay("2099-12-01")).toThrow(/holiday calendar covers/);
  });
});

describe("nextBankingDay / previousBankingDay", () => {
  it("answers the day itself when banks are open", () => {
    expect(nextBankingDay("2026-11-24")).toBe("2026-11-24");
    expect(previousBankingDay("2026-11-24")).toBe("2026-11-24");
  });

  it("skips weekends, holidays and the year end", () => {
    expect(nextBankingDay("2026-11-21")).toBe("2026-11-24");
    expect(nextBankingDay("2026-11-23")).toBe("2026-11-24");
    expect(nextBankingDay("2026-09-19")).toBe("2026-09-24");
    expect(nextBankingDay("2026-12-31")).toBe("2027-01-04");
    expect(previousBankingDay("2027-01-03")).toBe("2026-12-30");
    expect(previousBankingDay("2026-11-23")).toBe("2026-11-20");
  });
});

describe("addBankingDays", () => {
  it("counts banking days only", () => {
    expect(addBankingDays("2026-11-20", 1)).toBe("2026-11-24");
    expect(addBankingDays("2026-11-20", 2)).toBe("2026-11-25");
    expect(addBankingDays("2026-12-30", 1)).toBe("2027-01-04");
    expect(addBankingDays("2026-12-28", 3)).toBe("2027-01-04");
    expect(addBankingDays("2026-11-18", 10)).toBe("2026-12-03");
  });

  it("counts from the banking day a closed day rolls to", () => {
    expect(addBankingDays("2026-11-21", 0)).toBe("2026-11-24");
    expect(addBankingDays("2026-11-21", 1)).toBe("2026-11-25");
    expect(addBankingDays("2026-12-31", 0)).toBe("2027-01-04");
    expect(addBankingDays("2026-12-31", 1)).toBe("2027-01-05");
  });

  it("goes back for a negative count", () => {
    expect(addBankingDays("2027-01-04", -1)).toBe("2026-12-30");
    expect(addBankingDays("2026-11-24", -1)).toBe("2026-11-20");
    expect(addBankingDays("2026-11-23", -1)).toBe("2026-11-19");
    expect(addBankingDays("2026-11-25", -2)).toBe("2026-11-20");
  });

  it("rejects a fractional count", () => {
    expect(() => addBankingDays("2026-11-20", 1.5)).toThrow(RangeError);
  });
});

describe("loading", () => {
  it("reads the holiday list on first use, not when the module is imported", () => {
    const module = fileURLToPath(new URL("./banking-days.ts", import.meta.url));
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes("holiday_jp"));
      const days = await import(${JSON.stringify(module)});
      const before = loaded();
      const open = days.isBankingDay("2026-11-23");
      console.log(JSON.stringify({ before, after: loaded(), open }));
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual({ before: false, after: true, open: false });
  });
});
