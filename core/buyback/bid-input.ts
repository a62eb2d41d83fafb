import { z } from "zod";
import { BUYBACK_GRADES, BUYBACK_NG_CONDITIONS } from "#db/schema/index.ts";
import { CATEGORIES } from "../catalog/codes.ts";
import { codesOf } from "../shared/codes.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { bidRow } from "../shared/validation/cross-field.ts";
import { isCalendarDate, tokyoNow } from "../shared/validation/tokyo-clock.ts";

/** The bid list's limits: a price is whole yen up to the catalogue's maximum; an expiry 1–30 days ahead. */
export const BID_LIMITS = {
  priceMax: 9_999_999,
  quantityCapMax: 99_999,
  expiryMinDays: 1,
  expiryMaxDays: 30,
  /** Rows one save may carry: more than any category has models. */
  maxRows: 500,
  /** An uploaded CSV larger than this is refused before it is read (a full category is a few tens of kB). */
  csvMaxBytes: 1024 * 1024,
} as const;

/** Field names in the bid list's messages. */
export const BID_FIELD_LABELS: Record<string, Message> = {
  price: msg("buybackBids.fields.price"),
  enabled: msg("buybackBids.fields.enabled"),
  quantityCap: msg("buybackBids.fields.quantityCap"),
  expiresOn: msg("buybackBids.fields.expiresOn"),
  modelId: msg("buybackBids.fields.model"),
  ngCondition: msg("buybackBids.fields.ngCondition"),
  grade: msg("buybackBids.fields.grade"),
  category: msg("buybackBids.fields.category"),
  model: msg("buybackBids.fields.model"),
  ng: msg("buybackBids.fields.ngCondition"),
  kind: msg("buybackBids.fields.kind"),
  bidId: msg("buybackBids.fields.bidId"),
};

/** A rule's own message on the field it checks (see `ownMessageOf` in the validation module). */
function fail(payload: z.core.ParsePayload<unknown>, message: Message) {
  payload.issues.push({ code: "custom", message: message.key, params: { message }, input: payload.value });
}

/**
 * A whole number of yen as people type it (「30,000」「３００００円」) or as JSON sends it; empty is
 * null. Negative, decimal or anything else is refused with one message naming the range.
 */
function wholeNumber(max: number, min: number, message: Message) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, payload) => {
      if (value === null || value === undefined) return null;
      const text =
        typeof value === "number"
          ? String(value)
          : toHalfWidthDigits(value.trim()).replace(/[,，\s\u3000¥￥円台]/g, "");
      if (text === "") return null;
      const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (!(n >= min && n <= max)) {
        fail(payload, message);
        return z.NEVER;
      }
      return n;
    });
}

const ZPrice = wholeNumber(
  BID_LIMITS.priceMax,
  1,
  msg("buybackBids.errors.price", { max: BID_LIMITS.priceMax }),
);
const ZQuantityCap = wholeNumber(
  BID_LIMITS.quantityCapMax,
  0,
  msg("buybackBids.errors.quantityCap", { max: BID_LIMITS.quantityCapMax }),
);

const ZExpiresOn = z
  .string()
  .nullish()
  .transform((value, payload) => {
    const text = (value ?? "").trim();
    if (text === "") return null;
    if (!isCalendarDate(text)) {
      fail(payload, msg("buybackBids.errors.expiresOn", { max: BID_LIMITS.expiryMaxDays }));
      return z.NEVER;
    }
    return text;
  });

const ZCell = z
  .object({
    grade: z.enum(BUYBACK_GRADES),
    price: ZPrice.describe(
      `Whole yen, 1–${BID_LIMITS.priceMax} (a number, or digits as typed: "30,000"); null or "": no price`,
    ),
    enabled: z.boolean().describe("Checked: the bid is active. A checked cell needs a price"),
    /** The bid this cell is, as the list answered it: only the buyer's own company's bids. */
    bidId: z.int().positive().nullish(),
  })
  .check(bidRow({ price: "price", enabled: "enabled" }));

const ZRow = z.object({
  modelId: z.int().positive(),
  ngCondition: z.enum(BUYBACK_NG_CONDITIONS),
  quantityCap: ZQuantityCap.describe(
    `Devices the company takes per grade of this row, 0–${BID_LIMITS.quantityCapMax}; null: no cap`,
  ),
  expiresOn: ZExpiresOn.describe(
    `YYYY-MM-DD (Asia/Tokyo), ${BID_LIMITS.expiryMinDays}–${BID_LIMITS.expiryMaxDays} days ahead: the row's bids stand through that day; null: no expiry`,
  ),
  cells: z.array(ZCell).min(1).max(BUYBACK_GRADES.length),
});

/**
 * What a save of the bid list carries: rows of model × NG condition, each with its grade cells
 * (price, checked) and the row's quantity cap and expiry. A row or a grade given twice is refused.
 */
export const ZSaveBids = z.object({ rows: z.array(ZRow).min(1).max(BID_LIMITS.maxRows) }).check((payload) => {
  const seen = new Set<string>();
  payload.value.rows.forEach((row, i) => {
    const key = `${row.modelId}:${row.ngCondition}`;
    if (seen.has(key)) {
      payload.issues.push({
        code: "custom",
        message: "duplicate",
        params: { message: msg("buybackBids.errors.duplicateRow") },
        input: row.modelId,
        path: ["rows", i, "modelId"],
      });
    }
    seen.add(key);
    const grades = new Set<string>();
    row.cells.forEach((cell, j) => {
      if (grades.has(cell.grade)) {
        payload.issues.push({
          code: "custom",
          message: "duplicate",
          params: { message: msg("buybackBids.errors.duplicateGrade") },
          input: cell.grade,
          path: ["rows", i, "cells", j, "grade"],
        });
      }
      grades.add(cell.grade);
    });
  });
});
export type TSaveBids = z.input<typeof ZSaveBids>;

/** Which part of the list: a catalogue category, one of its models (or all), one NG condition. */
export const ZBidSelection = z.object({
  category: z.enum(codesOf(CATEGORIES)).optional(),
  model: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ng: z.enum(BUYBACK_NG_CONDITIONS).optional(),
});
export type TBidSelection = z.input<typeof ZBidSelection>;

const DAY_MS = 24 * 3600 * 1000;
const TOKYO_OFFSET_MS = 9 * 3600 * 1000;

/** A bid that expires "on" a date stands through that whole day in Tokyo. */
export function expiresAtOf(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1) - TOKYO_OFFSET_MS);
}

/** The Tokyo date a bid's expiry instant closes (the last day it stands). */
export function expiresOnOf(at: Date): string {
  return tokyoNow(new Date(at.getTime() - 1)).date;
}

/** Tokyo's date `days` after `now`'s. */
export function tokyoDatePlus(now: Date, days: number): string {
  return tokyoNow(new Date(now.getTime() + days * DAY_MS)).date;
}
