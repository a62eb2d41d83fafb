import { and, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { balanceLots, bankAccounts, identityChecks, proceedsPauses } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { isAppError } from "../../shared/errors.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import { raiseMoneyAlert } from "../balance/alerts.ts";
import { balanceNotice } from "../balance/balance-notice.ts";
import { PAYOUT_FEES } from "../balance/fees.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { transferToPoints } from "../balance/transfer-points.ts";
import { requestPayout } from "../payouts/request-payout.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type DeadlineRound = {
  paused: number;
  resumed: number;
  reminded: number;
  paidOut: number;
  converted: number;
};

/**
 * The 180-day rule for proceeds, run by the balance job. First the clock: a member whose identity
 * check waits on the office (they cannot finish it) is paused; when the wait ends, their open
 * lots' deadlines move by the time it lasted. Then reminders 30, 7 and 1 days ahead (once each).
 * Then what reached its deadline leaves: paid out to the registered bank account with the fee
 * deducted (after the 24-hour hold when the account was just replaced); an amount not above the fee
 * becomes paid points instead; with no account registered, the member is told and finance alerted,
 * and the proceeds wait (never forfeited).
 */
export async function runProceedsDeadlines(ctx: CoreContext): Promise<DeadlineRound> {
  const round: DeadlineRound = { paused: 0, resumed: 0, reminded: 0, paidOut: 0, converted: 0 };
  await updatePauses(ctx, round);
  const paused = ctx.db
    .select({ userId: proceedsPauses.userId })
    .from(proceedsPauses)
    .where(isNull(proceedsPauses.endedAt));
  const now = ctx.clock.now();
  for (const days of BALANCE_LIMITS.reminderDays) {
    const lots = await ctx.db
      .select({
        id: balanceLots.id,
        userId: balanceLots.userId,
        remaining: balanceLots.remaining,
        deadlineAt: balanceLots.deadlineAt,
      })
      .from(balanceLots)
      .where(
        and(
          eq(balanceLots.kind, "proceeds"),
          gt(balanceLots.remaining, 0),
          gt(balanceLots.deadlineAt, now),
          lte(balanceLots.deadlineAt, new Date(now.getTime() + days * DAY_MS)),
          or(isNull(balanceLots.remindedDays), gt(balanceLots.remindedDays, days)),
          notInArray(balanceLots.userId, paused),
        ),
      )
      .limit(2000);
    for (const [userId, group] of groupBy(lots, (l) => l.userId)) {
      await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as CoreContext["db"];
        await db
          .update(balanceLots)
          .set({ remindedDays: days })
          .where(
            inArray(
              balanceLots.id,
              group.map((l) => l.id),
            ),
          );
        await balanceNotice(
          { db, clock: ctx.clock },
          {
            userId,
            event: "deadline_reminder",
            amount: group.reduce((s, l) => s + l.remaining, 0),
            days,
            refs: { deadline: new Date(Math.min(...group.map((l) => l.deadlineAt.getTime()))).toISOString() },
          },
        );
      });
      round.reminded += 1;
    }
  }
  const held = ctx.db
    .select({ userId: bankAccounts.userId })
    .from(bankAccounts)
    .where(gt(bankAccounts.heldUntil, now));
  const due = await ctx.db
    .select({
      userId: balanceLots.userId,
      total: sql<string>`sum(${balanceLots.remaining})`,
      firstLot: sql<string>`min(${balanceLots.id})`,
    })
    .from(balanceLots)
    .where(
      and(
        eq(balanceLots.kind, "proceeds"),
        gt(balanceLots.remaining, 0),
        lte(balanceLots.deadlineAt, now),
        notInArray(balanceLots.userId, paused),
        // A bank account replaced within the last 24 hours holds this payout too (decision 046):
        // the proceeds wait for the hold to end, then leave on the next round.
        notInArray(balanceLots.userId, held),
      ),
    )
    .groupBy(balanceLots.userId)
    .limit(500);
  const today = tokyoNow(now).date;
  for (const d of due) {
    const total = Number(d.total);
    const key = `deadline:${today}:${d.firstLot}`;
    if (total <= PAYOUT_FEES.bank) {
      await transferToPoints(ctx, { userId: d.userId, input: { amount: total }, requestKey: key });
      round.converted += 1;
      continue;
    }
    try {
      await requestPayout(ctx, {
        userId: d.userId,
        method: "bank",
        input: { amount: total - PAYOUT_FEES.bank },
        requestKey: key,
        automatic: true,
      });
      await balanceNotice(ctx, {
        userId: d.userId,
        event: "auto_payout",
        amount: total - PAYOUT_FEES.bank,
        refs: {},
      });
      round.paidOut += 1;
    } catch (error) {
      if (!isAppError(error) || error.code !== "CONFLICT") throw error;
      // No bank account to pay to: say so once per lot, and let finance follow it up.
      await raiseMoneyAlert(ctx, {
        kind: "deadline_no_account",
        userId: d.userId,
        refs: { lotId: Number(d.firstLot) },
        dedupeKey: `deadline:${d.firstLot}`,
        detail: `¥${total} past its deadline`,
      });
      const [lot] = await ctx.db
        .update(balanceLots)
        .set({ remindedDays: 0 })
        .where(
          and(
            eq(balanceLots.id, Number(d.firstLot)),
            or(isNull(balanceLots.remindedDays), gt(balanceLots.remindedDays, 0)),
          ),
        )
        .returning({ id: balanceLots.id });
      if (lot)
        await balanceNotice(ctx, { userId: d.userId, event: "deadline_no_account", amount: total, refs: {} });
    }
  }
  return round;
}

async function updatePauses(ctx: CoreContext, round: DeadlineRound): Promise<void> {
  const now = ctx.clock.now();
  const inReview = await ctx.db
    .selectDistinct({ userId: identityChecks.userId })
    .from(identityChecks)
    .where(eq(identityChecks.status, "review"));
  const reviewing = new Set(inReview.map((r) => r.userId));
  const open = await ctx.db.select().from(proceedsPauses).where(isNull(proceedsPauses.endedAt));
  const pausedNow = new Set(open.map((p) => p.userId));
  for (const userId of reviewing) {
    if (pausedNow.has(userId)) continue;
    await ctx.db.insert(proceedsPauses).values({ userId, startedAt: now }).onConflictDoNothing();
    round.paused += 1;
  }
  for (const pause of open) {
    if (reviewing.has(pause.userId)) continue;
    await ctx.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(proceedsPauses)
        .set({ endedAt: now })
        .where(and(eq(proceedsPauses.id, pause.id), isNull(proceedsPauses.endedAt)))
        .returning();
      if (!ended) return;
      // Each open lot gets back the part of the pause it lived through.
      await tx
        .update(balanceLots)
        .set({
          deadlineAt: sql`${balanceLots.deadlineAt} + (${now.toISOString()}::timestamptz - greatest(${pause.startedAt.toISOString()}::timestamptz, ${balanceLots.aroseAt}))`,
        })
        .where(
          and(
            eq(balanceLots.userId, pause.userId),
            eq(balanceLots.kind, "proceeds"),
            gt(balanceLots.remaining, 0),
            lte(balanceLots.aroseAt, now),
          ),
        );
    });
    round.resumed += 1;
  }
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) out.set(key(row), [...(out.get(key(row)) ?? []), row]);
  return out;
}
