import type { z } from "zod";
import type { ZSearchQuery } from "./search-query.ts";

// What a search is, as links and the search page's form read and write it. Kept apart from the
// schema that parses a query (search-query.ts), so that the page's browser code needs no zod.

export const SEARCH_SORTS = ["relevance", "new", "price_asc", "price_desc", "likes"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type TSearchQuery = Omit<z.output<typeof ZSearchQuery>, "sort" | "q"> & { sort: SearchSort };

/** The order when none is asked for: relevance for a keyword, newest first for browsing. */
export function defaultSort(q: { keyword: string }): SearchSort {
  return q.keyword.trim() ? "relevance" : "new";
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The URL parameters of a query, without defaults and without the page cursor: stable for links and saved searches. */
export function searchParamsOf(q: Partial<TSearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (key === "cursor" || value === undefined || value === "" || value === false) continue;
    if (
      (key === "status" && value === "all") ||
      (key === "sort" && value === defaultSort({ keyword: q.keyword ?? "" }))
    )
      continue;
    if (Array.isArray(value)) for (const v of value) params.append(snake(key), String(v));
    else params.set(snake(key), value === true ? "1" : String(value));
  }
  params.sort();
  return params;
}

/** Whether a query filters on anything at all (an empty query lists everything). */
export function isEmptyQuery(q: TSearchQuery): boolean {
  return searchParamsOf({ ...q, sort: defaultSort(q) }).toString() === "";
}
