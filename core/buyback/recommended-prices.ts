import { and, eq, gte, inArray, isNotNull, lte } from "drizzle-orm";
import { z } from "zod";
import {
  BUYBACK_GRADES,
  BUYBACK_NG_CONDITIONS,
  type BuybackGrade,
  type BuybackNgCondition,
  buybackBids,
  buybackItems,
} from "#db/schema/index.ts";
import { CATEGORIES, type CategoryCode } from "../catalog/codes.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import { BID_FIELD_LABELS } from "./bid-input.ts";
import { liveBid } from "./bids.ts";
import { modelsOf } from "./list-bids.ts";
import { primaryNg } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";

/** Bullish: high purchase demand (price to win devices); bearish: moderate demand (spec §3). */
export const RECOMMEND_KINDS = ["bullish", "bearish"] as const;
export type RecommendKind = (typeof RECOMMEND_KINDS)[number];

/**
 * Which number a recommendation is: bullish takes the higher of the 75th percentile of accepted
 * prices and the best live bid; bearish the lower of the median of accepted prices and the
 * second-best live bid. The basis names the one that was taken.
 */
export type RecommendBasis = "accepted_p75" | "best_bid" | "accepted_median" | "second_bid";

/** The price points of one model × grade × NG condition: accepted prices in the window, live bids. */
export type PriceSample = { accepted: readonly number[]; bids: readonly number[] };

export type SampleRecommendation =
  | { enough: true; price: number; basis: RecommendBasis; points: number }
  | { enough: false; price: null; basis: null; points: number };

const DAY_MS = 24 * 3600 * 1000;

/** The 75th percentile by nearest rank: an accepted price that really was paid. */
function percentile75(sorted: readonly number[]): number {
  return sorted[Math.ceil(0.75 * sorted.length) - 1] as number;
}

/** The middle price; of an even count, the mean of the two middle ones, rounded down to the yen. */
function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : Math.floor(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

/**
 * The recommended price from one cell's sample, or "not enough data" when it has fewer than
 * `minSample` points (accepted prices and live bids together).
 */
export function recommendFromSample(
  sample: PriceSample,
  kind: RecommendKind,
  minSample: number = BUYBACK_RULES.recommendMinSample,
): SampleRecommendation {
  const points = sample.accepted.length + sample.bids.length;
  if (points < minSample || points === 0) return { enough: false, price: null, basis: null, points };
  const accepted = [...sample.accepted].sort((a, b) => a - b);
  const bids = [...sample.bids].sort((a, b) => b - a);
  const candidates: { price: number; basis: RecommendBasis }[] = [];
  if (kind === "bullish") {
    if (accepted.length) candidates.push({ price: percentile75(accepted), basis: "accepted_p75" });
    if (bids.length) candidates.push({ price: bids[0] as number, basis: "best_bid" });
    const best = candidates.reduce((a, b) => (b.price > a.price ? b : a));
    return { enough: true, ...best, points };
  }
  if (accepted.length) candidates.push({ price: median(accepted), basis: "accepted_median" });
  if (bids.length >= 2) candidates.push({ price: bids[1] as number, basis: "second_bid" });
  // Only one live bid and nothing accepted is under the minimum sample anyway; say so rather than guess.
  if (candidates.length === 0) return { enough: false, price: null, basis: null, points };
  const lowest = candidates.reduce((a, b) => (b.price < a.price ? b : a));
  return { enough: true, ...lowest, points };
}

type Recommendation = {
  modelId: number;
  grade: BuybackGrade;
  /** Null: not enough data, the cell is left as it is. */
  price: number | null;
  basis: RecommendBasis | null;
  /** Accepted prices in the window and live bids (all companies, never named). */
  accepted: number;
  bids: number;
};

export type RecommendedPrices = {
  kind: RecommendKind;
  categoryCode: CategoryCode;
  ngCondition: BuybackNgCondition;
  windowDays: number;
  minSample: number;
  /** The window's start: accepted prices decided since then count. */
  since: Date;
  cells: Recommendation[];
};

const ZRecommendInput = z.object({
  category: z.enum(codesOf(CATEGORIES)),
  ng: z.enum(BUYBACK_NG_CONDITIONS),
  kind: z.enum(RECOMMEND_KINDS),
});
export type TRecommendInput = z.input<typeof ZRecommendInput>;

/**
 * Recommended bid prices for every model × grade of a category and one NG condition, from data:
 * the prices buyers actually paid (devices bought, state 50, decided in the last
 * `recommendWindowDays`; the bid the offer came from) and the live bids of every company
 * (`liveBid`), never saying whose. A cell under `recommendMinSample` points has no price.
 */
export async function recommendedPrices(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; input: TRecommendInput },
): Promise<RecommendedPrices> {
  await authorizeBuyer(ctx, { id: o.userId });
  const input = parseInput(ZRecommendInput, o.input, BID_FIELD_LABELS);
  const now = ctx.clock.now();
  const windowDays = BUYBACK_RULES.recommendWindowDays;
  const since = new Date(now.getTime() - windowDays * DAY_MS);
  const models = await modelsOf(ctx.db, input.category);
  const base = {
    kind: input.kind,
    categoryCode: input.category,
    ngCondition: input.ng,
    windowDays,
    minSample: BUYBACK_RULES.recommendMinSample,
    since,
  };
  if (models.length === 0) return { ...base, cells: [] };
  const modelIds = models.map((m) => m.id);
  const accepted = await ctx.db
    .select({
      modelId: buybackItems.modelId,
      grade: buybackItems.grade,
      ngConditions: buybackItems.ngConditions,
      price: buybackItems.offerBid,
    })
    .from(buybackItems)
    .where(
      and(
        eq(buybackItems.state, "50"),
        inArray(buybackItems.modelId, modelIds),
        isNotNull(buybackItems.offerBid),
        isNotNull(buybackItems.grade),
        gte(buybackItems.decidedAt, since),
        lte(buybackItems.decidedAt, now),
      ),
    );
  const bids = await ctx.db
    .select({ modelId: buybackBids.modelId, grade: buybackBids.grade, price: buybackBids.price })
    .from(buybackBids)
    .where(and(inArray(buybackBids.modelId, modelIds), eq(buybackBids.ngCondition, input.ng), liveBid(now)));
  const cells: Recommendation[] = [];
  for (const model of models) {
    for (const grade of BUYBACK_GRADES) {
      const sample = {
        accepted: accepted
          .filter(
            (a) => a.modelId === model.id && a.grade === grade && primaryNg(a.ngConditions) === input.ng,
          )
          .map((a) => a.price as number),
        bids: bids.filter((b) => b.modelId === model.id && b.grade === grade).map((b) => b.price as number),
      };
      const r = recommendFromSample(sample, input.kind);
      cells.push({
        modelId: model.id,
        grade,
        price: r.price,
        basis: r.basis,
        accepted: sample.accepted.length,
        bids: sample.bids.length,
      });
    }
  }
  return { ...base, cells };
}
