import { and, eq, lt } from "drizzle-orm";
import { purchaseAttempts } from "#db/schema/index.ts";
import { handleJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { reconcilePayments } from "../money/payments/reconcile-payments.ts";
import type { CoreContext } from "../shared/context.ts";
import { isAppError } from "../shared/errors.ts";
import { PaymentStillOpen, runAttempt } from "./purchase-item.ts";
import { purchasePurpose } from "./purchase-payment.ts";
import { reconcilePurchasesJob } from "./trading-job-defs.ts";

/** A purchase request (or payment) untouched this long is taken to have died with its server. */
export const STALE_ATTEMPT_MS = 2 * 60 * 1000;
const RECONCILE_EVERY_MS = 5 * 60 * 1000;

export type ReconcileTiming = { everyMs: number; staleMs: number };
export const DEFAULT_RECONCILE_TIMING: ReconcileTiming = {
  everyMs: RECONCILE_EVERY_MS,
  staleMs: STALE_ATTEMPT_MS,
};

/**
 * Brings our records and the provider's into agreement after a crash: purchase requests left
 * unanswered are resumed (their charge is found by our reference, never made twice), then every
 * payment left open is brought up to date by the payments core. Answers how many requests it
 * resumed. A request or payment that could not be brought up to date (the provider or the database
 * out of reach, or a fault) is left for the next round, and the round ends by throwing its error
 * once every other one has had its turn: the job runner logs it and tries again, so one that never
 * settles is seen, not skipped in silence.
 */
export async function reconcilePurchases(ctx: CoreContext, staleMs = STALE_ATTEMPT_MS): Promise<number> {
  const failures: unknown[] = [];
  const resumed = await resumeStalePurchases(ctx, staleMs, failures);
  await reconcilePayments(
    ctx,
    { purchase: purchasePurpose },
    // Another server on the same payment answers CONFLICT: that one is not a failure.
    {
      staleMs,
      onError: (_paymentId, error) => {
        if (!isAppError(error)) failures.push(error);
      },
    },
  );
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) {
    throw new AggregateError(
      failures,
      `${failures.length} purchase requests or payments could not be brought up to date`,
    );
  }
  return resumed;
}

async function resumeStalePurchases(ctx: CoreContext, staleMs: number, failures: unknown[]): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - staleMs);
  const stale = await ctx.db
    .select()
    .from(purchaseAttempts)
    .where(and(eq(purchaseAttempts.state, "started"), lt(purchaseAttempts.updatedAt, cutoff)))
    .limit(100);
  let resumed = 0;
  for (const attempt of stale) {
    // Take the attempt over first, so that two servers reconciling at once do not both resume it.
    const [mine] = await ctx.db
      .update(purchaseAttempts)
      .set({ updatedAt: ctx.clock.now() })
      .where(
        and(
          eq(purchaseAttempts.id, attempt.id),
          eq(purchaseAttempts.state, "started"),
          lt(purchaseAttempts.updatedAt, cutoff),
        ),
      )
      .returning();
    if (!mine) continue;
    resumed += 1;
    try {
      await runAttempt(ctx, mine);
    } catch (error) {
      // A refusal is the attempt's answer, stored by runAttempt; a payment still open is settled by
      // the payments core below. Anything else leaves the attempt started, to be tried again next
      // round, and is reported once the round is over.
      if (!isAppError(error) && !(error instanceof PaymentStillOpen)) failures.push(error);
    }
  }
  return resumed;
}

/** Queues the next round, then reconciles (a round that fails still leaves the next one queued). */
export const reconcilePurchasesHandler = handleJob(reconcilePurchasesJob, async (ctx, p) => {
  await scheduleReconciliation(ctx, { everyMs: p.everyMs, staleMs: p.staleMs });
  await reconcilePurchases(ctx, p.staleMs);
});

/**
 * Queues the next round of reconciliation at the start of the next period: every server queues
 * the same one, so rounds never multiply. `atStart` also queues one now, whatever is queued
 * already: a server that starts after a crash reconciles at once.
 */
export async function scheduleReconciliation(
  ctx: CoreContext,
  timing: ReconcileTiming = DEFAULT_RECONCILE_TIMING,
  o: { atStart?: boolean } = {},
): Promise<void> {
  const now = ctx.clock.now().getTime();
  const period = Math.floor(now / timing.everyMs) + 1;
  await enqueueJob(ctx, reconcilePurchasesJob, timing, {
    runAt: new Date(period * timing.everyMs),
    uniqueKey: `reconcile-purchases:${timing.everyMs}:${period}`,
  });
  if (o.atStart) {
    await enqueueJob(ctx, reconcilePurchasesJob, timing, {
      runAt: new Date(now),
      uniqueKey: `reconcile-purchases:start:${now}:${Math.random().toString(36).slice(2)}`,
    });
  }
}
