import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { itemSearch, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { cardColumns, type ItemCard, withThumbs } from "./item-card.ts";
import { SEARCH_PAGE_SIZE, type TSearchQuery } from "./search-query.ts";
import { keywordTerms } from "./search-text.ts";

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The WHERE conditions of a query (without paging), shared by search and saved-search matching. */
export function searchConditions(q: TSearchQuery): SQL[] {
  const where: SQL[] = [];
  where.push(
    q.status === "on_sale"
      ? eq(items.state, "SALE")
      : q.status === "sold"
        ? eq(items.state, "SOLD")
        : inArray(items.state, ["SALE", "ASK", "SOLD"]),
  );
  // Every term's characters or character pairs must all be in the listing (see decision 009).
  const grams = [...new Set(keywordTerms(q.keyword).flatMap((term) => term.grams))];
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

/**
 * One page of listings for a query, with a cursor for the next. Pages are keyed on the sort value
 * and the id, so new listings arriving between pages neither repeat nor skip results.
 */
export async function searchItems(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { query: TSearchQuery; limit?: number },
): Promise<{ items: ItemCard[]; nextCursor: string | null }> {
  const q = o.query;
  const limit = Math.min(o.limit ?? SEARCH_PAGE_SIZE, 100);
  const where = searchConditions(q);
  const cursor = decodeCursor(q.cursor);

  const sortColumn =
    q.sort === "price_asc" || q.sort === "price_desc"
      ? items.price
      : q.sort === "likes"
        ? items.likeCount
        : items.publishedAt;
  const ascending = q.sort === "price_asc";
  if (q.sort === "price_asc" || q.sort === "price_desc") where.push(sql`${items.price} is not null`);
  if (cursor) {
    const value = q.sort === "new" ? sql`${String(cursor.v)}::timestamptz` : sql`${Number(cursor.v)}`;
    where.push(
      ascending
        ? or(gt(sortColumn, value), and(eq(sortColumn, value), gt(items.id, cursor.id)))!
        : or(lt(sortColumn, value), and(eq(sortColumn, value), lt(items.id, cursor.id)))!,
    );
  }
  const rows = await ctx.db
    .select({ ...cardColumns, sortValue: sortColumn })
    .from(items)
    .where(and(...where))
    .orderBy(ascending ? asc(sortColumn) : desc(sortColumn), ascending ? asc(items.id) : desc(items.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({
          v: last.sortValue instanceof Date ? last.sortValue.toISOString() : Number(last.sortValue),
          id: last.id,
        })
      : null;
  return {
    items: await withThumbs(
      ctx,
      page.map(({ sortValue: _, ...card }) => card),
    ),
    nextCursor,
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
