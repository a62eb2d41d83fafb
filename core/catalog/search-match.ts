import type { TSearchQuery } from "./search-params.ts";
import { keywordPlan } from "./search-text.ts";
import { searchTokens } from "./search-tokens.ts";

/**
 * What of a listing's search row (`item_search`) a query is checked against, and whether the listing
 * holds a self-check report in date (which the row does not keep: it runs out with time).
 */
export type SearchRow = {
  grams: string[];
  body: string;
  price: number | null;
  batteryHealth: number | null;
  checked: boolean;
};

/**
 * Whether one listing's search row matches a query, checked in memory: the same conditions the
 * search puts to the database (every keyword and fact token held, one of each choice, none of the
 * excluded facts, longer Japanese terms whole in the text, the price and battery ranges, a report in
 * date when asked for), so that a new listing is checked against many saved searches without a
 * statement for each.
 */
export function searchRowMatches(q: TSearchQuery, row: SearchRow): boolean {
  const plan = keywordPlan(q.keyword);
  const tokens = searchTokens(q);
  const held = new Set(row.grams);
  const within = (value: number | null, min?: number, max?: number) =>
    (min === undefined && max === undefined) ||
    (value !== null && (min === undefined || value >= min) && (max === undefined || value <= max));
  return (
    [...plan.tokens, ...tokens.all].every((t) => held.has(t)) &&
    tokens.any.every((group) => group.some((t) => held.has(t))) &&
    !tokens.none.some((t) => held.has(t)) &&
    plan.phrases.every((phrase) => row.body.includes(phrase)) &&
    within(row.price, q.priceMin, q.priceMax) &&
    within(row.batteryHealth, q.batteryMin) &&
    (!q.checked || row.checked)
  );
}
