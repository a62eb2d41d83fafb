import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify";
import iconv from "iconv-lite";
import { z } from "zod";
import { BUYBACK_GRADES, BUYBACK_NG_CONDITIONS, type BuybackNgCondition } from "#db/schema/index.ts";
import { CATEGORIES } from "../catalog/codes.ts";
import { cellText } from "../exports/export-rows.ts";
import { EXPORT_CONTENT_TYPES, toShiftJis } from "../exports/write-export.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError, isAppError } from "../shared/errors.ts";
import { type Message, msg, renderMessage } from "../shared/i18n/translate.ts";
import { LOCALES, type Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import { BID_FIELD_LABELS, BID_LIMITS, type TSaveBids, ZSaveBids } from "./bid-input.ts";
import { listBids } from "./list-bids.ts";
import { type SetBidsResult, setBids } from "./set-bids.ts";

/**
 * The bid list as a spreadsheet: one line a model × NG condition, the row of the table on screen.
 * The same columns whichever the encoding and the language (only the header's words change).
 */
const COLUMNS = [
  "modelId",
  "model",
  "ngCondition",
  ...BUYBACK_GRADES.flatMap((g) => [`price.${g}`, `on.${g}`] as const),
  "quantityCap",
  "expiresOn",
] as const;

const BID_CSV_ENCODINGS = ["sjis", "utf8"] as const;
type BidCsvEncoding = (typeof BID_CSV_ENCODINGS)[number];

function headerOf(locale: Locale): string[] {
  const say = (m: Message) => renderMessage(m, locale);
  return COLUMNS.map((c) => {
    const [kind, grade] = c.split(".") as [string, string | undefined];
    if (grade) return say(msg(`buybackBids.csv.columns.${kind as "price" | "on"}`, { grade }));
    if (kind === "quantityCap" || kind === "expiresOn") return say(BID_FIELD_LABELS[kind] as Message);
    return say(msg(`buybackBids.csv.columns.${kind as "modelId" | "model" | "ngCondition"}`));
  });
}

const ngLabel = (ng: BuybackNgCondition, locale: Locale) =>
  renderMessage(msg(`buyback.ngConditions.${ng}`), locale);

const ZCsvSelection = z.object({
  category: z.enum(codesOf(CATEGORIES)).optional(),
  ng: z.enum(BUYBACK_NG_CONDITIONS).optional(),
  encoding: z.enum(BID_CSV_ENCODINGS),
});

export type BidCsv = { filename: string; contentType: string; body: ReadableStream<Uint8Array> };

/**
 * The company's bid list of a category and NG condition as CSV, every model of the category (the
 * ones not priced yet with empty cells, to price in the spreadsheet): Shift_JIS for Excel in
 * Japan or UTF-8 with a BOM, CRLF line ends, text kept from being read as a formula.
 */
export async function exportBidsCsv(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; input: { category?: string; ng?: string; encoding?: string }; locale: Locale },
): Promise<BidCsv> {
  const input = parseInput(ZCsvSelection, o.input, BID_FIELD_LABELS);
  const list = await listBids(ctx, { userId: o.userId, input: { category: input.category, ng: input.ng } });
  const rows = new Map(list.rows.map((r) => [r.id, r]));
  const ng = ngLabel(list.ngCondition, o.locale);
  const records: (string | number)[][] = [headerOf(o.locale)];
  for (const model of list.models) {
    const row = rows.get(model.id);
    records.push([
      model.id,
      cellText(model.name),
      ng,
      ...BUYBACK_GRADES.flatMap((g) => {
        const cell = row?.cells[g];
        return [cell?.price ?? "", cell?.enabled ? 1 : 0];
      }),
      row?.quantityCap ?? "",
      row?.expiresOn ?? "",
    ]);
  }
  const csv = stringify({ bom: input.encoding === "utf8", record_delimiter: "windows" });
  Readable.from(records).pipe(csv);
  const body = input.encoding === "sjis" ? Readable.from(toShiftJis(csv)) : csv;
  const day = ctx.clock.now().toISOString().slice(0, 10).replaceAll("-", "");
  return {
    filename: `tsugu-bids-${list.categoryCode}-${list.ngCondition}-${day}.csv`,
    contentType: EXPORT_CONTENT_TYPES[input.encoding],
    body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
  };
}

/**
 * The text of an uploaded file and the encoding it was in: UTF-8 (with or without a BOM) when it
 * reads as UTF-8, otherwise Shift_JIS (Windows-31J, as Excel in Japan saves "CSV").
 */
