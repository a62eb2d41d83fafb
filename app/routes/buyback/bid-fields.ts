import { BUYBACK_GRADES, type BuybackGrade } from "#core/buyback/codes.ts";
import type { BidList } from "#core/buyback/list-bids.ts";
import type { RecommendBasis, RecommendKind } from "#core/buyback/recommended-prices.ts";
import { toHalfWidthDigits } from "#core/shared/validation/characters.ts";

/**
 * The bid list's form fields, one name per input so the whole table posts as a plain form:
 * `price.{model}.{grade}`, `on.{model}.{grade}` (the checkbox), `cap.{model}` and `exp.{model}`,
 * and one hidden `row` per model in the table.
 */
export const field = {
  price: (model: number, grade: BuybackGrade) => `price.${model}.${grade}`,
  on: (model: number, grade: BuybackGrade) => `on.${model}.${grade}`,
  cap: (model: number) => `cap.${model}`,
  exp: (model: number) => `exp.${model}`,
};

/** What a recommended price says about one cell (`{model}.{grade}`). */
export type CellHint = { price: number | null; basis: RecommendBasis | null; accepted: number; bids: number };

/** The table as a page answer holds it: which models are in it, what is typed, what is wrong. */
export type TableState = {
  /** Changes with every answer, so the table's inputs start again from these values. */
  nonce: string;
  rows: number[];
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  /** A sentence about what the last step did (already in the page's language). */
  notice?: string;
  /** The values differ from what is saved. */
  dirty: boolean;
  /** Without JavaScript: the recommended-price dialog, shown as a panel. */
  ask?: boolean;
  hints?: Record<string, CellHint>;
  hintKind?: RecommendKind;
};

/** The table as saved: the company's rows of the list, their prices, checks, caps and expiries. */
export function savedTable(list: BidList): TableState {
  const values: Record<string, string> = {};
  for (const row of list.rows) {
    for (const grade of BUYBACK_GRADES) {
      const cell = row.cells[grade];
      values[field.price(row.id, grade)] = cell.price === null ? "" : String(cell.price);
      values[field.on(row.id, grade)] = cell.enabled ? "1" : "";
    }
    values[field.cap(row.id)] = row.quantityCap === null ? "" : String(row.quantityCap);
    values[field.exp(row.id)] = row.expiresOn ?? "";
  }
  return { nonce: crypto.randomUUID(), rows: list.rows.map((r) => r.id), values, errors: {}, dirty: false };
}

/**
 * The cells a "fill" target names: `col:{grade}` every model of the table in that grade,
 * `row:{model}` every grade of that model (only a model in the table). Anything else names none.
 */
export function fillTargets(
  target: string,
  rows: readonly number[],
): { model: number; grade: BuybackGrade }[] {
  const col = /^col:([SABCJ])$/.exec(target)?.[1] as BuybackGrade | undefined;
  if (col) return rows.map((model) => ({ model, grade: col }));
  const row = Number(/^row:(\d{1,15})$/.exec(target)?.[1] ?? 0);
  return rows.includes(row) ? BUYBACK_GRADES.map((grade) => ({ model: row, grade })) : [];
}

/** A whole number as people type it (「30,000」「３００００円」): the number, "empty", or "bad" when out of range. */
export function typedNumber(value: string, min: number, max: number): number | "empty" | "bad" {
  const text = toHalfWidthDigits(value.trim()).replace(/[,，\s\u3000¥￥円台]/g, "");
  if (text === "") return "empty";
  if (!/^\d{1,9}$/.test(text)) return "bad";
  const n = Number(text);
  return n >= min && n <= max ? n : "bad";
}
