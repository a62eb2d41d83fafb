import { handleJob, type JobHandler } from "../jobs/define-job.ts";
import { syncPayment } from "../money/payments/apply-charge.ts";
import type { CoreContext } from "../shared/context.ts";
import { stillInState } from "../state/change-state.ts";
import { completeSale } from "./complete-sale.ts";
import { loadTransaction, paymentOf } from "./load-transaction.ts";
import { purchasePurpose } from "./purchase-payment.ts";
import { reconcilePurchasesHandler } from "./reconcile-purchases.ts";
import { tradeNotice } from "./trade-notice.ts";
import { autoComplete, expireAuthorization, remindToRate, remindToShip } from "./trading-job-defs.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

type Timer = { id: number; state: string; since: number };
const stillThere = (ctx: CoreContext, p: Timer) => stillInState(ctx.db, TRANSACTION_MACHINE, p);

/**
 * The 3-D Secure time is up: the payment is brought up to date with the provider, and a charge
 * still waiting for the challenge is let go (the purchase fails, the item is back on sale). A
 * charge that was authorised or taken meanwhile is settled: a buyer who paid keeps the item.
 */
const expireAuthorizationHandler = handleJob(expireAuthorization, async (ctx, p) => {
  if (!(await stillThere(ctx, p))) return;
  const payment = await paymentOf(ctx.db, p.id);
  if (payment) await syncPayment(ctx, payment.id, purchasePurpose, { giveUpPending: true });
});

const remindToShipHandler = handleJob(remindToShip, async (ctx, p) => {
  if (!(await stillThere(ctx, p))) return;
  const t = await loadTransaction(ctx.db, p.id);
  await tradeNotice(ctx, { userId: t.sellerId, kind: "shipping", transaction: t, event: "reminder" });
});

const remindToRateHandler = handleJob(remindToRate, async (ctx, p) => {
  if (!(await stillThere(ctx, p))) return;
  const t = await loadTransaction(ctx.db, p.id);
  await tradeNotice(ctx, { userId: t.buyerId, kind: "rating", transaction: t, event: "reminder" });
});

/** The window of the party whose turn it was (buyer in SHIPPING, seller in REVIEWED_BY_BUYER) ran out. */
const autoCompleteHandler = handleJob(autoComplete, async (ctx, p) => {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const t = await loadTransaction(tx, p.id, true);
    if (!(await stillThere(txCtx, p))) return;
    await completeSale(txCtx, t, "auto_complete", { role: "system" });
  });
});

export const TRADING_JOB_HANDLERS: readonly JobHandler[] = [
  reconcilePurchasesHandler,
  expireAuthorizationHandler,
  remindToShipHandler,
  remindToRateHandler,
  autoCompleteHandler,
];
