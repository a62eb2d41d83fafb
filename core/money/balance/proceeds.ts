import type { Db } from "#db/client.ts";
import type { Clock } from "../../shared/clock.ts";
import type { JournalLine } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import { BALANCE_LIMITS } from "./limits.ts";
import { giveBackToLots, type LotUse, openLot, takeFromLots } from "./lots.ts";

type Deps = { db: Db; clock: Clock };
const DAY_MS = 24 * 60 * 60 * 1000;

/** When proceeds arising at `at` are paid out if still held (the clock may later move it on). */
function proceedsDeadline(at: Date): Date {
  return new Date(at.getTime() + BALANCE_LIMITS.proceedsKeepDays * DAY_MS);
}

/**
 * Posts an entry that credits a member's proceeds (a sale, a buyback offer, a returned payout made
 * before lots existed…) and opens its lot, in one database transaction. Posting the same key
 * again changes nothing.
 */
export async function creditProceeds(
  ctx: Deps,
  o: {
    idempotencyKey: string;
    kind: string;
    refs: Record<string, number | string>;
    userId: number;
    amount: number;
    lines: JournalLine[];
  },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const posted = await postEntry({ db: tx as unknown as Db, clock: ctx.clock }, o);
    if (!posted.created) return;
    const now = ctx.clock.now();
    await openLot(tx as unknown as Db, {
      userId: o.userId,
      kind: "proceeds",
      amount: o.amount,
      source: o.refs,
      aroseAt: now,
      deadlineAt: proceedsDeadline(now),
    });
  });
}

/**
 * Posts an entry that takes `amount` from a member's proceeds, and takes the same from their lots
 * (oldest deadline first), in the caller's transaction. The ledger refuses a debit larger than the
 * balance (CONFLICT "not enough"). Answers the lots used, or null when the entry was posted before.
 */
export async function debitProceeds(
  ctx: Deps,
  o: {
    idempotencyKey: string;
    kind: string;
    refs: Record<string, number | string>;
    userId: number;
    amount: number;
    lines: JournalLine[];
  },
): Promise<LotUse[] | null> {
  const posted = await postEntry(ctx, o);
  if (!posted.created) return null;
  return takeFromLots(ctx.db, { userId: o.userId, kind: "proceeds", amount: o.amount });
}

/** Gives a failed payout's money back to the proceeds lots it came from, in the caller's transaction. */
export async function returnProceeds(
  ctx: Deps,
  o: {
    idempotencyKey: string;
    kind: string;
    refs: Record<string, number | string>;
    userId: number;
    uses: readonly LotUse[];
    lines: JournalLine[];
  },
): Promise<boolean> {
  const posted = await postEntry(ctx, o);
  if (posted.created) await giveBackToLots(ctx.db, o.uses);
  return posted.created;
}
