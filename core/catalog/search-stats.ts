import { sql } from "drizzle-orm";
import type { CoreContext } from "../shared/context.ts";

/**
 * How common the tokens of the search rows are, as the database's own statistics say (the most
 * common elements of `item_search.grams` that ANALYZE keeps, and the table's row count). Search
 * uses them to leave tokens that most listings hold out of the index lookup and to read a broad
 * keyword week by week (decision 025). Without statistics (a fresh embedded database) every token
 * counts as rare, which is always correct and only slower on a large catalogue.
 */
export type TokenStats = {
  rows: number;
  /** The share of rows holding each common token. */
  share: Map<string, number>;
  /** Any token not listed is held by fewer rows than this share. */
  rarerThan: number;
};

const FRESH_FOR_MS = 60_000;
const cache = new WeakMap<object, { at: number; stats: Promise<TokenStats | null> }>();

async function readTokenStats(ctx: Pick<CoreContext, "db">): Promise<TokenStats | null> {
  const result = (await ctx.db.execute(sql`
    select c.reltuples::float8 as rows,
           s.most_common_elems::text::text[] as elems,
           s.most_common_elem_freqs as freqs
    from pg_class c
    left join pg_stats s
      on s.schemaname = current_schema() and s.tablename = 'item_search' and s.attname = 'grams'
    where c.oid = to_regclass('item_search')
  `)) as unknown as { rows: { rows: number; elems: string[] | null; freqs: number[] | null }[] };
  const row = result.rows[0];
  if (!row?.elems?.length || !row.freqs || Number(row.rows) <= 0) return null;
  const freqs = row.freqs;
  const share = new Map(row.elems.map((token, i) => [token, Number(freqs[i])]));
  // After the elements' shares come the smallest and largest of them, then the share of empty rows.
  const rarerThan = Number(row.freqs[row.elems.length] ?? Math.min(...share.values()));
  return { rows: Number(row.rows), share, rarerThan };
}

/** The token statistics of this database, read at most once a minute. */
export function tokenStats(ctx: Pick<CoreContext, "db">): Promise<TokenStats | null> {
  const key = ctx.db as object;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_FOR_MS) return hit.stats;
  const stats = readTokenStats(ctx).catch(() => null);
  cache.set(key, { at: Date.now(), stats });
  return stats;
}

/** The share of rows holding a token: its own when it is common, otherwise at most `rarerThan`. */
export function shareOf(stats: TokenStats, token: string): number {
  return stats.share.get(token) ?? stats.rarerThan;
}
