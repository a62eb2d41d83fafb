import { and, asc, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  BUYBACK_GRADES,
  type BuybackGrade,
  type BuybackNgCondition,
  buybackBids,
  deviceModels,
} from "#db/schema/index.ts";
import { CATEGORIES, type CategoryCode } from "../catalog/codes.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import { BID_FIELD_LABELS, expiresOnOf, type TBidSelection, ZBidSelection } from "./bid-input.ts";
import { type BidStatus, bidStatus } from "./bids.ts";

type BidCell = {
  bidId: number | null;
  price: number | null;
  enabled: boolean;
  /** Devices offered or bought on this bid (they count against the cap). */
  reserved: number;
  status: BidStatus | null;
};

export type BidListModel = { id: number; name: string; brandCode: string };

export type BidRowView = BidListModel & {
  quantityCap: number | null;
  /** The last day (Tokyo) the row's bids stand, or null: until changed. */
  expiresOn: string | null;
  /** The row's expiry has passed: none of its bids counts until a new one is set. */
  expired: boolean;
  cells: Record<BuybackGrade, BidCell>;
};

export type BidList = {
  /** Every catalogue category, with how many models it has. */
  categories: { code: CategoryCode; modelCount: number }[];
  categoryCode: CategoryCode;
  ngCondition: BuybackNgCondition;
  /** The one model asked for, or null for every model of the category. */
  modelId: number | null;
  /** The category's models (the item selector). */
  models: BidListModel[];
  /** The models the company has priced for this NG condition (or the one asked for), with its bids. */
  rows: BidRowView[];
  /** The category's other models: what the company may add to its list. */
  others: BidListModel[];
};

/** A category's models, newest first within each maker. */
export async function modelsOf(db: Db, categoryCode: string): Promise<BidListModel[]> {
  return db
    .select({ id: deviceModels.id, name: deviceModels.name, brandCode: deviceModels.brandCode })
    .from(deviceModels)
    .where(eq(deviceModels.categoryCode, categoryCode))
    .orderBy(
      asc(deviceModels.brandCode),
      desc(deviceModels.releasedYear),
      asc(deviceModels.name),
      asc(deviceModels.id),
    );
}

const EMPTY_CELL: BidCell = { bidId: null, price: null, enabled: false, reserved: 0, status: null };

/**
 * One company's bid rows for some models and one NG condition. The quantity cap and expiry are
 * the row's: the list writes them to every bid of the row, so the first bid that has one tells.
 */
async function companyRows(
  db: Db,
  o: { companyId: number; models: BidListModel[]; ngCondition: BuybackNgCondition; now: Date },
): Promise<BidRowView[]> {
  if (o.models.length === 0) return [];
  const bids = await db
    .select()
    .from(buybackBids)
    .where(
      and(
        eq(buybackBids.companyId, o.companyId),
        eq(buybackBids.ngCondition, o.ngCondition),
        inArray(
          buybackBids.modelId,
          o.models.map((m) => m.id),
        ),
      ),
    );
  return o.models.map((model) => {
    const own = bids.filter((b) => b.modelId === model.id);
    const cells = Object.fromEntries(
      BUYBACK_GRADES.map((grade) => {
        const bid = own.find((b) => b.grade === grade);
        const cell: BidCell = bid
          ? {
              bidId: bid.id,
              price: bid.price,
              enabled: bid.enabled,
              reserved: bid.reserved,
              status: bidStatus(bid, o.now),
            }
          : EMPTY_CELL;
        return [grade, cell];
      }),
    ) as Record<BuybackGrade, BidCell>;
    const capped = own.find((b) => b.quantityCap !== null);
    const expiring = own.find((b) => b.expiresAt !== null);
    return {
      ...model,
      quantityCap: capped?.quantityCap ?? null,
      expiresOn: expiring?.expiresAt ? expiresOnOf(expiring.expiresAt) : null,
      expired: expiring?.expiresAt ? expiring.expiresAt <= o.now : false,
      cells,
    };
  });
}

/**
 * The buyer's bid price list (spec §2): for a category and NG condition, the models the company
 * has priced, each with its five grades; the category's other models to add; and, for the
 * selectors, every category and the category's models. One model may be asked for alone (it
 * is listed whether priced or not). Only the buyer's own company's bids are ever read.
 */
export async function listBids(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; input: TBidSelection },
): Promise<BidList> {
  const buyer = await authorizeBuyer(ctx, { id: o.userId });
  const input = parseInput(ZBidSelection, o.input, BID_FIELD_LABELS);
  const categoryCode = input.category ?? "05";
  const ngCondition = input.ng ?? "none";
  const now = ctx.clock.now();
  const counts = await ctx.db
    .select({ code: deviceModels.categoryCode, n: count() })
    .from(deviceModels)
    .groupBy(deviceModels.categoryCode);
  const categories = codesOf(CATEGORIES).map((code) => ({
    code,
    modelCount: counts.find((c) => c.code === code)?.n ?? 0,
  }));
  const models = await modelsOf(ctx.db, categoryCode);
  const modelId = input.model ?? null;
  if (modelId !== null) {
    const model = models.find((m) => m.id === modelId);
    if (!model) throw new AppError("NOT_FOUND", { message: msg("buybackBids.errors.unknownModel") });
    const rows = await companyRows(ctx.db, { companyId: buyer.companyId, models: [model], ngCondition, now });
    return { categories, categoryCode, ngCondition, modelId, models, rows, others: [] };
  }
  const priced = await ctx.db
    .selectDistinct({ modelId: buybackBids.modelId })
    .from(buybackBids)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackBids.modelId))
    .where(
      and(
        eq(buybackBids.companyId, buyer.companyId),
        eq(buybackBids.ngCondition, ngCondition),
        eq(deviceModels.categoryCode, categoryCode),
        isNotNull(buybackBids.price),
      ),
    );
  const pricedIds = new Set(priced.map((p) => p.modelId));
  const listed = models.filter((m) => pricedIds.has(m.id));
  const rows = await companyRows(ctx.db, { companyId: buyer.companyId, models: listed, ngCondition, now });
  return {
    categories,
    categoryCode,
    ngCondition,
    modelId: null,
    models,
    rows,
    others: models.filter((m) => !pricedIds.has(m.id)),
  };
}
