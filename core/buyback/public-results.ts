import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import {
  type BuybackGrade,
  type BuybackNgCondition,
  buybackItems,
  deviceModels,
  type OfferDeduction,
} from "#db/schema/index.ts";
import { BRANDS } from "../catalog/codes.ts";

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

export const COLUMNS = {
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
export const COMPLETED = and(
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

export function toResult(r: Row): PublicResult {
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
