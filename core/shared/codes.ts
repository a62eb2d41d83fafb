// How product codes (spec §3/§4) are written, and the few tables and constants several contexts share.
// Each context keeps its own tables (`core/<context>/codes.ts`); a list of states a table column takes
// is the schema's (`db/schema/codes.ts`), and the owning context labels it.
// Tables keep the order the spec lists them in, because that is the order screens offer them.
// Every code is a string, even the numeric-looking ones, so that leading zeros ("05", "00001") survive
// and the same value can come from a form, a query string or JSON without conversion.
// Labels are catalogue messages (`codes.<table>.<code>`, decision 020), written out per language by the doors.
import { type Message, msg, renderMessage } from "./i18n/translate.ts";
import type { Locale } from "./locale.ts";

/** Money is always an integer number of yen; there are no fractional amounts anywhere in the product. */
export type Yen = number;

interface CodeEntry {
  readonly code: string;
  readonly label: Message;
}

/** An entry that also carries a stable name, so code can say `SHUKA_FLAG.PICKUP` instead of `"1"`. */
export interface KeyedCodeEntry extends CodeEntry {
  readonly key: string;
}

export type CodeTable = readonly CodeEntry[];
export type CodeOf<T extends CodeTable> = T[number]["code"];

/** The codes of a table in spec order, typed as a non-empty tuple so it can feed `z.enum(...)` directly. */
export function codesOf<const T extends CodeTable>(table: T): [CodeOf<T>, ...CodeOf<T>[]] {
  return table.map((entry) => entry.code) as [CodeOf<T>, ...CodeOf<T>[]];
}

/** Narrows untrusted input (query strings, JSON) to a code of the table. */
export function isCodeOf<const T extends CodeTable>(table: T, value: unknown): value is CodeOf<T> {
  return table.some((entry) => entry.code === value);
}

export function entryOf<const T extends CodeTable, C extends CodeOf<T>>(
  table: T,
  code: C,
): Extract<T[number], { code: C }> {
  const entry = table.find((candidate) => candidate.code === code);
  // Reachable only when the type was bypassed (a cast or unchecked JSON); failing loudly beats a blank label.
  if (entry === undefined) throw new RangeError(`Unknown code: ${String(code)}`);
  return entry as Extract<T[number], { code: C }>;
}

export function labelOf<const T extends CodeTable>(table: T, code: CodeOf<T>, locale: Locale): string {
  return renderMessage(entryOf(table, code).label, locale);
}

type CodeMap<T extends readonly KeyedCodeEntry[]> = {
  readonly [E in T[number] as E["key"]]: E["code"];
};

export function codeMap<const T extends readonly KeyedCodeEntry[]>(table: T): CodeMap<T> {
  return Object.freeze(Object.fromEntries(table.map((entry) => [entry.key, entry.code]))) as CodeMap<T>;
}

// ---------------------------------------------------------------------------------------------------------
// Shared by several contexts. A context's own tables live with it (`core/<context>/codes.ts`); the lists of
// states a table column takes live in `db/schema/codes.ts`, and the context's table labels them.

export const PREFECTURES = [
  { code: "01", label: msg("codes.prefecture.01") },
  { code: "02", label: msg("codes.prefecture.02") },
  { code: "03", label: msg("codes.prefecture.03") },
  { code: "04", label: msg("codes.prefecture.04") },
  { code: "05", label: msg("codes.prefecture.05") },
  { code: "06", label: msg("codes.prefecture.06") },
  { code: "07", label: msg("codes.prefecture.07") },
  { code: "08", label: msg("codes.prefecture.08") },
  { code: "09", label: msg("codes.prefecture.09") },
  { code: "10", label: msg("codes.prefecture.10") },
  { code: "11", label: msg("codes.prefecture.11") },
  { code: "12", label: msg("codes.prefecture.12") },
  { code: "13", label: msg("codes.prefecture.13") },
  { code: "14", label: msg("codes.prefecture.14") },
  { code: "15", label: msg("codes.prefecture.15") },
  { code: "16", label: msg("codes.prefecture.16") },
  { code: "17", label: msg("codes.prefecture.17") },
  { code: "18", label: msg("codes.prefecture.18") },
  { code: "19", label: msg("codes.prefecture.19") },
  { code: "20", label: msg("codes.prefecture.20") },
  { code: "21", label: msg("codes.prefecture.21") },
  { code: "22", label: msg("codes.prefecture.22") },
  { code: "23", label: msg("codes.prefecture.23") },
  { code: "24", label: msg("codes.prefecture.24") },
  { code: "25", label: msg("codes.prefecture.25") },
  { code: "26", label: msg("codes.prefecture.26") },
  { code: "27", label: msg("codes.prefecture.27") },
  { code: "28", label: msg("codes.prefecture.28") },
  { code: "29", label: msg("codes.prefecture.29") },
  { code: "30", label: msg("codes.prefecture.30") },
  { code: "31", label: msg("codes.prefecture.31") },
  { code: "32", label: msg("codes.prefecture.32") },
  { code: "33", label: msg("codes.prefecture.33") },
  { code: "34", label: msg("codes.prefecture.34") },
  { code: "35", label: msg("codes.prefecture.35") },
  { code: "36", label: msg("codes.prefecture.36") },
  { code: "37", label: msg("codes.prefecture.37") },
  { code: "38", label: msg("codes.prefecture.38") },
  { code: "39", label: msg("codes.prefecture.39") },
  { code: "40", label: msg("codes.prefecture.40") },
  { code: "41", label: msg("codes.prefecture.41") },
  { code: "42", label: msg("codes.prefecture.42") },
  { code: "43", label: msg("codes.prefecture.43") },
  { code: "44", label: msg("codes.prefecture.44") },
  { code: "45", label: msg("codes.prefecture.45") },
  { code: "46", label: msg("codes.prefecture.46") },
  { code: "47", label: msg("codes.prefecture.47") },
] as const satisfies CodeTable;
export type PrefectureCode = CodeOf<typeof PREFECTURES>;
