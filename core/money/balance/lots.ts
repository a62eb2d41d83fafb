import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type BALANCE_LOT_KINDS, balanceLots } from "#db/schema/index.ts";

export type LotKind = (typeof BALANCE_LOT_KINDS)[number];
export type LotUse = { lotId: number; amount: number };

/**
 * Opens a lot for money credited to a clocked account (proceeds, free points), in the caller's
 * database transaction: the same one that posts the ledger entry, so lots and balance agree.
 */
export async function openLot(
  db: Db,
  o: {
    userId: number;
    kind: LotKind;
    amount: number;
    source: Record<string, number | string>;
    aroseAt: Date;
    deadlineAt: Date;
    reason?: string | null;
    grantedBy?: number | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(balanceLots)
    .values({
      userId: o.userId,
      kind: o.kind,
      amount: o.amount,
      remaining: o.amount,
      source: o.source,
      aroseAt: o.aroseAt,
      deadlineAt: o.deadlineAt,
      reason: o.reason ?? null,
      grantedBy: o.grantedBy ?? null,
      createdAt: o.aroseAt,
    })
    .returning({ id: balanceLots.id });
  return row!.id;
}

/**
 * Takes `amount` from a member's open lots of a kind, nearest deadline first, in the caller's
 * transaction (which holds the ledger account's lock, so two debits never take from the same lot
 * at once). Answers what it took from which lot; throws when the lots hold less (the ledger's own
 * check refuses such a debit first). With `unexpiredAt`, lots whose deadline has come by then are
 * passed over (free points past their day are spent by nobody, even before the expiry job runs).
 */
export async function takeFromLots(
  db: Db,
  o: { userId: number; kind: LotKind; amount: number; unexpiredAt?: Date },
): Promise<LotUse[]> {
  const open = await db
    .select({ id: balanceLots.id, remaining: balanceLots.remaining })
    .from(balanceLots)
    .where(
      and(
        eq(balanceLots.userId, o.userId),
        eq(balanceLots.kind, o.kind),
        gt(balanceLots.remaining, 0),
        o.unexpiredAt ? gt(balanceLots.deadlineAt, o.unexpiredAt) : undefined,
      ),
    )
    .orderBy(asc(balanceLots.deadlineAt), asc(balanceLots.id))
    .for("update");
  const uses: LotUse[] = [];
  let left = o.amount;
  for (const lot of open) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    uses.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  if (left > 0)
    throw new Error(`Lots of ${o.kind} for member ${o.userId} hold ${o.amount - left}, not ${o.amount}`);
  for (const u of uses) {
    await db
      .update(balanceLots)
      .set({ remaining: sql`${balanceLots.remaining} - ${u.amount}` })
      .where(eq(balanceLots.id, u.lotId));
  }
  return uses;
}

/** Gives money back to the lots it was taken from (a payout that failed): their deadlines stand. */
export async function giveBackToLots(db: Db, uses: readonly LotUse[]): Promise<void> {
  for (const u of uses) {
    await db
      .update(balanceLots)
      .set({ remaining: sql`${balanceLots.remaining} + ${u.amount}` })
      .where(eq(balanceLots.id, u.lotId));
  }
}
