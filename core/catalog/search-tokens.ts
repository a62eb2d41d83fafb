import type { TSearchQuery } from "./search-params.ts";

// The device-fact and state tokens of a search row (`item_search.grams`). The database adds them to
// every row (`item_search_tokens` in the migrations); this builds the same tokens for a query.
// Tokens are at least three characters long, text grams at most two, so the two never collide.

const STATUS_TOKEN = { all: "s:public", on_sale: "s:SALE", sold: "s:SOLD" } as const;

/** A query's filters as tokens: a row must hold every `all` token, one of each `any` group and no `none` token. */
export function searchTokens(q: TSearchQuery): { all: string[]; any: string[][]; none: string[] } {
  const all: string[] = [STATUS_TOKEN[q.status]];
  const any: string[][] = [];
  const one = (prefix: string, value: string | number | undefined) => {
    if (value !== undefined) all.push(`${prefix}:${value}`);
  };
  const oneOf = (prefix: string, values: readonly (string | number)[]) => {
    if (values.length === 1) all.push(`${prefix}:${values[0]}`);
    else if (values.length > 1) any.push(values.map((v) => `${prefix}:${v}`));
  };
  one("c", q.category);
  one("b", q.brand);
  one("m", q.model);
  one("p", q.postage);
  oneOf("k", q.condition);
  oneOf("g", q.storage);
  oneOf("o", q.color);
  oneOf("r", q.carrier);
  oneOf("n", q.networkRestriction);
  oneOf("a", q.activationLock);
  for (const d of q.defects) all.push(`d:${d}`);
  return { all, any, none: q.noDefects.map((d) => `d:${d}`) };
}
