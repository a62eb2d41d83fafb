import type { Clock } from "../clock.ts";
import { TIME_ZONE } from "../locale.ts";

/**
 * Rules never read the real clock: callers pass the instant, a function returning it, or the core's
 * injected `Clock`, so a request is judged against one consistent "now" and tests can pin it.
 */
export type Now = Date | (() => Date) | Clock;

export interface TokyoNow {
  /** Calendar date in Asia/Tokyo, `YYYY-MM-DD`, comparable as a string. */
  readonly date: string;
  /** Hour of day in Asia/Tokyo, 0-23. */
  readonly hour: number;
}

// The product's "today" is Tokyo's today whatever timezone the server or browser runs in.
const tokyoFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

export function tokyoNow(now: Now): TokyoNow {
  const instant = now instanceof Date ? now : typeof now === "function" ? now() : now.now();
  const parts: Record<string, string> = {};
  for (const part of tokyoFormat.formatToParts(instant)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** True for a real calendar date written `YYYY-MM-DD` (what `<input type="date">` submits). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The instant Tokyo's day containing `at` began (00:00 JST; Japan has no daylight saving). */
export function startOfTokyoDay(at: Date): Date {
  return new Date(Math.floor((at.getTime() + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS);
}
