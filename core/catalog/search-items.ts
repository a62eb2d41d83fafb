import { and, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { deviceModels, itemSearch, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { cardColumns, cardsByIds, type ItemCard, withThumbs } from "./item-card.ts";
import { SEARCHABLE_STATES } from "./item-states.ts";
import { SEARCH_PAGE_SIZE, type TSearchQuery } from "./search-query.ts";
import { correctedQuery, type KeywordPlan, keywordPlan } from "./search-text.ts";
import { searchTokens } from "./search-tokens.ts";

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Counts stop here: beyond it the page says "10,000件以上" (more than this many). */
export const SEARCH_COUNT_LIMIT = 10_000;

/** The WHERE conditions on the listings themselves (a search without a keyword). */
function listingConditions(q: TSearchQuery): SQL[] {
  const where: SQL[] = [];
  where.push(
    q.status === "on_sale"
      ? eq(items.state, "SALE")
      : q.status === "sold"
        ? eq(items.state, "SOLD")
        : inArray(items.state, [...SEARCHABLE_STATES]),
  );
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

/**
 * The keyword search's WHERE conditions on the search row alone: the keyword's tokens and the
 * filters' tokens in one GIN lookup, longer Japanese terms checked against the text, ranges on the
 * copied columns (decisions 009 and 024).
 */
function keywordConditions(q: TSearchQuery, plan: KeywordPlan): SQL[] {
  const tokens = searchTokens(q);
  const where: SQL[] = [sql`${itemSearch.grams} @> ${textArray([...plan.tokens, ...tokens.all])}`];
  for (const phrase of plan.phrases) where.push(sql`strpos(${itemSearch.body}, ${phrase}) > 0`);
  for (const group of tokens.any) where.push(sql`${itemSearch.grams} && ${textArray(group)}`);
  if (tokens.none.length) where.push(sql`not (${itemSearch.grams} && ${textArray(tokens.none)})`);
  if (q.priceMin !== undefined) where.push(gte(itemSearch.price, q.priceMin));
  if (q.priceMax !== undefined) where.push(lte(itemSearch.price, q.priceMax));
  if (q.batteryMin !== undefined) where.push(gte(itemSearch.batteryHealth, q.batteryMin));
  return where;
}

type Cursor = { v: number | string; id: number; tier?: number };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      typeof c?.id === "number" &&
      (typeof c.v === "number" || typeof c.v === "string") &&
      (c.tier === undefined || (Number.isInteger(c.tier) && c.tier >= 0 && c.tier < 3))
    ) {
      return c;
    }
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

/**
 * The order of a page and the keyset condition after the cursor. Each order is written the way its
 * index is built (`DESC NULLS LAST` for dates and likes), so a page is read straight off the index.
 */
function ordering(q: TSearchQuery, t: SortSource, cursor: Cursor | null) {
  const byPrice = q.sort === "price_asc" || q.sort === "price_desc";
  const column = byPrice ? t.price : q.sort === "likes" ? t.likeCount : t.publishedAt;
  const ascending = q.sort === "price_asc";
  const where: SQL[] = [];
  if (byPrice) where.push(sql`${t.price} is not null`);
  else if (column === t.publishedAt) where.push(sql`${t.publishedAt} is not null`);
  if (cursor) {
    const value = column === t.publishedAt ? sql`${String(cursor.v)}::timestamptz` : sql`${Number(cursor.v)}`;
    where.push(
      ascending
        ? or(gt(column, value), and(eq(column, value), gt(t.id, cursor.id)))!
        : or(lt(column, value), and(eq(column, value), lt(t.id, cursor.id)))!,
    );
  }
  // Price descending is the price index read backwards (nulls first, and there are none).
  const orderBy = ascending
    ? [sql`${column} asc`, sql`${t.id} asc`]
    : byPrice
      ? [sql`${column} desc`, sql`${t.id} desc`]
      : [sql`${column} desc nulls last`, sql`${t.id} desc nulls last`];
  return { column, where, orderBy };
}

const cursorAfter = (row: { id: number; sortValue: unknown }, tier?: number) =>
  encodeCursor({
    v: row.sortValue instanceof Date ? row.sortValue.toISOString() : Number(row.sortValue),
    id: row.id,
    ...(tier === undefined ? {} : { tier }),
  });

const nextCursorOf = (rows: { id: number; sortValue: unknown }[], limit: number) => {
  const last = rows[limit - 1];
  return rows.length > limit && last ? cursorAfter(last) : null;
};

export type SearchPage = {
  items: ItemCard[];
  nextCursor: string | null;
  /** How many listings match, exact up to SEARCH_COUNT_LIMIT (`countCapped` beyond). */
  count?: number;
  countCapped?: boolean;
  /** When nothing matched the words as typed, the corrected words the page shows results for. */
  correctedKeyword?: string;
};

/** The ids of the catalogue models a query names exactly: they rank first. */
async function namedModelIds(ctx: Pick<CoreContext, "db">, plan: KeywordPlan): Promise<number[]> {
  if (plan.models.length === 0) return [];
  const rows = await ctx.db
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(inArray(deviceModels.name, plan.models));
  return rows.map((r) => r.id);
}

/**
 * The relevance tiers of a keyword search, best first: the listings of the model the query names,
 * then listings whose title or model name holds every term, then the rest (the terms are in the
 * description or the facts). Each tier is read newest first.
 */
function relevanceTiers(plan: KeywordPlan, modelIds: number[]): SQL[] {
  const named = modelIds.length
    ? sql`${itemSearch.grams} && ${textArray(modelIds.map((id) => `m:${id}`))}`
    : null;
  const inTitle = sql`${itemSearch.grams} @> ${textArray(plan.tokens.map((t) => `t:${t}`))}`;
  const tiers: SQL[] = [];
  if (named) tiers.push(named);
  tiers.push(named ? sql`not (${named}) and ${inTitle}` : inTitle);
  tiers.push(named ? sql`not (${named}) and not (${inTitle})` : sql`not (${inTitle})`);
  return tiers;
}

async function keywordPage(
  ctx: Pick<CoreContext, "db" | "blobs">,
  q: TSearchQuery,
  plan: KeywordPlan,
  limit: number,
): Promise<Pick<SearchPage, "items" | "nextCursor">> {
  const cursor = decodeCursor(q.cursor);
  const where = keywordConditions(q, plan);
  if (q.sort !== "relevance") {
    const order = ordering(q, { ...itemSearch, id: itemSearch.itemId }, cursor);
    const select = (db: Pick<CoreContext["db"], "select">) =>
      db
        .select({ id: itemSearch.itemId, sortValue: order.column })
        .from(itemSearch)
        .where(and(...where, ...order.where))
        .orderBy(...order.orderBy)
        .limit(limit + 1);
    // By price, the planner walks the price index and tests each row's tokens, expecting matches
    // spread evenly over prices; a keyword's matches seldom are (faulty phones are cheap), so
    // unless the keyword matches most listings, the index's bitmap and a sort are far cheaper.
    const byPrice = q.sort === "price_asc" || q.sort === "price_desc";
    const rows =
      byPrice && (await estimatedMatches(ctx, and(...where)!)) <= SURELY_BEYOND * SEARCH_COUNT_LIMIT
        ? await ctx.db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_indexscan = off`);
            return select(tx);
          })
        : await select(ctx.db);
    return {
      items: await cardsByIds(
        ctx,
        rows.slice(0, limit).map((r) => r.id),
      ),
      nextCursor: nextCursorOf(rows, limit),
    };
  }

  // Relevance: tier by tier, each newest first, until the page is full.
  const tiers = relevanceTiers(plan, await namedModelIds(ctx, plan));
  const found: { id: number; sortValue: unknown; tier: number }[] = [];
  const newest = { ...q, sort: "new" as const };
  for (let tier = cursor?.tier ?? 0; tier < tiers.length && found.length <= limit; tier++) {
    const order = ordering(
      newest,
      { ...itemSearch, id: itemSearch.itemId },
      tier === cursor?.tier ? cursor : null,
    );
    const rows = await ctx.db
      .select({ id: itemSearch.itemId, sortValue: order.column })
      .from(itemSearch)
      .where(and(...where, tiers[tier]!, ...order.where))
      .orderBy(...order.orderBy)
      .limit(limit + 1 - found.length);
    found.push(...rows.map((r) => ({ ...r, tier })));
  }
  const last = found[limit - 1];
  return {
    items: await cardsByIds(
      ctx,
      found.slice(0, limit).map((r) => r.id),
    ),
    nextCursor: found.length > limit && last ? cursorAfter(last, last.tier) : null,
  };
}

/** How many search rows the planner expects a condition to match. */
async function estimatedMatches(ctx: Pick<CoreContext, "db">, where: SQL): Promise<number> {
  const result = await ctx.db.execute(sql`explain (format json) select 1 from ${itemSearch} where ${where}`);
  const [row] = (result as unknown as { rows: { "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[] }).rows;
  return Number(row?.["QUERY PLAN"]?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** Beyond this many times the limit, the planner's estimate alone says "more than the limit". */
const SURELY_BEYOND = 3;

/**
 * How many listings match a query, counted exactly up to the limit. A keyword's count reads the
 * keyword index's bitmap (the planner would rather scan the table and test every row's tokens,
 * which costs far more); a result the planner expects to be several times the limit is not counted.
 */
export async function countMatches(
  ctx: Pick<CoreContext, "db">,
  q: TSearchQuery,
  plan: KeywordPlan = keywordPlan(q.keyword),
): Promise<{ count: number; countCapped: boolean }> {
  const capped = { count: SEARCH_COUNT_LIMIT, countCapped: true };
  if (!plan.tokens.length) {
    const matches = ctx.db
      .select({ one: sql`1` })
      .from(items)
      .where(and(...listingConditions(q)))
      .limit(SEARCH_COUNT_LIMIT + 1)
      .as("matches");
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(matches);
    const n = Number(row?.n ?? 0);
    return n > SEARCH_COUNT_LIMIT ? capped : { count: n, countCapped: false };
  }
  const where = and(...keywordConditions(q, plan))!;
  if ((await estimatedMatches(ctx, where)) > SURELY_BEYOND * SEARCH_COUNT_LIMIT) return capped;
  const n = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const matches = tx
      .select({ one: sql`1` })
      .from(itemSearch)
      .where(where)
      .limit(SEARCH_COUNT_LIMIT + 1)
      .as("matches");
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(matches);
    return Number(row?.n ?? 0);
  });
  return n > SEARCH_COUNT_LIMIT ? capped : { count: n, countCapped: false };
}

/**
 * One page of listings for a query, with a cursor for the next. Pages are keyed on the sort value
 * and the id (and the relevance tier), so new listings arriving between pages neither repeat nor
 * skip results.
 *
 * A keyword search reads the search rows alone (keyword and filters in one index lookup) and then
 * the page's listings, and says how many matched; when nothing matched and a word of the query is
 * one letter off a catalogue name, it shows the results for the corrected words. A search without
 * a keyword reads the listings in sort order off an index.
 */
export async function searchItems(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { query: TSearchQuery; limit?: number; count?: boolean },
): Promise<SearchPage> {
  const q = o.query;
  const limit = Math.min(o.limit ?? SEARCH_PAGE_SIZE, 100);
  const plan = keywordPlan(q.keyword);

  if (plan.tokens.length) {
    // On PostgreSQL the count runs beside the page, on a connection of its own.
    const [page, count] = await Promise.all([
      keywordPage(ctx, q, plan, limit),
      o.count ? countMatches(ctx, q, plan) : Promise.resolve({}),
    ]);
    if (page.items.length === 0 && !q.cursor) {
      const corrected = correctedQuery(q.keyword);
      if (corrected) {
        const correctedPlan = keywordPlan(corrected);
        const retry = await keywordPage(ctx, { ...q, keyword: corrected }, correctedPlan, limit);
        if (retry.items.length) {
          return {
            ...retry,
            correctedKeyword: corrected,
            ...(o.count ? await countMatches(ctx, { ...q, keyword: corrected }, correctedPlan) : {}),
          };
        }
      }
    }
    return { ...page, ...count };
  }

  const cursor = decodeCursor(q.cursor);
  const order = ordering(q, items, cursor);
  const rows = await ctx.db
    .select({ ...cardColumns, sortValue: order.column })
    .from(items)
    .where(and(...listingConditions(q), ...order.where))
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  return {
    items: withThumbs(
      ctx,
      rows.slice(0, limit).map(({ sortValue: _, ...card }) => card),
    ),
    nextCursor: nextCursorOf(rows, limit),
    ...(o.count ? await countMatches(ctx, q, plan) : {}),
  };
}

/** Whether one listing matches a query (saved-search notices). */
export async function itemMatches(
  ctx: Pick<CoreContext, "db">,
  q: TSearchQuery,
  itemId: number,
): Promise<boolean> {
  const plan = keywordPlan(q.keyword);
  const [row] = plan.tokens.length
    ? await ctx.db
        .select({ id: itemSearch.itemId })
        .from(itemSearch)
        .where(and(eq(itemSearch.itemId, itemId), ...keywordConditions(q, plan)))
        .limit(1)
    : await ctx.db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.id, itemId), ...listingConditions(q)))
        .limit(1);
  return row !== undefined;
}
