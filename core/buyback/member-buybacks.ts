import { eq } from "drizzle-orm";
import { type BuybackGrade, type BuybackItemState, buybackItems, deviceModels } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { OfferBreakdown } from "./offer.ts";

/** One of the member's devices in a list: what it is, where it stands, and its money. */
export type BuybackRow = {
  id: number;
  modelName: string;
  storageGb: number | null;
  state: BuybackItemState;
  /** The estimate's amount when applying (null: there was no bid for the condition described). */
  estimateAmount: number | null;
  offerAmount: number | null;
  offerExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const ROW = {
  id: buybackItems.id,
  modelName: deviceModels.name,
  storageGb: buybackItems.storageGb,
  state: buybackItems.state,
  estimate: buybackItems.estimate,
  offerAmount: buybackItems.offerAmount,
  offerExpiresAt: buybackItems.offerExpiresAt,
  createdAt: buybackItems.createdAt,
  updatedAt: buybackItems.updatedAt,
};

type RawRow = { estimate: Record<string, unknown> | null } & Omit<BuybackRow, "estimateAmount">;

/** The estimate kept with a device, read back defensively (it is a JSON snapshot). */
export type StoredEstimate = {
  grade: BuybackGrade;
  ngConditions: string[];
  offer: OfferBreakdown | null;
  estimatedAt: string | null;
};

export function storedEstimate(raw: Record<string, unknown> | null): StoredEstimate | null {
  if (!raw || typeof raw.grade !== "string") return null;
  const offer = raw.offer as OfferBreakdown | null | undefined;
  return {
    grade: raw.grade as BuybackGrade,
    ngConditions: Array.isArray(raw.ngConditions) ? raw.ngConditions.map(String) : [],
    offer:
      offer &&
      typeof offer.bid === "number" &&
      typeof offer.amount === "number" &&
      Array.isArray(offer.deductions)
        ? offer
        : null,
    estimatedAt: typeof raw.estimatedAt === "string" ? raw.estimatedAt : null,
  };
}

export function toRow({ estimate, ...r }: RawRow): BuybackRow {
  return { ...r, estimateAmount: storedEstimate(estimate)?.offer?.amount ?? null };
}

export function rows(ctx: Pick<CoreContext, "db">) {
  return ctx.db
    .select(ROW)
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId));
}
