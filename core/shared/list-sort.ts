import { type AnyColumn, asc, desc, type SQL } from "drizzle-orm";
import { z } from "zod";

export type SortDir = "asc" | "desc";

/**
 * The sort of a back-office list as its query string says it (`?sort=<column>&dir=asc|desc`), read
 * leniently: a column the list does not sort by, or a direction that is neither, is the list's
 * default, never an error.
 */
export function sortFields<const K extends readonly [string, ...string[]]>(
  columns: K,
  fallback: K[number],
  fallbackDir: SortDir = "desc",
) {
  return {
    sort: z.enum(columns).catch(fallback),
    dir: z.enum(["asc", "desc"]).catch(fallbackDir),
  };
}

/** ORDER BY the chosen column in the chosen direction, then the newest first, so every page is stable. */
export function sortOrder(column: AnyColumn, dir: SortDir, id: AnyColumn): SQL[] {
  const by = dir === "asc" ? asc(column) : desc(column);
  return column === id ? [by] : [by, desc(id)];
}
