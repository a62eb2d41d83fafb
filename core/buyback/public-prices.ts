import { and, asc, count, countDistinct, desc, eq, max } from "drizzle-orm";
import { type BuybackGrade, type BuybackNgCondition, buybackBids, deviceModels } from "#db/schema/index.ts";
import { BRANDS, CATEGORIES, type CategoryCode } from "../catalog/codes.ts";
import { isCodeOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { bestPricesOfModel, liveBid } from "./bids.ts";

/** Best price first, of equal prices the one set first: the order `bestBid` picks in. */
const BEST_FIRST = [desc(buybackBids.price), asc(buybackBids.priceSetAt), asc(buybackBids.id)];

/**
 * The best live bid of every model × grade × NG condition, as a subquery: each model's public
 * prices are exactly these rows (what `bestPricesOfModel` answers for one model).
 */
function bestCells(ctx: CoreContext) {
  return ctx.db
    .selectDistinctOn([buybackBids.modelId, buybackBids.grade, buybackBids.ngCondition], {
      modelId: buybackBids.modelId,
      price: buybackBids.price,
      updatedAt: buybackBids.updatedAt,
    })
    .from(buybackBids)
    .where(liveBid(ctx.clock.now()))
    .orderBy(buybackBids.modelId, buybackBids.grade, buybackBids.ngCondition, ...BEST_FIRST)
    .as("best");
}

export type PriceCategory = { categoryCode: CategoryCode; pricedModels: number };

/** Every buyback category in catalogue order, with how many of its models have a price now. */
export async function listPriceCategories(ctx: CoreContext): Promise<PriceCategory[]> {
  const best = bestCells(ctx);
  const rows = await ctx.db
    .select({ categoryCode: deviceModels.categoryCode, models: countDistinct(best.modelId) })
    .from(best)
    .innerJoin(deviceModels, eq(deviceModels.id, best.modelId))
    .groupBy(deviceModels.categoryCode);
  const counts = new Map(rows.map((r) => [r.categoryCode, Number(r.models)]));
  return CATEGORIES.map((c) => ({ categoryCode: c.code, pricedModels: counts.get(c.code) ?? 0 }));
}

export type PriceModel = {
  id: number;
  name: string;
  brandCode: string;
  brandName: string;
  categoryCode: string;
  releasedYear: number | null;
  /** The highest price of any grade and NG condition, or null: no bid, no price. */
  topPrice: number | null;
  /** When the newest of the model's prices was last changed. */
  updatedAt: Date | null;
  /** How many grade × NG condition cells have a price. */
  pricedCells: number;
};

const brandName = (code: string) => BRANDS.find((b) => b.code === code)?.name ?? code;

const NO_CATEGORY = msg("buybackPublic.errors.categoryNotFound");
const NO_MODEL = msg("buybackPublic.errors.modelNotFound");

/** A category code of the catalogue, or a 404: `/buyback/items/{categoryId}/` names nothing else. */
function categoryOf(code: string): CategoryCode {
  if (!isCodeOf(CATEGORIES, code)) throw new AppError("NOT_FOUND", { message: NO_CATEGORY });
  return code;
}

/**
 * The models of a category with their top price and when it last changed: the priced ones first
 * (highest first), then the rest by name, so a visitor finds their model either way. `priced`
 * leaves out the models with no price now.
 */
export async function listPriceModels(
  ctx: CoreContext,
  o: { categoryCode: string; priced?: boolean },
): Promise<PriceModel[]> {
  const categoryCode = categoryOf(o.categoryCode);
  const best = bestCells(ctx);
  const top = ctx.db
    .select({
      modelId: best.modelId,
      topPrice: max(best.price).as("top_price"),
      updatedAt: max(best.updatedAt).as("updated_at"),
      cells: count().as("cells"),
    })
    .from(best)
    .groupBy(best.modelId)
    .as("top");
  const query = ctx.db
    .select({
      id: deviceModels.id,
      name: deviceModels.name,
      brandCode: deviceModels.brandCode,
      categoryCode: deviceModels.categoryCode,
      releasedYear: deviceModels.releasedYear,
      topPrice: top.topPrice,
      updatedAt: top.updatedAt,
      cells: top.cells,
    })
    .from(deviceModels);
  const rows = await (o.priced
    ? query.innerJoin(top, eq(top.modelId, deviceModels.id))
    : query.leftJoin(top, eq(top.modelId, deviceModels.id))
  ).where(eq(deviceModels.categoryCode, categoryCode));
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      brandCode: r.brandCode,
      brandName: brandName(r.brandCode),
      categoryCode: r.categoryCode,
      releasedYear: r.releasedYear,
      topPrice: r.topPrice === null ? null : Number(r.topPrice),
      updatedAt: r.updatedAt === null ? null : new Date(r.updatedAt),
      pricedCells: r.cells === null ? 0 : Number(r.cells),
    }))
    .sort(
      (a, b) =>
        (b.topPrice ?? -1) - (a.topPrice ?? -1) ||
        a.brandCode.localeCompare(b.brandCode) ||
        a.name.localeCompare(b.name, "ja"),
    );
}

type ModelPriceCell = {
  grade: BuybackGrade;
  ngCondition: BuybackNgCondition;
  price: number;
  updatedAt: Date;
};

export type ModelPrices = {
  model: Omit<PriceModel, "topPrice" | "updatedAt" | "pricedCells">;
  /** The best live bid of each grade × NG condition that has one; a missing cell has no price. */
  prices: ModelPriceCell[];
  topPrice: number | null;
  updatedAt: Date | null;
};

/**
 * One model's public prices (`/buyback/items/{categoryId}/{itemId}/`): the best live bid per grade
 * × NG condition. An unknown model, or one of another category than the address says, is a 404.
 */
export async function getModelPrices(
  ctx: CoreContext,
  o: { modelId: number; categoryCode?: string },
): Promise<ModelPrices> {
  const categoryCode = o.categoryCode === undefined ? undefined : categoryOf(o.categoryCode);
  const [model] = await ctx.db
    .select({
      id: deviceModels.id,
      name: deviceModels.name,
      brandCode: deviceModels.brandCode,
      categoryCode: deviceModels.categoryCode,
      releasedYear: deviceModels.releasedYear,
    })
    .from(deviceModels)
    .where(
      and(
        eq(deviceModels.id, o.modelId),
        categoryCode ? eq(deviceModels.categoryCode, categoryCode) : undefined,
      ),
    );
  if (!model) throw new AppError("NOT_FOUND", { message: NO_MODEL });
  const prices = await bestPricesOfModel(ctx.db, model.id, ctx.clock.now());
  return {
    model: { ...model, brandName: brandName(model.brandCode) },
    prices,
    topPrice: prices.length ? Math.max(...prices.map((p) => p.price)) : null,
    updatedAt: prices.length ? new Date(Math.max(...prices.map((p) => p.updatedAt.getTime()))) : null,
  };
}
