import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type BuybackGrade, type BuybackNgCondition, buybackBids } from "#db/schema/index.ts";

export type LiveBid = { id: number; companyId: number; price: number; priceSetAt: Date; updatedAt: Date };

/**
 * The one definition of a bid that counts now: enabled, priced, not expired, and with room under its
 * quantity cap. Public prices, estimates, offers and recommended prices all read bids through it.
 */
export function liveBid(now: Date): SQL {
  return and(
    eq(buybackBids.enabled, true),
    isNotNull(buybackBids.price),
    or(isNull(buybackBids.expiresAt), gt(buybackBids.expiresAt, now)),
    or(isNull(buybackBids.quantityCap), lt(buybackBids.reserved, buybackBids.quantityCap)),
  ) as SQL;
}

/**
 * What one bid is now, in the words the buyer reads: live (counts, `liveBid`), off (not checked,
 * or no price), expired (past its expiry) or full (its quantity cap reached by devices offered or
 * bought on it). The one place a bid's status is decided; `liveBid` is the same rule in SQL.
 */
export type BidStatus = "live" | "off" | "expired" | "full";

export function bidStatus(
  bid: {
    price: number | null;
    enabled: boolean;
    expiresAt: Date | null;
    quantityCap: number | null;
    reserved: number;
  },
  now: Date,
): BidStatus {
  if (!bid.enabled || bid.price === null) return "off";
  if (bid.expiresAt && bid.expiresAt <= now) return "expired";
  if (bid.quantityCap !== null && bid.reserved >= bid.quantityCap) return "full";
  return "live";
}

/** Best price first; of equal prices, the one set first (then the older bid). */
const BEST_FIRST = [desc(buybackBids.price), asc(buybackBids.priceSetAt), asc(buybackBids.id)];

/** The best live bid for a model × grade × NG condition, or null: no bid, no price. */
export async function bestBid(
  db: Db,
  o: {
    modelId: number;
    grade: BuybackGrade;
    ngCondition: BuybackNgCondition;
    now: Date;
    exceptIds?: number[];
  },
): Promise<LiveBid | null> {
  const [row] = await db
    .select({
      id: buybackBids.id,
      companyId: buybackBids.companyId,
      price: buybackBids.price,
      priceSetAt: buybackBids.priceSetAt,
      updatedAt: buybackBids.updatedAt,
    })
    .from(buybackBids)
    .where(
      and(
        eq(buybackBids.modelId, o.modelId),
        eq(buybackBids.grade, o.grade),
        eq(buybackBids.ngCondition, o.ngCondition),
        liveBid(o.now),
        o.exceptIds?.length ? sql`${buybackBids.id} not in ${o.exceptIds}` : undefined,
      ),
    )
    .orderBy(...BEST_FIRST)
    .limit(1);
  return row ? { ...row, price: row.price as number } : null;
}

export type ModelPrice = {
  grade: BuybackGrade;
  ngCondition: BuybackNgCondition;
  price: number;
  updatedAt: Date;
};

/**
 * A model's current prices: the best live bid of each grade × NG condition that has one, with when
 * that bid was last changed. What the public model page and the estimate show.
 */
export async function bestPricesOfModel(db: Db, modelId: number, now: Date): Promise<ModelPrice[]> {
  const rows = await db
    .selectDistinctOn([buybackBids.grade, buybackBids.ngCondition], {
      grade: buybackBids.grade,
      ngCondition: buybackBids.ngCondition,
      price: buybackBids.price,
      updatedAt: buybackBids.updatedAt,
    })
    .from(buybackBids)
    .where(and(eq(buybackBids.modelId, modelId), liveBid(now)))
    .orderBy(buybackBids.grade, buybackBids.ngCondition, ...BEST_FIRST);
  return rows.map((r) => ({ ...r, price: r.price as number }));
}

/**
 * Holds one unit of a bid's quantity for an offer. False when the bid stopped counting meanwhile
 * (disabled, expired, cap reached): the caller takes the next best.
 */
export async function reserveBid(db: Db, bidId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(buybackBids)
    .set({ reserved: sql`${buybackBids.reserved} + 1` })
    .where(and(eq(buybackBids.id, bidId), liveBid(now)))
    .returning({ id: buybackBids.id });
  return rows.length > 0;
}

/** Gives back the unit an offer held (declined, lapsed, refused or regraded). */
export async function releaseBid(db: Db, bidId: number): Promise<void> {
  await db
    .update(buybackBids)
    .set({ reserved: sql`greatest(${buybackBids.reserved} - 1, 0)` })
    .where(eq(buybackBids.id, bidId));
}
