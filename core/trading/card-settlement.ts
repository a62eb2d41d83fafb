import { and, eq } from "drizzle-orm";
import { items, payments, transactions } from "#db/schema/index.ts";
import { nextItemState } from "../catalog/item-states.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { Charge } from "../payments/gateway.ts";
import type { CoreContext } from "../shared/context.ts";
import { payIntoEscrow } from "./escrow.ts";
import { loadTransaction, type PaymentRow, paymentOf } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { remindToShip } from "./trading-jobs.ts";
import { nextTransactionState } from "./transaction-states.ts";

/** Days after which a party who has not acted is reminded. */
export const REMIND_AFTER_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

export async function recordCharge(
  ctx: Pick<CoreContext, "db" | "clock">,
  paymentId: number,
  charge: Charge,
) {
  await ctx.db
    .update(payments)
    .set({
      chargeId: charge.id,
      status: charge.status,
      failureCode: charge.failureCode,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(payments.id, paymentId));
}

/**
 * The buyer's card is authorised: capture it, move the money into escrow and start the sale.
 * Safe to run again at any point (after a crash, from a webhook, from reconciliation).
 */
export async function settleCardPayment(ctx: CoreContext, transactionId: number): Promise<void> {
  const payment = await paymentOf(ctx.db, transactionId);
  if (!payment?.chargeId) return;
  const before = await loadTransaction(ctx.db, transactionId);
  if (before.state !== "AUTH") return;
  const charge = await ctx.payments.capture(payment.chargeId);
  await recordCharge(ctx, payment.id, charge);
  if (charge.status !== "captured") return;
  const started = await ctx.db.transaction(async (tx) => {
    const t = await loadTransaction(tx, transactionId, true);
    if (t.state !== "AUTH") return null;
    const txCtx = { ...ctx, db: tx };
    await payIntoEscrow(txCtx, t, payment.id);
    const state = nextTransactionState(t.state, "pay", "system");
    const now = ctx.clock.now();
    await tx
      .update(transactions)
      .set({ state, authExpiresAt: null, updatedAt: now })
      .where(eq(transactions.id, t.id));
    await enqueueJob(
      txCtx,
      remindToShip,
      { transactionId: t.id },
      {
        runAt: new Date(now.getTime() + REMIND_AFTER_DAYS * DAY_MS),
        uniqueKey: `remind-ship:${t.id}`,
      },
    );
    return t;
  });
  if (started) await announcePurchase(ctx, started);
}

async function announcePurchase(
  ctx: CoreContext,
  t: { id: number; itemId: number; buyerId: number; sellerId: number },
) {
  await tradeNotice(ctx, { userId: t.sellerId, kind: "purchase", transaction: t, event: "sold" });
  await tradeNotice(ctx, { userId: t.buyerId, kind: "payment", transaction: t, event: "paid" });
}

/** The points were taken into escrow in the purchase's own database transaction; tell both sides. */
export async function afterPointsPurchase(ctx: CoreContext, transactionId: number): Promise<void> {
  await announcePurchase(ctx, await loadTransaction(ctx.db, transactionId));
}

/**
 * The payment will not happen (declined, failed or abandoned 3-D Secure): release the card hold,
 * mark the transaction INVALID and put the item back on sale.
 */
export async function failCardPurchase(ctx: CoreContext, transactionId: number): Promise<void> {
  const payment = await paymentOf(ctx.db, transactionId);
  if (payment) await voidPayment(ctx, payment);
  await ctx.db.transaction(async (tx) => {
    const t = await loadTransaction(tx, transactionId, true);
    if (t.state !== "AUTH") return;
    const now = ctx.clock.now();
    await tx
      .update(transactions)
      .set({
        state: nextTransactionState(t.state, "fail_payment", "system"),
        authExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(transactions.id, t.id));
    await relistItem({ ...ctx, db: tx }, t.itemId);
  });
}

/** Releases a hold on the card (or records a charge that already ended); never throws for a final charge. */
export async function voidPayment(ctx: CoreContext, payment: PaymentRow): Promise<void> {
  if (!payment.chargeId) return;
  const current = await ctx.payments.getCharge(payment.chargeId);
  if (!current) return;
  const charge =
    current.status === "authorized" || current.status === "requires_3ds" || current.status === "expired"
      ? await ctx.payments.void(payment.chargeId)
      : current;
  await recordCharge(ctx, payment.id, charge);
}

/** A sold item whose sale did not happen goes back on sale. */
export async function relistItem(ctx: Pick<CoreContext, "db" | "clock">, itemId: number): Promise<void> {
  await ctx.db
    .update(items)
    .set({ state: nextItemState("SOLD", "relist", "system"), soldAt: null, updatedAt: ctx.clock.now() })
    .where(and(eq(items.id, itemId), eq(items.state, "SOLD")));
}
