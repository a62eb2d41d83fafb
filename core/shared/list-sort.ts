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

/**
 * ORDER BY the chosen column in the chosen direction, then the newest first, so every page is stable.
 * `within` orders the rows equal on the column before their number does; `tie` turns the number's
 * order (the date column of a queue shown oldest first breaks its ties oldest first too, `tie: dir`).
 */
export function sortOrder(
  column: AnyColumn,
  dir: SortDir,
  id: AnyColumn,
  o: { within?: SQL[]; tie?: SortDir } = {},
): SQL[] {
  const by = dir === "asc" ? asc(column) : desc(column);
  if (column === id) return [by];
  return [by, ...(o.within ?? []), o.tie === "asc" ? asc(id) : desc(id)];
}
