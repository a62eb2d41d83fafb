import { and, count, desc, eq, isNotNull, lt, or, type SQL } from "drizzle-orm";
import {
  type BuybackGrade,
  type BuybackNgCondition,
  buybackItems,
  deviceModels,
  type OfferDeduction,
} from "#db/schema/index.ts";
import { BRANDS } from "../catalog/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { type TimeCursor, timeCursor } from "../social/cursor.ts";

/**
 * A completed buyback as anyone may see it: what was bought, in what condition, for how much and
 * when. Never who sold it, who bought it, the IMEI or anything else that points at a person.
 */
export type PublicResult = {
  id: number;
  modelId: number;
  modelName: string;
  brandName: string;
  categoryCode: string;
  storageGb: number | null;
  grade: BuybackGrade;
  ngConditions: BuybackNgCondition[];
  /** What the member was paid (the offer's amount). */
  amount: number;
  /** The bid the offer came from and what was taken from it, in the order the member saw them. */
  bid: number | null;
  deductions: OfferDeduction[];
  /** When the member accepted. */
  decidedAt: Date;
};

const COLUMNS = {
  id: buybackItems.id,
  modelId: buybackItems.modelId,
  modelName: deviceModels.name,
  brandCode: deviceModels.brandCode,
  categoryCode: deviceModels.categoryCode,
  storageGb: buybackItems.storageGb,
  grade: buybackItems.grade,
  ngConditions: buybackItems.ngConditions,
  amount: buybackItems.offerAmount,
  bid: buybackItems.offerBid,
  deductions: buybackItems.offerDeductions,
  decidedAt: buybackItems.decidedAt,
};

/** Bought (state 50) with the facts a result shows; anything else is not a result. */
const COMPLETED = and(
  eq(buybackItems.state, "50"),
  isNotNull(buybackItems.decidedAt),
  isNotNull(buybackItems.offerAmount),
  isNotNull(buybackItems.grade),
) as SQL;

type Row = {
  id: number;
  modelId: number;
  modelName: string;
  brandCode: string;
  categoryCode: string;
  storageGb: number | null;
  grade: BuybackGrade | null;
  ngConditions: string[];
  amount: number | null;
  bid: number | null;
  deductions: OfferDeduction[] | null;
  decidedAt: Date | null;
};

function toResult(r: Row): PublicResult {
  return {
    id: r.id,
    modelId: r.modelId,
    modelName: r.modelName,
    brandName: BRANDS.find((b) => b.code === r.brandCode)?.name ?? r.brandCode,
    categoryCode: r.categoryCode,
    storageGb: r.storageGb,
    grade: r.grade as BuybackGrade,
    ngConditions: r.ngConditions as BuybackNgCondition[],
    amount: r.amount as number,
    bid: r.bid,
    deductions: r.deductions ?? [],
    decidedAt: r.decidedAt as Date,
  };
}

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

/** One completed buyback (`/buyback/results/{id}/`); any other device is a 404. */
export async function getPublicResult(ctx: CoreContext, o: { id: number }): Promise<PublicResult> {
  const [row] = await ctx.db
    .select(COLUMNS)
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .where(and(COMPLETED, eq(buybackItems.id, o.id)));
  if (!row) throw new AppError("NOT_FOUND", { message: msg("buybackPublic.errors.resultNotFound") });
  return toResult(row);
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
