import { and, count, desc, eq, lt, or } from "drizzle-orm";
import { buybackItems, deviceModels } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { type TimeCursor, timeCursor } from "../social/cursor.ts";
import { COLUMNS, COMPLETED, type PublicResult, toResult } from "./public-results.ts";

/**
 * Completed buybacks, newest first, a page at a time: `before` is the cursor of the last one seen
 * (its decision time and id, since several may share a moment).
 */
export async function listPublicResults(
  ctx: CoreContext,
  o: { before?: TimeCursor | null; limit: number },
): Promise<{ items: PublicResult[]; nextCursor: string | null }> {
  const before = o.before
    ? or(
        lt(buybackItems.decidedAt, o.before.at),
        and(eq(buybackItems.decidedAt, o.before.at), lt(buybackItems.id, o.before.id)),
      )
    : undefined;
  const rows = await ctx.db
    .select(COLUMNS)
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .where(and(COMPLETED, before))
    .orderBy(desc(buybackItems.decidedAt), desc(buybackItems.id))
    .limit(o.limit + 1);
  const items = rows.slice(0, o.limit).map(toResult);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > o.limit && last ? timeCursor(last.decidedAt, last.id) : null,
  };
}

/** Every completed buyback's id and time, newest first, for the sitemap. */
export async function listPublicResultsForSitemap(
  ctx: CoreContext,
  o: { offset: number; limit: number },
): Promise<{ id: number; decidedAt: Date }[]> {
  const rows = await ctx.db
    .select({ id: buybackItems.id, decidedAt: buybackItems.decidedAt })
    .from(buybackItems)
    .where(COMPLETED)
    .orderBy(desc(buybackItems.decidedAt), desc(buybackItems.id))
    .offset(o.offset)
    .limit(o.limit);
  return rows.map((r) => ({ id: r.id, decidedAt: r.decidedAt as Date }));
}

/** How many completed buybacks there are (the sitemap splits them into files of 50,000). */
export async function countPublicResults(ctx: CoreContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(buybackItems).where(COMPLETED);
  return Number(row?.n ?? 0);
}