export function decodeBidCsv(bytes: Uint8Array): { text: string; encoding: BidCsvEncoding } {
  try {
    // `fatal`: a byte sequence UTF-8 does not allow means another encoding; the BOM is dropped.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf8" };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), "cp932"), encoding: "sjis" };
  }
}

/**
 * The file's records, each with the line it starts on (a quoted cell may span lines; blank lines
 * are skipped but still counted). Quotes that never close answer null.
 */
function parseCsv(text: string): { cells: string[]; line: number }[] | null {
  let records: { record: string[]; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      raw: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      // With `raw`, each record comes with the text it was read from (the types do not say so).
    }) as unknown as { record: string[]; raw: string }[];
  } catch (error) {
    if (error instanceof CsvError) return null;
    throw error;
  }
  let line = 1;
  const lines: { cells: string[]; line: number }[] = [];
  for (const { record, raw } of records) {
    if (record.length > 1 || record[0] !== "") lines.push({ cells: record, line });
    line += raw.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return lines;
}

const CHECKED = new Set(["1", "○", "〇", "✓", "true", "yes", "有効", "on"]);
const UNCHECKED = new Set(["", "0", "×", "false", "no", "無効", "off", "-"]);

/** A date as a spreadsheet may write it back (2026/1/5, 2026-01-05) as YYYY-MM-DD; anything else as it is. */
function isoDate(value: string): string {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value.trim());
  return m ? `${m[1]}-${(m[2] as string).padStart(2, "0")}-${(m[3] as string).padStart(2, "0")}` : value;
}

/** Every spelling of an NG condition the file may carry: its code, or its label in either language. */
const NG_BY_TEXT = new Map<string, BuybackNgCondition>(
  BUYBACK_NG_CONDITIONS.flatMap((ng) => [
    [ng, ng],
    [ngLabel(ng, "ja"), ng],
    [ngLabel(ng, "en"), ng],
  ]),
);

/** The column a field path of the saved row (`rows.0.cells.2.enabled`) stands in, as the header says it. */
function columnOf(path: string): Message {
  const cell = /^rows\.0\.cells\.(\d+)\.(price|enabled)$/.exec(path);
  if (cell) {
    const grade = BUYBACK_GRADES[Number(cell[1])] as string;
    return msg(`buybackBids.csv.columns.${cell[2] === "price" ? "price" : "on"}`, { grade });
  }
  const field = /^rows\.0\.(modelId|ngCondition|quantityCap|expiresOn)$/.exec(path)?.[1];
  if (field === "modelId") return msg("buybackBids.csv.columns.modelId");
  if (field === "ngCondition") return msg("buybackBids.csv.columns.ngCondition");
  if (field) return BID_FIELD_LABELS[field] as Message;
  return msg("buybackBids.csv.columns.row");
}

type RowInput = TSaveBids["rows"][number];

type RejectedLine = { line: number; messages: Message[] };

export type BidCsvImport = {
  encoding: BidCsvEncoding;
  /** Lines saved (through the same use case as the form) and what the save changed. */
  accepted: number;
  saved: SetBidsResult;
  /** Each refused line, by its row number in the spreadsheet (the header is row 1), with why. */
  rejected: RejectedLine[];
};

/** One line of the file as the save's row, or why it cannot be one. */
function readLine(line: string[]): { row: RowInput } | { messages: Message[] } {
  const messages: Message[] = [];
  const at = (c: (typeof COLUMNS)[number]) => (line[COLUMNS.indexOf(c)] ?? "").trim();
  const rowError = (column: Message, message: Message) =>
    msg("buybackBids.csv.rowError", { column, message });
  const modelId = /^\d{1,9}$/.test(at("modelId")) ? Number(at("modelId")) : 0;
  if (modelId === 0)
    messages.push(rowError(msg("buybackBids.csv.columns.modelId"), msg("buybackBids.errors.unknownModel")));
  const ngCondition = NG_BY_TEXT.get(at("ngCondition"));
  if (!ngCondition)
    messages.push(
      rowError(msg("buybackBids.csv.columns.ngCondition"), msg("buybackBids.csv.errors.ngCondition")),
    );
  const cells = BUYBACK_GRADES.map((grade) => {
    const on = at(`on.${grade}`).toLowerCase();
    if (!CHECKED.has(on) && !UNCHECKED.has(on))
      messages.push(
        rowError(msg("buybackBids.csv.columns.on", { grade }), msg("buybackBids.csv.errors.check")),
      );
    return { grade, price: at(`price.${grade}`), enabled: CHECKED.has(on) };
  });
  if (messages.length) return { messages };
  const row: RowInput = {
    modelId,
    ngCondition: ngCondition as BuybackNgCondition,
    quantityCap: at("quantityCap"),
    expiresOn: isoDate(at("expiresOn")),
    cells,
  };
  try {
    parseInput(ZSaveBids, { rows: [row] }, BID_FIELD_LABELS);
    return { row };
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION") throw error;
    return {
      messages: Object.entries(error.fields).map(([path, message]) => rowError(columnOf(path), message)),
    };
  }
}

