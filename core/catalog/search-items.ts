import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { itemSearch, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { cardColumns, cardsByIds, type ItemCard, withThumbs } from "./item-card.ts";
import { SEARCHABLE_STATES } from "./item-states.ts";
import { SEARCH_PAGE_SIZE, type TSearchQuery } from "./search-query.ts";
import { keywordTerms } from "./search-text.ts";
import { searchTokens } from "./search-tokens.ts";

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Every term's characters or character pairs must all be in the listing (see decision 009). */
const keywordGrams = (q: TSearchQuery) => [...new Set(keywordTerms(q.keyword).flatMap((term) => term.grams))];

/** The WHERE conditions of a query (without paging), shared by search and saved-search matching. */
function searchConditions(q: TSearchQuery): SQL[] {
  const where: SQL[] = [];
  where.push(
    q.status === "on_sale"
      ? eq(items.state, "SALE")
      : q.status === "sold"
        ? eq(items.state, "SOLD")
        : inArray(items.state, [...SEARCHABLE_STATES]),
  );
  const grams = keywordGrams(q);
  if (grams.length) {
    where.push(
      sql`exists (select 1 from ${itemSearch} where ${itemSearch.itemId} = ${items.id} and ${itemSearch.grams} @> ${textArray(grams)})`,
    );
  }
  if (q.category) where.push(eq(items.categoryCode, q.category));
  if (q.brand) where.push(eq(items.brandCode, q.brand));
  if (q.model) where.push(eq(items.modelId, q.model));
  if (q.condition.length) where.push(inArray(items.condition, q.condition as never[]));
  if (q.priceMin !== undefined) where.push(gte(items.price, q.priceMin));
  if (q.priceMax !== undefined) where.push(lte(items.price, q.priceMax));
  if (q.storage.length) where.push(inArray(items.storageGb, q.storage));
  if (q.color.length) where.push(inArray(items.color, q.color));
  if (q.carrier.length) where.push(inArray(items.carrier, q.carrier));
  if (q.networkRestriction.length) where.push(inArray(items.networkRestriction, q.networkRestriction));
  if (q.activationLock.length) where.push(inArray(items.activationLock, q.activationLock));
  if (q.batteryMin !== undefined) where.push(gte(items.batteryHealth, q.batteryMin));
  if (q.defects.length) where.push(sql`${items.defects} @> ${textArray(q.defects)}`);
  if (q.noDefects.length) where.push(sql`not (${items.defects} && ${textArray(q.noDefects)})`);
  return where;
}

type Cursor = { v: number | string; id: number };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof c?.id === "number" && (typeof c.v === "number" || typeof c.v === "string")) return c;
  } catch {
    // A damaged cursor starts from the first page.
  }
  return null;
}

/** The columns a page of results is sorted and paged on, in whichever table answers the query. */
type SortSource = {
  id: typeof items.id | typeof itemSearch.itemId;
  price: typeof items.price | typeof itemSearch.price;
  likeCount: typeof items.likeCount | typeof itemSearch.likeCount;
  publishedAt: typeof items.publishedAt | typeof itemSearch.publishedAt;
};

function ordering(q: TSearchQuery, t: SortSource, cursor: Cursor | null) {
  const column =
    q.sort === "price_asc" || q.sort === "price_desc"
      ? t.price
      : q.sort === "likes"
        ? t.likeCount
        : t.publishedAt;
  const ascending = q.sort === "price_asc";
  const where: SQL[] = [];
  if (q.sort === "price_asc" || q.sort === "price_desc") where.push(sql`${t.price} is not null`);
  if (cursor) {
    const value = q.sort === "new" ? sql`${String(cursor.v)}::timestamptz` : sql`${Number(cursor.v)}`;
    where.push(
      ascending
        ? or(gt(column, value), and(eq(column, value), gt(t.id, cursor.id)))!
        : or(lt(column, value), and(eq(column, value), lt(t.id, cursor.id)))!,
    );
  }
  const direction = ascending ? asc : desc;
  return { column, where, orderBy: [direction(column), direction(t.id)] };
}

/**
 * The keyword search's WHERE conditions on the search row alone: the keyword's grams and the
 * filters' tokens in one GIN lookup, ranges on the copied columns (see decision 009).
 */
function keywordConditions(q: TSearchQuery, grams: string[]): SQL[] {
  const tokens = searchTokens(q);
  const where: SQL[] = [sql`${itemSearch.grams} @> ${textArray([...grams, ...tokens.all])}`];
  for (const group of tokens.any) where.push(sql`${itemSearch.grams} && ${textArray(group)}`);
  if (tokens.none.length) where.push(sql`not (${itemSearch.grams} && ${textArray(tokens.none)})`);
  if (q.priceMin !== undefined) where.push(gte(itemSearch.price, q.priceMin));
  if (q.priceMax !== undefined) where.push(lte(itemSearch.price, q.priceMax));
  if (q.batteryMin !== undefined) where.push(gte(itemSearch.batteryHealth, q.batteryMin));
  return where;
}

const nextCursorOf = (rows: { id: number; sortValue: unknown }[], limit: number) => {
  const last = rows[limit - 1];
  return rows.length > limit && last
    ? encodeCursor({
        v: last.sortValue instanceof Date ? last.sortValue.toISOString() : Number(last.sortValue),
        id: last.id,
      })
    : null;
};

/**
 * One page of listings for a query, with a cursor for the next. Pages are keyed on the sort value
 * and the id, so new listings arriving between pages neither repeat nor skip results.
 *
 * A keyword search reads the search rows alone (keyword and filters in one index lookup) and then
 * the page's listings; a search without a keyword reads the listings in sort order off an index.
 */
export async function searchItems(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { query: TSearchQuery; limit?: number },
): Promise<{ items: ItemCard[]; nextCursor: string | null }> {
  const q = o.query;
  const limit = Math.min(o.limit ?? SEARCH_PAGE_SIZE, 100);
  const cursor = decodeCursor(q.cursor);
  const grams = keywordGrams(q);

  if (grams.length) {
    const order = ordering(q, { ...itemSearch, id: itemSearch.itemId }, cursor);
    const rows = await ctx.db
      .select({ id: itemSearch.itemId, sortValue: order.column })
      .from(itemSearch)
      .where(and(...keywordConditions(q, grams), ...order.where))
      .orderBy(...order.orderBy)
      .limit(limit + 1);
    return {
      items: await cardsByIds(
        ctx,
        rows.slice(0, limit).map((r) => r.id),
      ),
      nextCursor: nextCursorOf(rows, limit),
    };
  }

  const order = ordering(q, items, cursor);
  const rows = await ctx.db
    .select({ ...cardColumns, sortValue: order.column })
    .from(items)
    .where(and(...searchConditions(q), ...order.where))
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  return {
    items: withThumbs(
      ctx,
      rows.slice(0, limit).map(({ sortValue: _, ...card }) => card),
    ),
    nextCursor: nextCursorOf(rows, limit),
  };
}

/** Whether one listing matches a query (saved-search notices). */
export async function itemMatches(
  ctx: Pick<CoreContext, "db">,
  q: TSearchQuery,
  itemId: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, itemId), ...searchConditions(q)))
    .limit(1);
  return row !== undefined;
}
