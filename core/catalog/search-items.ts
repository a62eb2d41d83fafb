import { and, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { deviceModels, itemSearch, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { cardColumns, type ItemCard, withThumbs } from "./item-card.ts";
import { SEARCHABLE_STATES } from "./item-states.ts";
import type { TSearchQuery } from "./search-params.ts";
import { SEARCH_PAGE_SIZE } from "./search-query.ts";
import { shareOf, type TokenStats, tokenStats } from "./search-stats.ts";
import { correctedQuery, type KeywordPlan, keywordPlan } from "./search-text.ts";
import { searchTokens } from "./search-tokens.ts";
import { holdsReportInDate } from "./self-checked.ts";

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Counts stop here: beyond it the page says "1,000件以上" (more than this many). Each counted
 * listing is a visit to the table, so the limit is what keeps a count as cheap as the page.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** The WHERE conditions on the listings themselves (a search without a keyword), at `now`. */
function listingConditions(q: TSearchQuery, now: Date): SQL[] {
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
  if (q.postage) where.push(eq(items.postage, q.postage as never));
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
  if (q.checked) where.push(holdsReportInDate(items.id, now));
  return where;
}

/** The most relevance tiers a search goes through: three, for the unsold listings and for the sold. */
const MOST_TIERS = 6;

/** The token of a sold listing's search row (`s:` and its state). */
const SOLD_TOKEN = "s:SOLD";

/** A fact that this share of listings or more have is checked on the row, not looked up in the index. */
const COMMON_SHARE = 0.3;

/** A keyword search whose index lookup is expected to yield more rows than this reads them range by range. */
const BY_RANGE_FROM = 500;

/**
 * How a keyword search reads its matches (decision 025): "all" through the keyword index's bitmap,
 * then sorted; "ranges" the newest weeks or the first price bands first; "ordered" as the planner
 * likes, which for a keyword most listings hold is the sort's index, checking each row.
 */
export type SearchReading = "all" | "ranges" | "ordered";

/** A Japanese term's pairs of neighbouring characters, as the index holds them. */
function charPairs(term: string): string[] {
  const chars = Array.from(term);
  return chars.slice(1).map((c, i) => chars[i]! + c);
}

/** The words a query's pairs already ask for: a row holding "iphone 12" holds "iphone" and "12". */
function withoutImpliedWords(tokens: string[]): string[] {
  const inPairs = new Set(tokens.filter((t) => t.includes(" ")).flatMap((t) => t.split(" ")));
  return tokens.filter((t) => !inPairs.has(t));
}

type KeywordWhere = {
  where: SQL[];
  reading: SearchReading;
  /** How many listings the statistics expect to match, when there are statistics. */
  expected: number | null;
};

/**
 * The keyword search's WHERE conditions on the search row alone, and how to read them (decisions
 * 009, 024 and 025). The keyword's tokens and the rarer facts are looked up in the GIN index at once;
 * facts that most listings have (on sale, smartphones) are checked on the row's short `facts` array,
 * since intersecting a long posting list costs far more than the check; longer Japanese terms are
 * checked against the text, ranges on the copied columns.
 *
 * The reading: few expected matches are all read through the index's bitmap and sorted; a keyword
 * that most listings hold walks the sort's index and checks each row; in between, the first ranges
 * of the sort (weeks, price bands) are read first, each through the index, until the page is full.
 */
function keywordConditions(
  q: TSearchQuery,
  plan: KeywordPlan,
  stats: TokenStats | null,
  now: Date,
  o: { reading?: SearchReading; tier?: Tier } = {},
): KeywordWhere {
  const asked = searchTokens(q);
  const tokens =
    o.tier?.sold === undefined
      ? asked
      : o.tier.sold
        ? { ...asked, all: [...asked.all, SOLD_TOKEN] }
        : { ...asked, none: [...asked.none, SOLD_TOKEN] };
  const common = (t: string) => stats !== null && shareOf(stats, t) >= COMMON_SHARE;
  // A title token stands for the word too: the title is part of the text.
  let words = withoutImpliedWords(plan.tokens).map((t) => (o.tier?.inTitle ? `t:${t}` : t));
  const rareFacts = tokens.all.filter((t) => !common(t));
  if (stats && !o.tier?.inTitle) {
    // The character pairs of a longer Japanese term that most listings hold are left to the check
    // of the whole term against the text, as long as something is still looked up.
    const pairs = new Set(plan.phrases.flatMap(charPairs));
    const kept = words.filter((t) => !(pairs.has(t) && common(t)));
    const rarest = [...words].sort((a, b) => shareOf(stats, a) - shareOf(stats, b))[0]!;
    words = kept.length || rareFacts.length || o.tier?.models ? kept : [rarest];
  }
  const looked = [...words, ...rareFacts];
  const checked = tokens.all.filter(common);
  // The checks on the short facts array first: the planner keeps this order among equal costs.
  const where: SQL[] = [];
  if (checked.length) where.push(sql`${itemSearch.facts} @> ${textArray(checked)}`);
  if (tokens.none.length) where.push(sql`not (${itemSearch.facts} && ${textArray(tokens.none)})`);
  const anyLooked: string[][] = [];
  for (const group of tokens.any) {
    const share = stats ? group.reduce((sum, t) => sum + shareOf(stats, t), 0) : 0;
    if (share >= COMMON_SHARE) where.push(sql`${itemSearch.facts} && ${textArray(group)}`);
    else anyLooked.push(group);
  }
  if (looked.length) where.push(sql`${itemSearch.grams} @> ${textArray(looked)}`);
  if (o.tier?.models) where.push(sql`${itemSearch.grams} && ${o.tier.models}`);
  for (const group of anyLooked) where.push(sql`${itemSearch.grams} && ${textArray(group)}`);
  if (o.tier?.where) where.push(o.tier.where);
  for (const phrase of plan.phrases) where.push(sql`strpos(${itemSearch.body}, ${phrase}) > 0`);
  if (q.priceMin !== undefined) where.push(gte(itemSearch.price, q.priceMin));
  if (q.priceMax !== undefined) where.push(lte(itemSearch.price, q.priceMax));
  if (q.batteryMin !== undefined) where.push(gte(itemSearch.batteryHealth, q.batteryMin));
  // A report comes and goes with its dates, not with the listing: looked up, never a token.
  if (q.checked) where.push(holdsReportInDate(itemSearch.itemId, now));

  // Without statistics the planner chooses, as it always did.
  if (!stats) return { where, reading: o.reading ?? "ordered", expected: null };
  const share = (t: string) => shareOf(stats, t);
  const rarest = Math.min(...looked.map(share), ...anyLooked.map((group) => sum(group.map(share))));
  // A query's words go together (a model's name and number); its facts hardly depend on them.
  const wordsShare = Math.min(1, ...words.map(share));
  const groupShare = (group: string[]) => Math.min(1, sum(group.map(share)));
  // The rows the index lookup yields, each a visit to the table; and the rows that match in the end.
  const visits = stats.rows * wordsShare * product(rareFacts.map(share)) * product(anyLooked.map(groupShare));
  const expected =
    stats.rows * wordsShare * product(tokens.all.map(share)) * product(tokens.any.map(groupShare));
  const reading = rarest >= COMMON_SHARE ? "ordered" : visits > BY_RANGE_FROM ? "ranges" : "all";
  return { where, reading: o.reading ?? reading, expected };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const product = (xs: number[]) => xs.reduce((a, b) => a * b, 1);

type Cursor = { v: number | string; id: number; tier?: number };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

/** The largest value an integer column (price, likes) holds. */
const INT_MAX = 2_147_483_647;
/** Dates in cursors end before the year 10000. */
const LAST_DATE = Date.UTC(10_000, 0, 1);

/**
 * The cursor of a query's next page, or null (the first page) for one that is damaged or made for
 * another order: a date for the newest-first and relevance orders, a whole number in an integer
 * column's range for price and likes, a listing id, and a relevance tier.
 */
function decodeCursor(raw: string | undefined, sort: TSearchQuery["sort"]): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    const byDate = sort === "new" || sort === "relevance";
    // A date is passed on as the ISO form of what it parses to, whatever was written.
    const at = typeof c?.v === "string" && c.v.length <= 40 ? Date.parse(c.v) : Number.NaN;
    const value = byDate
      ? at >= 0 && at < LAST_DATE && new Date(at).toISOString()
      : Number.isSafeInteger(c?.v) && Math.abs(c.v) <= INT_MAX && c.v;
    if (
      value !== false &&
      Number.isSafeInteger(c.id) &&
      (c.tier === undefined || (Number.isInteger(c.tier) && c.tier >= 0 && c.tier < MOST_TIERS))
    ) {
      return { v: value, id: c.id, ...(c.tier === undefined ? {} : { tier: c.tier }) };
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

/** The model tokens (`m:<id>`) of the catalogue models a query names exactly, as SQL: they rank first. */
function namedModelTokens(plan: KeywordPlan): SQL | null {
  if (plan.models.length === 0) return null;
  return sql`(select coalesce(array_agg('m:' || ${deviceModels.id}), '{}') from ${deviceModels} where ${inArray(deviceModels.name, plan.models)})`;
}

/**
 * A relevance tier: the listings of the models the query names (`models`, an array of model tokens),
 * or those whose title or model name holds every term (`inTitle`), each with a further condition on
 * the row (`where`).
 */
type Tier = {
  models?: SQL;
  inTitle?: boolean;
  where?: SQL;
  /** Only the sold listings (true) or only those still for sale (false); both when absent. */
  sold?: boolean;
};

/**
 * The relevance tiers of a keyword search, best first: the listings of the model the query names,
 * then listings whose title or model name holds every term, then the rest (the terms are in the
 * description or the facts). Each tier is read newest first. A search of sold and unsold listings
 * alike (the default) goes through the tiers for what can still be bought first, then again for
 * what has sold: a sold listing is there to show a price, not to be bought.
 */
function relevanceTiers(plan: KeywordPlan, status: TSearchQuery["status"]): Tier[] {
  const models = namedModelTokens(plan);
  const notNamed = models ? sql`not (${itemSearch.facts} && ${models})` : undefined;
  const titleTokens = withoutImpliedWords(plan.tokens).map((t) => `t:${t}`);
  const notInTitle = sql`not (${itemSearch.grams} @> ${textArray(titleTokens)})`;
  const tiers: Tier[] = [
    ...(models ? [{ models }] : []),
    { inTitle: true, ...(notNamed ? { where: notNamed } : {}) },
    { where: notNamed ? sql`${notNamed} and ${notInTitle}` : notInTitle },
  ];
  if (status !== "all") return tiers;
  return [...tiers.map((t) => ({ ...t, sold: false })), ...tiers.map((t) => ({ ...t, sold: true }))];
}

const WEEK_SECONDS = 604_800;

/**
 * The ranges a sort is read in, newest or cheapest (or dearest) range first: the week a listing was
 * published (`w:`, weeks since 1970-01-01 UTC) and its price band (`y:`, the number of digits and
 * the first two: ¥12,800 is band 512), as the search rows hold them (migration 0014). A range's key,
 * written in SQL over a value and in JS for a cursor's value, grows with the value.
 */
const RANGES = {
  week: {
    token: "w:",
    sql: (v: SQL) => sql`floor(extract(epoch from ${v}) / ${WEEK_SECONDS})::bigint`,
    of: (v: number | string) => Math.floor(Date.parse(String(v)) / 1000 / WEEK_SECONDS),
  },
  price: {
    token: "y:",
    sql: (v: SQL) => sql`(length(${v}::text) * 100 + left(${v}::text, 2)::int)`,
    of: (v: number | string) => {
      const digits = String(Math.trunc(Number(v)));
      return digits.length * 100 + Number(digits.slice(0, 2));
    },
  },
} as const;

/** The most ranges a statement goes through: range group i holds 2^i ranges, so 2^20 in all. */
const RANGE_GROUPS = 20;

const NEWEST = { sort: "new" } as const;

type FoundCard = ItemCard & { sortValue: Date | number };

/**
 * Up to `n` listings matching `where` in the query's order (relevance tiers are read newest first),
 * after the cursor, with their cards, in one statement, read the given way:
 * - "ordered": as the planner likes, for a keyword most listings hold: the sort's index, each row
 *   checked;
 * - "all": every match through the keyword index, then sorted;
 * - "ranges": the matches of the first range (the newest week, the dearest or cheapest price band),
 *   then of the next two, the next four and so on, each group one index lookup, stopping as soon as
 *   it has `n` rows: the ranges are disjoint and in order, so their rows one group after another are
 *   in order too. A broad keyword fills its page in the first ranges; a narrow one soon reads wide
 *   groups, never more lookups than about twenty.
 */
async function sortedCards(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  q: TSearchQuery,
  where: SQL[],
  reading: SearchReading,
  cursor: Cursor | null,
  n: number,
): Promise<FoundCard[]> {
  const sort = q.sort === "relevance" ? NEWEST : q;
  const order = ordering(sort as TSearchQuery, { ...itemSearch, id: itemSearch.itemId }, cursor);
  const byDate = order.column === itemSearch.publishedAt;
  const range = byDate ? RANGES.week : order.column === itemSearch.price ? RANGES.price : null;
  const ascending = sort.sort === "price_asc";
  const select = (extra: SQL[] = []) =>
    sql`select ${itemSearch.itemId}, ${order.column} as v from ${itemSearch} where ${and(...where, ...order.where, ...extra)}`;

  let statement: SQL;
  if (reading === "all" || (reading === "ranges" && !range)) {
    // A CTE, so that the planner cannot choose to read it in the sort's order instead.
    const direction = ascending ? sql`asc` : sql`desc`;
    statement = sql`with matches as materialized (${select()}) select * from matches order by v ${direction}, item_id ${direction} limit ${n}`;
  } else if (reading === "ordered" || !range) {
    statement = sql`${select()} order by ${sql.join(order.orderBy, sql`, `)} limit ${n}`;
  } else {
    const bound = (f: "max" | "min") =>
      sql`(select ${range.sql(sql`${sql.raw(f)}(${order.column})`)} from ${itemSearch})`;
    const start = cursor ? sql`${range.of(cursor.v)}::bigint` : bound(ascending ? "min" : "max");
    const end = bound(ascending ? "max" : "min");
    // Group i: the ranges from first ± (2^i − 1) to first ± (2^(i+1) − 2), never past the last.
    const [from, to, within] = ascending
      ? [
          sql`t.first + (1 << g.i) - 1`,
          sql`least(t.last, t.first + (1 << (g.i + 1)) - 2)`,
          sql`t.first + (1 << g.i) - 1 <= t.last`,
        ]
      : [
          sql`greatest(t.last, t.first - (1 << (g.i + 1)) + 2)`,
          sql`t.first - (1 << g.i) + 1`,
          sql`t.first - (1 << g.i) + 1 >= t.last`,
        ];
    const inGroup = sql`${select([sql`${itemSearch.grams} && grp.tokens`])} order by ${sql.join(order.orderBy, sql`, `)} limit ${n}`;
    statement = sql`select page.* from (select ${start} as first, ${end} as last offset 0) as t
      cross join lateral generate_series(0, ${RANGE_GROUPS - 1}) as g(i)
      cross join lateral (select array_agg(${range.token} || k) as tokens from generate_series(${from}, ${to}) as k) as grp
      cross join lateral (${inGroup}) as page
      where ${within} limit ${n}`;
  }
  const rows = await ctx.db
    .select({ ...cardColumns, v: sql<string>`to_json(found.v) #>> '{}'` })
    .from(items)
    .innerJoin(sql`(${statement}) as found`, sql`found.item_id = ${items.id}`);
  const value = (v: string) => (byDate ? new Date(v) : Number(v));
  const key = (c: FoundCard) => (c.sortValue instanceof Date ? c.sortValue.getTime() : c.sortValue);
  return withThumbs(
    ctx,
    rows.map(({ v: _, ...card }) => card),
  )
    .map((card, i) => ({ ...card, sortValue: value(rows[i]!.v) }))
    .sort((a, b) => (ascending ? key(a) - key(b) || a.id - b.id : key(b) - key(a) || b.id - a.id));
}

async function keywordPage(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  q: TSearchQuery,
  plan: KeywordPlan,
  limit: number,
  forced?: SearchReading,
): Promise<Pick<SearchPage, "items" | "nextCursor">> {
  const cursor = decodeCursor(q.cursor, q.sort);
  const stats = await tokenStats(ctx);
  const page = (cards: (FoundCard & { tier?: number })[]) => {
    const last = cards[limit - 1];
    return {
      items: cards.slice(0, limit).map(({ sortValue: _, tier: __, ...card }) => card),
      nextCursor: cards.length > limit && last ? cursorAfter(last, last.tier) : null,
    };
  };
  if (q.sort !== "relevance") {
    const { where, reading } = keywordConditions(q, plan, stats, ctx.clock.now(), { reading: forced });
    return page(await sortedCards(ctx, q, where, reading, cursor, limit + 1));
  }

  // Relevance: tier by tier, each newest first, until the page is full.
  const tiers = relevanceTiers(plan, q.status);
  // A cursor naming a tier this query does not have was made for another one: the first page.
  const after = cursor?.tier !== undefined && cursor.tier < tiers.length ? cursor : null;
  const now = ctx.clock.now();
  const found: (FoundCard & { tier: number })[] = [];
  for (let tier = after?.tier ?? 0; tier < tiers.length && found.length <= limit; tier++) {
    const from = tier === after?.tier ? after : null;
    const read = keywordConditions(q, plan, stats, now, { reading: forced, tier: tiers[tier]! });
    const cards = await sortedCards(ctx, q, read.where, read.reading, from, limit + 1 - found.length);
    found.push(...cards.map((card) => ({ ...card, tier })));
  }
  return page(found);
}

/** How many search rows the planner expects a condition to match. */
async function estimatedMatches(ctx: Pick<CoreContext, "db">, where: SQL): Promise<number> {
  const result = await ctx.db.execute(sql`explain (format json) select 1 from ${itemSearch} where ${where}`);
  const [row] = (result as unknown as { rows: { "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[] }).rows;
  return Number(row?.["QUERY PLAN"]?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/** Beyond this many times the limit, the estimate alone says "more than the limit". */
const SURELY_BEYOND = 3;

/**
 * How many listings match a query, counted exactly up to the limit. A keyword's count reads the
 * keyword index's bitmap (the planner would rather scan the table and test every row's tokens,
 * which costs far more); a result the planner expects to be several times the limit is not counted,
 * unless it asks for self-checked listings only.
 */
export async function countMatches(
  ctx: Pick<CoreContext, "db" | "clock">,
  q: TSearchQuery,
  plan: KeywordPlan = keywordPlan(q.keyword),
): Promise<{ count: number; countCapped: boolean }> {
  const capped = { count: SEARCH_COUNT_LIMIT, countCapped: true };
  if (!plan.tokens.length) {
    const matches = ctx.db
      .select({ one: sql`1` })
      .from(items)
      .where(and(...listingConditions(q, ctx.clock.now())))
      .limit(SEARCH_COUNT_LIMIT + 1)
      .as("matches");
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(matches);
    const n = Number(row?.n ?? 0);
    return n > SEARCH_COUNT_LIMIT ? capped : { count: n, countCapped: false };
  }
  const read = keywordConditions(q, plan, await tokenStats(ctx), ctx.clock.now());
  const where = and(...read.where)!;
  // Neither the statistics nor the planner know how many listings hold a report in date: asked for
  // self-checked listings only, the count is always made (a visit and a probe for each keyword match).
  const expected = q.checked ? 0 : (read.expected ?? (await estimatedMatches(ctx, where)));
  if (expected > SURELY_BEYOND * SEARCH_COUNT_LIMIT) return capped;
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
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  o: {
    query: TSearchQuery;
    limit?: number;
    count?: boolean;
    /** How a keyword's matches are read, instead of the one the statistics choose (tests, benchmarks). */
    reading?: SearchReading;
  },
): Promise<SearchPage> {
  const q = o.query;
  const limit = Math.min(o.limit ?? SEARCH_PAGE_SIZE, 100);
  const plan = keywordPlan(q.keyword);

  if (plan.tokens.length) {
    // On PostgreSQL the count runs beside the page, on a connection of its own.
    const [page, count] = await Promise.all([
      keywordPage(ctx, q, plan, limit, o.reading),
      o.count ? countMatches(ctx, q, plan) : Promise.resolve({}),
    ]);
    if (page.items.length === 0 && !q.cursor) {
      const corrected = correctedQuery(q.keyword);
      if (corrected) {
        const correctedPlan = keywordPlan(corrected);
        const retry = await keywordPage(ctx, { ...q, keyword: corrected }, correctedPlan, limit, o.reading);
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

  const cursor = decodeCursor(q.cursor, q.sort);
  const order = ordering(q, items, cursor);
  const rows = await ctx.db
    .select({ ...cardColumns, sortValue: order.column })
    .from(items)
    .where(and(...listingConditions(q, ctx.clock.now()), ...order.where))
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
