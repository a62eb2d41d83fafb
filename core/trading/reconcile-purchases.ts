import { and, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { payments, purchaseAttempts, transactions } from "#db/schema/index.ts";
import { defineJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { failCardPurchase, recordCharge, settleCardPayment, voidPayment } from "./card-settlement.ts";
import { runAttempt } from "./purchase-item.ts";

/** A purchase request unanswered this long is taken to have died with its server. */
export const STALE_ATTEMPT_MS = 2 * 60 * 1000;
export const RECONCILE_EVERY_MS = 5 * 60 * 1000;

/**
 * Brings our records and the provider's into agreement after a crash: purchase requests left
 * unanswered are resumed (their charge is found by our reference, never made twice), and a
 * payment the provider settled differently from what we recorded is followed. Answers how many
 * attempts it resumed.
 */
export async function reconcilePurchases(ctx: CoreContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - STALE_ATTEMPT_MS);
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
    } catch {
      // The answer (a refusal) is stored by runAttempt; an outage is tried again next round.
    }
  }
  // Payments whose outcome we may have missed: holds for buyers who never got the item, and
  // purchases still waiting for a card the provider already decided.
  const open = await ctx.db
    .select({ payment: payments, state: transactions.state })
    .from(payments)
    .leftJoin(transactions, eq(transactions.id, payments.transactionId))
    .where(and(inArray(payments.status, ["authorized", "requires_3ds"]), lt(payments.updatedAt, cutoff)))
    .limit(100);
  for (const { payment, state } of open) {
    if (!payment.transactionId) {
      // Its attempt is finished (above), so this charge belongs to no sale: release it.
      const [attempt] = await ctx.db
        .select()
        .from(purchaseAttempts)
        .where(eq(purchaseAttempts.id, payment.attemptId));
      if (attempt?.state === "finished") await voidPayment(ctx, payment);
      continue;
    }
    if (state !== "AUTH" || !payment.chargeId) continue;
    const charge = await ctx.payments.getCharge(payment.chargeId);
    if (!charge) continue;
    await recordCharge(ctx, payment.id, charge);
    if (charge.status === "authorized" || charge.status === "captured")
      await settleCardPayment(ctx, payment.transactionId);
    else if (charge.status !== "requires_3ds") await failCardPurchase(ctx, payment.transactionId);
  }
  return resumed;
}

/** Runs reconciliation and queues the next round; the server queues the first at start. */
export const reconcilePurchasesJob = defineJob({
  name: "trading.reconcile-purchases",
  payload: z.object({}),
  async handler(ctx) {
    await reconcilePurchases(ctx);
    await scheduleReconciliation(ctx, RECONCILE_EVERY_MS);
  },
});

export async function scheduleReconciliation(ctx: CoreContext, inMs = 0): Promise<void> {
  const at = ctx.clock.now().getTime() + inMs;
  await enqueueJob(
    ctx,
    reconcilePurchasesJob,
    {},
    {
      runAt: new Date(at),
      uniqueKey: `reconcile-purchases:${Math.floor(at / RECONCILE_EVERY_MS)}`,
    },
  );
}