/**
 * Takes a bid list edited in a spreadsheet (the file `exportBidsCsv` writes, in Shift_JIS or
 * UTF-8, found out from its bytes). Every line is checked by itself with the form's own rules
 * (the §5 rule among them: a checked cell needs a price); the good lines are saved through
 * `setBids`, as the form saves, audited the same way. A line the save still refuses (an expiry
 * out of range, a cap under the devices held, a model that does not exist) is taken out and the
 * rest saved. Each refused line is answered with its row number and its messages.
 */
export async function importBidsCsv(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; bytes: Uint8Array; meta?: RequestMeta },
): Promise<BidCsvImport> {
  await authorizeBuyer(ctx, { id: o.userId });
  const fail = (message: Message) => new AppError("VALIDATION", { fields: { file: message } });
  if (o.bytes.byteLength === 0) throw fail(msg("buybackBids.csv.errors.empty"));
  if (o.bytes.byteLength > BID_LIMITS.csvMaxBytes)
    throw fail(msg("buybackBids.csv.errors.tooLarge", { max: BID_LIMITS.csvMaxBytes / 1024 / 1024 }));
  const { text, encoding } = decodeBidCsv(o.bytes);
  const records = parseCsv(text);
  if (!records) throw fail(msg("buybackBids.csv.errors.unreadable"));
  const [header, ...lines] = records;
  if (!header || lines.length === 0) throw fail(msg("buybackBids.csv.errors.empty"));
  if (header.cells.length !== COLUMNS.length)
    throw fail(msg("buybackBids.csv.errors.columns", { expected: COLUMNS.length }));
  // The columns are read by position: a file whose headings are not the download's (columns moved
  // or taken from another sheet) is refused rather than read into the wrong grades.
  const headings = header.cells.map((cell) => cell.trim());
  if (!LOCALES.some((locale) => headerOf(locale).every((heading, i) => heading === headings[i])))
    throw fail(msg("buybackBids.csv.errors.headings"));
  if (lines.length > BID_LIMITS.maxRows)
    throw fail(msg("buybackBids.csv.errors.tooManyRows", { max: BID_LIMITS.maxRows }));

  const rejected: RejectedLine[] = [];
  let good: { line: number; row: RowInput }[] = [];
  const seen = new Set<string>();
  for (const { cells, line } of lines) {
    if (cells.length !== COLUMNS.length) {
      rejected.push({
        line,
        messages: [msg("buybackBids.csv.errors.columns", { expected: COLUMNS.length })],
      });
      continue;
    }
    const read = readLine(cells);
    if ("messages" in read) {
      rejected.push({ line, messages: read.messages });
      continue;
    }
    const key = `${read.row.modelId}:${read.row.ngCondition}`;
    if (seen.has(key)) {
      rejected.push({ line, messages: [msg("buybackBids.errors.duplicateRow")] });
      continue;
    }
    seen.add(key);
    good.push({ line, row: read.row });
  }

  let saved: SetBidsResult = { created: 0, updated: 0, unchanged: 0 };
  while (good.length > 0) {
    try {
      saved = await setBids(ctx, { userId: o.userId, input: { rows: good.map((g) => g.row) }, meta: o.meta });
      break;
    } catch (error) {
      if (!isAppError(error) || error.code !== "VALIDATION") throw error;
      const refused = new Map<number, Message[]>();
      for (const [path, message] of Object.entries(error.fields)) {
        const m = /^rows\.(\d+)\.(.+)$/.exec(path);
        if (!m) throw error;
        const i = Number(m[1]);
        refused.set(i, [
          ...(refused.get(i) ?? []),
          msg("buybackBids.csv.rowError", { column: columnOf(`rows.0.${m[2]}`), message }),
        ]);
      }
      for (const [i, messages] of refused)
        rejected.push({ line: (good[i] as { line: number }).line, messages });
      good = good.filter((_, i) => !refused.has(i));
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  return { encoding, accepted: good.length, saved, rejected };
}
