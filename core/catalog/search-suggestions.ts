import type { CoreContext } from "../shared/context.ts";
import { DEVICE_CATALOGUE } from "./device-catalogue.ts";
import { countMatches } from "./search-items.ts";
import { searchParamsOf, searchQueryFromParams, type TSearchQuery } from "./search-query.ts";
import { canonicalSearchText, oneEditApart, piecesOf } from "./search-text.ts";

/** A way out of an empty result: a filter to drop and how many listings that would show. */
export type DropFilter = { param: string; params: string; count: number; countCapped: boolean };

export type NoResultHelp = {
  /** Catalogue model names nearest the words typed, to search for instead. */
  models: string[];
  /** Filters whose removal alone would find something, with what it would find. */
  dropFilters: DropFilter[];
};

const wordsOf = (text: string) =>
  piecesOf(canonicalSearchText(text))
    .filter((p) => p.kind === "word")
    .map((p) => p.text);

/**
 * The catalogue models nearest a query's words: each word equal to a word of the model's name
 * counts two, one letter off counts one; the best three, newest first among equals.
 */
export function nearestModels(keyword: string, limit = 3): string[] {
  const typed = wordsOf(keyword);
  if (typed.length === 0) return [];
  const scored = DEVICE_CATALOGUE.map((model) => {
    const words = wordsOf([model.name, ...(model.aliases ?? [])].join(" "));
    const score = typed.reduce(
      (sum, w) =>
        sum + (words.includes(w) ? 2 : words.some((m) => w.length >= 3 && oneEditApart(w, m)) ? 1 : 0),
      0,
    );
    // A name with words the query did not ask for ranks below the same score with fewer.
    return { name: model.name, score, extra: words.length, year: model.releasedYear };
  }).filter((m) => m.score > 0);
  scored.sort((a, b) => b.score - a.score || a.extra - b.extra || b.year - a.year);
  return scored.slice(0, limit).map((m) => m.name);
}

/**
 * What an empty result page offers: the nearest model names, and each filter (or value of a
 * filter with several) whose removal finds listings.
 */
export async function noResultHelp(ctx: Pick<CoreContext, "db">, q: TSearchQuery): Promise<NoResultHelp> {
  const params = searchParamsOf(q);
  const dropFilters: DropFilter[] = [];
  const filters = [...new Set(params.keys())].filter((k) => k !== "keyword" && k !== "sort");
  for (const param of filters.slice(0, 6)) {
    const without = new URLSearchParams(params);
    without.delete(param);
    const { count, countCapped } = await countMatches(ctx, searchQueryFromParams(without));
    if (count > 0) dropFilters.push({ param, params: without.toString(), count, countCapped });
  }
  return { models: q.keyword ? nearestModels(q.keyword) : [], dropFilters };
}
