import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { balanceLots, payouts, topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import { getBalance } from "../ledger/get-balance.ts";

export type BalanceSummary = {
  proceeds: number;
  points: number;
  freePoints: number;
  /** Money of a purchase in progress (paid, not yet released to the seller). */
  escrow: number;
  /** The nearest proceeds deadline and how much reaches it. */
  nextProceedsDeadline: { at: Date; amount: number } | null;
  /** The nearest free-points expiry and how many points expire then. */
  nextFreePointsExpiry: { at: Date; amount: number } | null;
  /** A voucher waiting to be paid. */
  pendingTopUp: { id: number; method: string; amount: number; deadline: Date | null } | null;
  /** Payouts still on their way (with ATM codes still valid). */
  openPayouts: {
    id: number;
    method: string;
    amount: number;
    fee: number;
    state: string;
    expiresAt: Date | null;
  }[];
};

/** What the balance page shows: each kind of value, its deadlines, and what is on its way. */
export async function getBalanceSummary(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number },
): Promise<BalanceSummary> {
  const [balance, lots, pending, open] = await Promise.all([
    getBalance(ctx, o),
    ctx.db
      .select({
        kind: balanceLots.kind,
        at: balanceLots.deadlineAt,
        amount: sql<string>`sum(${balanceLots.remaining})`,
      })
      .from(balanceLots)
      .where(and(eq(balanceLots.userId, o.userId), gt(balanceLots.remaining, 0)))
      .groupBy(balanceLots.kind, balanceLots.deadlineAt)
      .orderBy(asc(balanceLots.deadlineAt)),
    ctx.db
      .select({ id: topUps.id, method: topUps.method, amount: topUps.amount, deadline: topUps.deadline })
      .from(topUps)
      .where(
        and(
          eq(topUps.userId, o.userId),
          eq(topUps.state, "PENDING"),
          inArray(topUps.method, ["cvs", "payeasy"]),
        ),
      )
      .limit(1),
    ctx.db
      .select({
        id: payouts.id,
        method: payouts.method,
        amount: payouts.amount,
        fee: payouts.fee,
        state: payouts.state,
        expiresAt: payouts.expiresAt,
      })
      .from(payouts)
      .where(
        and(
          eq(payouts.userId, o.userId),
          inArray(payouts.state, ["AWAITING_APPROVAL", "READY", "BATCHED", "ISSUED"]),
        ),
      )
      .orderBy(desc(payouts.id))
      .limit(20),
  ]);
  const first = (kind: string) => {
    const lot = lots.find((l) => l.kind === kind);
    if (!lot) return null;
    // Lots due on the same Tokyo day count together.
    const day = (d: Date) => tokyoNow(d).date;
    const amount = lots
      .filter((l) => l.kind === kind && day(l.at) === day(lot.at))
      .reduce((s, l) => s + Number(l.amount), 0);
    return { at: lot.at, amount };
  };
  return {
    proceeds: balance.proceeds,
    points: balance.points,
    freePoints: balance.free_points,
    escrow: balance.escrow,
    nextProceedsDeadline: first("proceeds"),
    nextFreePointsExpiry: first("free_points"),
    pendingTopUp: pending[0] ?? null,
    openPayouts: open,
  };
}
