import { eq, isNull, sql } from "drizzle-orm";
import { deviceModels, itemSearch, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { TItemFields } from "./item-fields.ts";
import { itemSearchRow } from "./item-search-text.ts";

/**
 * Builds the keyword index of listings that have none (listings written before the index had its
 * own table, or by hand). Runs at start; a no-op once every listing is indexed.
 */
export async function indexUnsearchableItems(ctx: Pick<CoreContext, "db">, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ item: items, modelName: deviceModels.name })
      .from(items)
      .leftJoin(itemSearch, eq(itemSearch.itemId, items.id))
      .leftJoin(deviceModels, eq(deviceModels.id, items.modelId))
      .where(isNull(itemSearch.itemId))
      .limit(batch);
    if (rows.length === 0) return total;
    await ctx.db
      .insert(itemSearch)
      .values(
        rows.map(({ item, modelName }) => ({
          itemId: item.id,
          ...itemSearchRow(
            Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v ?? undefined])) as TItemFields,
            modelName,
          ),
        })),
      )
      .onConflictDoNothing();
    total += rows.length;
  }
}

/**
 * Refreshes the statistics search reads its plans from (`search-stats.ts`, decision 025). PostgreSQL's
 * autovacuum keeps them; the embedded database has no autovacuum, so they are taken at start.
 */
export async function refreshSearchStatistics(ctx: Pick<CoreContext, "db">): Promise<void> {
  await ctx.db.execute(sql`analyze item_search`);
}
