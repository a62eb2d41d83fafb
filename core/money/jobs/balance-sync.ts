import { and, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { payouts } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../../jobs/define-job.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { CoreContext } from "../../shared/context.ts";
import { expireFreePoints } from "../balance/free-points.ts";
import { dispatchPayout } from "../payouts/dispatch-payout.ts";
import { syncBankReturns } from "../payouts/sync-bank-returns.ts";
import { syncTopUps } from "../top-ups/sync-top-ups.ts";
import { runProceedsDeadlines } from "./proceeds-deadlines.ts";

/** Every few minutes: an expired ATM code gives its money back well within the hour. */
const SYNC_EVERY_MS = 5 * 60 * 1000;

const balanceSyncJob = defineJob({ name: "balance.sync", payload: z.object({}), maxAttempts: 3 });

/**
 * One round of the balance's clockwork: vouchers brought up to date and expired at our deadline;
 * ATM codes and wallet transfers followed to their end; the bank's returns recorded; free points
 * expired; the proceeds' 180-day rule applied. Each step is safe to repeat.
 */
export async function syncBalance(ctx: CoreContext): Promise<void> {
  await syncTopUps(ctx);
  const open = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      or(
        and(eq(payouts.method, "seven"), inArray(payouts.state, ["READY", "ISSUED"])),
        and(eq(payouts.method, "kyash"), eq(payouts.state, "READY")),
      ),
    )
    .limit(500);
  for (const { id } of open) await dispatchPayout(ctx, id);
  await syncBankReturns(ctx);
  await expireFreePoints(ctx);
  await runProceedsDeadlines(ctx);
}

export const balanceSyncHandler = handleJob(balanceSyncJob, async (ctx) => {
  await syncBalance(ctx);
  await scheduleBalanceSync(ctx);
});

/** Queues the next round at the start of the next period (one per period, however many servers). */
export async function scheduleBalanceSync(ctx: CoreContext, o: { atStart?: boolean } = {}): Promise<void> {
  const now = ctx.clock.now().getTime();
  const period = Math.floor(now / SYNC_EVERY_MS) + 1;
  await enqueueJob(
    ctx,
    balanceSyncJob,
    {},
    { runAt: new Date(period * SYNC_EVERY_MS), uniqueKey: `balance-sync:${period}` },
  );
  if (o.atStart)
    await enqueueJob(
      ctx,
      balanceSyncJob,
      {},
      { runAt: new Date(now), uniqueKey: `balance-sync:start:${now}` },
    );
}
