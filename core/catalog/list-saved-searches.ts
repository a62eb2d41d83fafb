import { and, count, desc, eq, gt, inArray, ne } from "drizzle-orm";
import { items, savedSearches } from "#db/schema/index.ts";
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

/** New listings are counted up to this many: beyond it a saved search says "99件以上". */
export const NEW_LISTINGS_LIMIT = 99;

/**
 * How many listings on sale that a saved query matches were published after `since` (when the
 * member last opened it, or saved it) by someone else: the newest matches, counted up to
 * NEW_LISTINGS_LIMIT. The member's own listings are no news to them, as in the notices.
 */
async function newListingsSince(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  o: { query: string; since: Date; userId: number },
): Promise<{ newCount: number; newCapped: boolean }> {
  const q = searchQueryFromParams(new URLSearchParams(o.query));
  const page = await searchItems(ctx, {
    query: { ...q, status: "on_sale", sort: "new", cursor: undefined },
    limit: NEW_LISTINGS_LIMIT + 1,
  });
  if (page.items.length === 0) return { newCount: 0, newCapped: false };
  const [row] = await ctx.db
    .select({ n: count() })
    .from(items)
    .where(
      and(
        inArray(
          items.id,
          page.items.map((i) => i.id),
        ),
        gt(items.publishedAt, o.since),
        ne(items.sellerId, o.userId),
      ),
    );
  const n = Number(row?.n ?? 0);
  return { newCount: Math.min(n, NEW_LISTINGS_LIMIT), newCapped: n > NEW_LISTINGS_LIMIT };
}

/** A member's saved searches, newest first, each with its alert and the listings new since last seen. */
export async function savedSearchesWithNews(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  userId: number,
) {
  const rows = await listSavedSearches(ctx, userId);
  return Promise.all(
    rows.map(async (s) => ({
      id: s.id,
      query: s.query,
      alert: s.alert,
      createdAt: s.createdAt,
      seenAt: s.seenAt,
      ...(await newListingsSince(ctx, { query: s.query, since: s.seenAt ?? s.createdAt, userId })),
    })),
  );
}

/**
 * The newest listings on sale that match the member's most recent saved search, for their home
 * page: what they told us they are looking for, before anything else. Null without a saved search.
 */
export async function newForLatestSavedSearch(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
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
