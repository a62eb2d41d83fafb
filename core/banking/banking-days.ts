import { createRequire } from "node:module";
import type { Holiday } from "@holiday-jp/holiday_jp/lib/types";
import { isCalendarDate } from "../shared/validation/tokyo-clock.ts";

// Japanese banks settle transfers on 営業日: not on Saturdays, Sundays, national holidays (振替休日
// and 国民の休日 included) or the bank holidays 12/31–1/3. All dates here are Tokyo calendar dates,
// `YYYY-MM-DD`; the caller turns an instant into one with `tokyoNow`.

type Calendar = { holidays: Record<string, Holiday>; firstYear: number; lastYear: number };

let calendar: Calendar | undefined;

// The holiday list (1970 onwards, ~230 kB) is read on first use, not when this module is imported.
function loadCalendar(): Calendar {
  if (!calendar) {
    const { holidays } = createRequire(import.meta.url)("@holiday-jp/holiday_jp") as {
      holidays: Record<string, Holiday>;
    };
    const years = Object.keys(holidays).map((date) => Number(date.slice(0, 4)));
    calendar = { holidays, firstYear: Math.min(...years), lastYear: Math.max(...years) };
  }
  return calendar;
}

const BANK_HOLIDAYS = new Set(["12-31", "01-01", "01-02", "01-03"]);

/**
 * Whether banks are open on this Tokyo date.
 *
 * @throws RangeError when `ymd` is not a `YYYY-MM-DD` date, or lies outside the years the holiday
 * list covers (answering "open" for a holiday nobody listed would send money on a closed day).
 */
export function isBankingDay(ymd: string): boolean {
  if (!isCalendarDate(ymd)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(ymd)}`);
  const { holidays, firstYear, lastYear } = loadCalendar();
  const year = Number(ymd.slice(0, 4));
  if (year < firstYear || year > lastYear) {
    throw new RangeError(`The holiday calendar covers ${firstYear}–${lastYear}, not ${ymd}`);
  }
  const weekday = toUtcDate(ymd).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (BANK_HOLIDAYS.has(ymd.slice(5))) return false;
  return !(ymd in holidays);
}

/** `ymd` itself when banks are open that day, otherwise the next day they are. */
export function nextBankingDay(ymd: string): string {
  let day = ymd;
  while (!isBankingDay(day)) day = addDays(day, 1);
  return day;
}

/** `ymd` itself when banks are open that day, otherwise the last day before it they were. */
export function previousBankingDay(ymd: string): string {
  let day = ymd;
  while (!isBankingDay(day)) day = addDays(day, -1);
  return day;
}

/**
 * The banking day `n` banking days after `ymd` (before it when `n` is negative). A date on which
 * banks are closed counts from the banking day it rolls to, as banks treat a request made on a
 * closed day: Saturday + 1 is Tuesday when Monday is open, and `n = 0` is `nextBankingDay(ymd)`.
 */
export function addBankingDays(ymd: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  const step = n < 0 ? -1 : 1;
  let day = n < 0 ? previousBankingDay(ymd) : nextBankingDay(ymd);
  for (let left = Math.abs(n); left > 0; left--) {
    day = addDays(day, step);
    while (!isBankingDay(day)) day = addDays(day, step);
  }
  return day;
}

function toUtcDate(ymd: string): Date {
  return new Date(`${ymd}T00:00:00Z`);
}

function addDays(ymd: string, days: number): string {
  const date = toUtcDate(ymd);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
