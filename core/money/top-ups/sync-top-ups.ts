import { and, eq, isNull, lt, or } from "drizzle-orm";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { syncPayment } from "../payments/apply-charge.ts";
import { reconcilePayments } from "../payments/reconcile-payments.ts";
import { applyVoucher, loadTopUp } from "./apply-voucher.ts";
import { topUpPurpose } from "./card-top-up.ts";
import { moveTopUp } from "./move-top-up.ts";
import { topUpReference } from "./start-voucher-top-up.ts";

/**
 * A voucher request untouched this long without the provider's id is taken to have died; a card
 * top-up untouched this long to have lost its request (reconciliation resumes it).
 */
const STALE_MS = 2 * 60 * 1000;

/**
 * Brings waiting vouchers up to date: a voucher whose request died before its id was stored is
 * found by our reference (or the top-up fails); each waiting voucher's status is read from the
 * provider and applied; one past the deadline we showed expires (a payment arriving after that is
 * still credited, late). Card top-ups are brought up to date with the card provider
 * (`syncCardTopUps`). Answers how many voucher top-ups it changed.
 */
export async function syncTopUps(ctx: CoreContext): Promise<number> {
  await syncCardTopUps(ctx);
  const now = ctx.clock.now();
  const open = await ctx.db
    .select()
    .from(topUps)
    .where(
      and(
        eq(topUps.state, "PENDING"),
        or(eq(topUps.method, "cvs"), eq(topUps.method, "payeasy")),
        or(
          lt(topUps.deadline, now),
          isNull(topUps.providerPaymentId),
          lt(topUps.updatedAt, new Date(now.getTime() - STALE_MS)),
        ),
      ),
    )
    .limit(200);
  let changed = 0;
  for (const row of open) {
    let voucherId = row.providerPaymentId;
    if (!voucherId) {
      if (now.getTime() - row.createdAt.getTime() < STALE_MS) continue;
      const found = await ctx.vouchers.findVoucher(topUpReference(row.id));
      if (!found) {
        await moveTopUp(ctx, row, "fail", { reason: "the voucher was never issued" });
        changed += 1;
        continue;
      }
      await ctx.db
        .update(topUps)
        .set({ providerPaymentId: found.id, voucher: { ...found.codes }, providerDeadline: found.expiresAt })
        .where(eq(topUps.id, row.id));
      voucherId = found.id;
    }
    const voucher = await ctx.vouchers.getVoucher(voucherId);
    if (voucher) await applyVoucher(ctx, row.id, voucher);
    const after = await loadTopUp(ctx.db, row.id);
    if (after.state === "PENDING" && after.deadline && after.deadline < now) {
      await moveTopUp(ctx, after, "expire", { reason: "the deadline shown passed unpaid" });
    } else if (after.state === "PENDING") {
      await ctx.db.update(topUps).set({ updatedAt: now }).where(eq(topUps.id, row.id));
    }
    if ((await loadTopUp(ctx.db, row.id)).state !== row.state) changed += 1;
  }
  return changed;
}

/**
 * Brings card top-ups up to date (the balance's 5-minute round): every card top-up payment left
 * open is reconciled with the provider, and a top-up still waiting for 3-D Secure past its time
 * is given up (the hold released, the top-up cancelled, no points). Answers how many it looked at.
 */
async function syncCardTopUps(ctx: CoreContext): Promise<number> {
  const now = ctx.clock.now();
  const stale = await ctx.db
    .select({ id: topUps.id, paymentId: topUps.paymentId, deadline: topUps.deadline })
    .from(topUps)
    .where(
      and(
        eq(topUps.state, "PENDING"),
        eq(topUps.method, "card"),
        lt(topUps.updatedAt, new Date(now.getTime() - STALE_MS)),
      ),
    )
    .limit(200);
  for (const row of stale) {
    if (!row.paymentId) continue;
    try {
      // A charge still waiting for 3-D Secure past its time is voided; no charge at all (the
      // request died before the provider answered) gives the top-up up.
      const late = row.deadline !== null && row.deadline < now;
      await syncPayment(ctx, row.paymentId, topUpPurpose, { giveUpPending: late });
    } catch {
      // The provider unreachable, or another server on it: next round.
    }
  }
  const open = await reconcilePayments(ctx, { top_up: topUpPurpose }, { staleMs: STALE_MS });
  return stale.length + open;
}
