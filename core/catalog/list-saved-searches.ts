import { desc, eq } from "drizzle-orm";
import { savedSearches } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { ItemCard } from "./item-card.ts";
import { searchItems } from "./search-items.ts";
import { searchParamsOf } from "./search-params.ts";
import { searchQueryFromParams } from "./search-query.ts";

export async function listSavedSearches(ctx: Pick<CoreContext, "db">, userId: number) {
  return ctx.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
}

/**
 * The newest listings on sale that match the member's most recent saved search, for their home
 * page: what they told us they are looking for, before anything else. Null without a saved search.
 */
export async function newForLatestSavedSearch(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { userId: number; limit: number },
): Promise<{ query: string; keyword: string; items: ItemCard[] } | null> {
  const [latest] = await ctx.db
    .select({ query: savedSearches.query })
    .from(savedSearches)
    .where(eq(savedSearches.userId, o.userId))
    .orderBy(desc(savedSearches.id))
    .limit(1);
  if (!latest) return null;
  const q = searchQueryFromParams(new URLSearchParams(latest.query));
  const page = await searchItems(ctx, {
    query: { ...q, status: "on_sale", sort: "new", cursor: undefined },
    limit: o.limit,
    count: false,
  });
  return {
    query: searchParamsOf({ ...q, status: "on_sale", sort: "new" }).toString(),
    keyword: q.keyword,
    items: page.items,
  };
}
