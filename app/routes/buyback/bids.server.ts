import type { TSaveBids } from "#core/buyback/bid-input.ts";
import type { BuybackNgCondition } from "#core/buyback/codes.ts";
import { BUYBACK_GRADES } from "#core/buyback/codes.ts";
import type { RecommendedPrices } from "#core/buyback/recommended-prices.ts";
import { type CellHint, field } from "./bid-fields.ts";

const MAX_ROWS = 500;
const MAX_VALUE = 40;

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, MAX_VALUE) : "";
}

/**
 * The table as posted: the models in it (only the category's, each once, in their order) and every
 * input of those rows. Anything else in the body is ignored.
 */
export function readTable(form: FormData, known: ReadonlySet<number>) {
  const rows: number[] = [];
  for (const v of form.getAll("row")) {
    const id = typeof v === "string" && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : 0;
    if (known.has(id) && !rows.includes(id) && rows.length < MAX_ROWS) rows.push(id);
  }
  const values: Record<string, string> = {};
  for (const m of rows) {
    for (const g of BUYBACK_GRADES) {
      values[field.price(m, g)] = text(form, field.price(m, g));
      values[field.on(m, g)] = form.get(field.on(m, g)) ? "1" : "";
    }
    values[field.cap(m)] = text(form, field.cap(m));
    values[field.exp(m)] = text(form, field.exp(m));
  }
  return { rows, values };
}

/** The rows as the core saves them: every grade of every row, in the table's order. */
export function saveInput(rows: number[], values: Record<string, string>, ng: BuybackNgCondition): TSaveBids {
  return {
    rows: rows.map((m) => ({
      modelId: m,
      ngCondition: ng,
      quantityCap: values[field.cap(m)] ?? "",
      expiresOn: values[field.exp(m)] ?? "",
      cells: BUYBACK_GRADES.map((g) => ({
        grade: g,
        price: values[field.price(m, g)] ?? "",
        enabled: values[field.on(m, g)] === "1",
      })),
    })),
  };
}

/**
 * The core's field messages (`rows.2.cells.1.enabled`) under the table's input names
 * (`on.{model}.A`); a message that names no input is returned apart.
 */
export function tableErrors(fields: Record<string, string>, rows: number[]) {
  const errors: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const cell = /^rows\.(\d+)\.cells\.(\d+)\.(price|enabled)$/.exec(path);
    const row = /^rows\.(\d+)\.(quantityCap|expiresOn)$/.exec(path);
    const m = rows[Number((cell ?? row)?.[1] ?? -1)];
    if (cell && m !== undefined) {
      const g = BUYBACK_GRADES[Number(cell[2])];
      if (g) {
        errors[cell[3] === "price" ? field.price(m, g) : field.on(m, g)] = message;
        continue;
      }
    }
    if (row && m !== undefined) {
      errors[row[2] === "quantityCap" ? field.cap(m) : field.exp(m)] = message;
      continue;
    }
    other.push(message);
  }
  return { errors, other };
}

/**
 * Overwrites the table with recommended prices: each cell with enough data gets the price and a
 * check; a cell without enough data keeps what was typed. Answers what each cell's figure rests on.
 */
export function applyRecommendation(
  rows: number[],
  values: Record<string, string>,
  rec: RecommendedPrices,
  /** Only these cells (`{model}.{grade}`), as a row or column fill names them; every cell when absent. */
  only?: ReadonlySet<string>,
) {
  const next = { ...values };
  const hints: Record<string, CellHint> = {};
  let filled = 0;
  let skipped = 0;
  for (const m of rows) {
    for (const g of BUYBACK_GRADES) {
      if (only && !only.has(`${m}.${g}`)) continue;
      const cell = rec.cells.find((c) => c.modelId === m && c.grade === g);
      if (!cell) continue;
      hints[`${m}.${g}`] = { price: cell.price, basis: cell.basis, accepted: cell.accepted, bids: cell.bids };
      if (cell.price === null) {
        skipped += 1;
        continue;
      }
      next[field.price(m, g)] = String(cell.price);
      next[field.on(m, g)] = "1";
      filled += 1;
    }
  }
  return { values: next, hints, filled, skipped };
}
