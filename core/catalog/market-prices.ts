import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { deviceModels, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { ITEM_CONDITIONS } from "./codes.ts";

// Market prices (相場): what listings of a model in a condition actually sold for, over the last 90
// days. Only real sales count: listings in the SOLD state, at the price they sold for. Below five
// sales there are no figures, only the count ("not enough data"): a median of three is not a market.

export const MARKET_RULES = {
  windowDays: 90,
  minSales: 5,
  /** The trend compares the median of the last 30 days with the median of the 60 before. */
  recentDays: 30,
  /** Each side of the trend needs this many sales. */
  trendMinSales: 2,
  /** A change smaller than this (in percent, either way) is "flat". */
  flatPercent: 5,
} as const;

type MarketTrend = { direction: "up" | "down" | "flat"; changePercent: number };

export type MarketPrice = {
  modelId: number;
  condition: string;
  /** Sales in the window. */
  count: number;
  /** Whether there are enough sales for figures; without, median, quartiles and trend are null. */
  enough: boolean;
  median: number | null;
  /** The first and third quartiles: half of the sales were between them. */
  q1: number | null;
  q3: number | null;
  trend: MarketTrend | null;
  windowDays: number;
};

const DAY_MS = 24 * 3600 * 1000;

type StatsRow = {
  modelId: number;
  condition: string;
  n: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  recent: number | null;
  recentN: number;
  earlier: number | null;
  earlierN: number;
};

/**
 * The quartiles by linear interpolation between the two nearest sales (`percentile_cont`, the usual
 * definition), rounded to the yen. Grouped by model and condition.
 */
async function salesStats(
  ctx: Pick<CoreContext, "db" | "clock">,
  where: ReturnType<typeof eq>[],
): Promise<StatsRow[]> {
  const now = ctx.clock.now().getTime();
  const since = new Date(now - MARKET_RULES.windowDays * DAY_MS);
  const recentSince = new Date(now - MARKET_RULES.recentDays * DAY_MS);
  const recent = sql`${items.soldAt} >= ${recentSince.toISOString()}::timestamptz`;
  const rows = await ctx.db
    .select({
      modelId: items.modelId,
      condition: items.condition,
      n: sql<number>`count(*)::int`,
      q1: sql<number | null>`percentile_cont(0.25) within group (order by ${items.price})::float8`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${items.price})::float8`,
      q3: sql<number | null>`percentile_cont(0.75) within group (order by ${items.price})::float8`,
      recent: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by ${items.price}) filter (where ${recent}))::float8`,
      recentN: sql<number>`(count(*) filter (where ${recent}))::int`,
      earlier: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by ${items.price}) filter (where not (${recent})))::float8`,
      earlierN: sql<number>`(count(*) filter (where not (${recent})))::int`,
    })
    .from(items)
    .where(
      and(
        eq(items.state, "SOLD"),
        gte(items.soldAt, since),
        sql`${items.price} is not null and ${items.modelId} is not null and ${items.condition} is not null`,
        ...where,
      ),
    )
    .groupBy(items.modelId, items.condition);
  const order = (c: string) => ITEM_CONDITIONS.findIndex((e) => e.code === c);
  return rows
    .map((r) => ({
      ...r,
      modelId: Number(r.modelId),
      condition: String(r.condition),
      n: Number(r.n),
      recentN: Number(r.recentN),
      earlierN: Number(r.earlierN),
    }))
    .sort((a, b) => a.modelId - b.modelId || order(a.condition) - order(b.condition));
}

const yen = (v: number | null) => (v === null || v === undefined ? null : Math.round(Number(v)));

function trendOf(r: StatsRow): MarketTrend | null {
  if (r.recentN < MARKET_RULES.trendMinSales || r.earlierN < MARKET_RULES.trendMinSales) return null;
  const recent = Number(r.recent);
  const earlier = Number(r.earlier);
  if (!earlier) return null;
  const changePercent = Math.round(((recent - earlier) / earlier) * 100);
  const direction =
    changePercent >= MARKET_RULES.flatPercent
      ? "up"
      : changePercent <= -MARKET_RULES.flatPercent
        ? "down"
        : "flat";
  return { direction, changePercent };
}

function toMarketPrice(r: StatsRow | undefined, modelId: number, condition: string): MarketPrice {
  const count = r?.n ?? 0;
  const enough = count >= MARKET_RULES.minSales;
  return {
    modelId,
    condition,
    count,
    enough,
    median: enough ? yen(r!.median) : null,
    q1: enough ? yen(r!.q1) : null,
    q3: enough ? yen(r!.q3) : null,
    trend: enough ? trendOf(r!) : null,
    windowDays: MARKET_RULES.windowDays,
  };
}

/** The market price of one model in one condition (the item page, the sell form). */
export async function marketPrice(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { modelId: number; condition: string },
): Promise<MarketPrice> {
  const [row] = await salesStats(ctx, [
    eq(items.modelId, o.modelId),
    eq(items.condition, o.condition as never),
  ]);
  return toMarketPrice(row, o.modelId, o.condition);
}

/** Every condition of one model that sold in the window. */
export async function modelMarketPrices(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { modelId: number },
): Promise<MarketPrice[]> {
  const rows = await salesStats(ctx, [eq(items.modelId, o.modelId)]);
  return rows.map((r) => toMarketPrice(r, r.modelId, r.condition));
}

export type BrandMarketRow = { modelId: number; modelName: string; prices: MarketPrice[] };

/**
 * The market prices of a brand's models (the brand page's section): each model that sold in the
 * window, with each of its conditions, models in catalogue order.
 */
export async function brandMarketPrices(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { brandCode: string },
): Promise<BrandMarketRow[]> {
  const rows = await salesStats(ctx, [eq(items.brandCode, o.brandCode)]);
  if (rows.length === 0) return [];
  const modelIds = [...new Set(rows.map((r) => r.modelId))];
  const models = await ctx.db
    .select({ id: deviceModels.id, name: deviceModels.name })
    .from(deviceModels)
    .where(inArray(deviceModels.id, modelIds))
    .orderBy(asc(deviceModels.name));
  return models.map((m) => ({
    modelId: m.id,
    modelName: m.name,
    prices: rows.filter((r) => r.modelId === m.id).map((r) => toMarketPrice(r, r.modelId, r.condition)),
  }));
}
