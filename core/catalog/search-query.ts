import { z } from "zod";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { BRANDS, CATEGORIES, ITEM_CONDITIONS, MAX_PRICE, POSTAGES } from "./codes.ts";
import {
  ACTIVATION_LOCKS,
  CARRIERS,
  COLORS,
  DEFECTS,
  NETWORK_RESTRICTIONS,
  STORAGE_SIZES,
} from "./device-facts.ts";
import { defaultSort, SEARCH_SORTS, type TSearchQuery } from "./search-params.ts";

const SEARCH_STATUSES = ["all", "on_sale", "sold"] as const;
export const SEARCH_PAGE_SIZE = 30;

/** Filters that take several values (repeated URL keys). */
const MULTI = [
  "condition",
  "storage",
  "color",
  "carrier",
  "networkRestriction",
  "activationLock",
  "defects",
  "noDefects",
] as const;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const many = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

// Unknown or malformed filter values are dropped rather than refused: a shared or old search link
// should still show results.
function codeFilter<T extends readonly { code: string }[]>(table: T) {
  const codes = new Set(table.map((e) => e.code));
  return z.preprocess((v) => {
    const x = blank(one(v));
    return typeof x === "string" && codes.has(x) ? x : undefined;
  }, z.string().optional());
}
function codesFilter<T extends readonly { code: string }[]>(table: T) {
  const codes = new Set(table.map((e) => e.code));
  return z.preprocess(
    (v) => [...new Set(many(v).filter((x) => typeof x === "string" && codes.has(x)))],
    z.array(z.string()),
  );
}
function intFilter(min: number, max: number) {
  return z.preprocess((v) => {
    const x = blank(one(v));
    const n = typeof x === "string" ? Number(toHalfWidthDigits(x.trim()).replace(/[,，]/g, "")) : x;
    return typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  }, z.number().int().optional());
}
function choice<T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess((v) => {
    const x = one(v);
    return typeof x === "string" && (values as readonly string[]).includes(x) ? x : fallback;
  }, z.enum(values));
}

const text = (v: unknown) => (typeof one(v) === "string" ? String(one(v)).slice(0, 200) : "");

export const ZSearchQuery = z.object({
  keyword: z.preprocess(text, z.string()),
  /** The keyword under the name most sites give it (`?q=`), for links written by hand or elsewhere. */
  q: z
    .preprocess(text, z.string())
    .optional()
    .describe("The same as keyword, which is read first when both are given"),
  category: codeFilter(CATEGORIES),
  brand: codeFilter(BRANDS),
  model: intFilter(1, Number.MAX_SAFE_INTEGER),
  condition: codesFilter(ITEM_CONDITIONS),
  /** Who pays the postage: INCLUDED (送料込み, the seller) or ARRIVAL (着払い, the buyer). */
  postage: codeFilter(POSTAGES),
  priceMin: intFilter(0, MAX_PRICE),
  priceMax: intFilter(0, MAX_PRICE),
  status: choice(SEARCH_STATUSES, "all"),
  storage: z.preprocess(
    (v) => [
      ...new Set(
        many(v)
          .map(Number)
          .filter((n) => (STORAGE_SIZES as readonly number[]).includes(n)),
      ),
    ],
    z.array(z.number()),
  ),
  color: codesFilter(COLORS),
  carrier: codesFilter(CARRIERS),
  networkRestriction: codesFilter(NETWORK_RESTRICTIONS),
  activationLock: codesFilter(ACTIVATION_LOCKS),
  batteryMin: intFilter(0, 100),
  defects: codesFilter(DEFECTS),
  noDefects: codesFilter(DEFECTS),
  /** Only listings holding a self-check report in date (動作チェック済み): `1`. */
  checked: z.preprocess((v) => {
    const x = one(v);
    return x === true || x === "1" || x === "true";
  }, z.boolean()),
  sort: z
    .preprocess((v) => {
      const x = one(v);
      return typeof x === "string" && (SEARCH_SORTS as readonly string[]).includes(x) ? x : undefined;
    }, z.enum(SEARCH_SORTS).optional())
    .describe(
      "relevance (the default with a keyword), new (the default without), price_asc, price_desc, likes",
    ),
  cursor: z.preprocess(
    (v) => (typeof one(v) === "string" ? String(one(v)).slice(0, 200) : undefined),
    z.string().optional(),
  ),
});

/**
 * A parsed query settled: the keyword given as `q` when `keyword` is not, and the order (relevance
 * needs words to be relevant to).
 */
export function settleSort(parsed: z.output<typeof ZSearchQuery>): TSearchQuery {
  const { sort, q, ...given } = parsed;
  const rest = { ...given, keyword: given.keyword.trim() ? given.keyword : (q ?? "") };
  return {
    ...rest,
    sort: sort && !(sort === "relevance" && !rest.keyword.trim()) ? sort : defaultSort(rest),
  };
}

export function parseSearchQuery(raw: Record<string, unknown>): TSearchQuery {
  return settleSort(ZSearchQuery.parse(raw));
}

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Reads a search page URL's parameters (repeated keys for several values). */
export function searchQueryFromParams(params: URLSearchParams): TSearchQuery {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const name = camel(key.replace(/\[\]$/, ""));
    raw[name] = (MULTI as readonly string[]).includes(name) ? params.getAll(key) : params.get(key);
  }
  return parseSearchQuery(raw);
}
