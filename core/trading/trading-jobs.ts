import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import { failCardPurchase, settleCardPayment } from "./card-settlement.ts";
import { completeSale } from "./complete-sale.ts";
import { loadTransaction, paymentOf } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";

/** A shipped transaction nobody finished rating completes by itself after this many days. */
export const AUTO_COMPLETE_DAYS = 9;

const ZTransaction = z.object({ transactionId: z.number().int().positive() });

/** A purchase still waiting for its card 30 minutes later is cancelled and the item relisted. */
export const expireAuthorization = defineJob({
  name: "trading.expire-authorization",
  payload: ZTransaction,
  async handler(ctx, { transactionId }) {
    const t = await loadTransaction(ctx.db, transactionId);
    if (t.state !== "AUTH") return;
    const payment = await paymentOf(ctx.db, transactionId);
    const charge = payment?.chargeId ? await ctx.payments.getCharge(payment.chargeId) : null;
    if (charge?.status === "authorized") await settleCardPayment(ctx, transactionId);
    else await failCardPurchase(ctx, transactionId);
  },
});

export const remindToShip = defineJob({
  name: "trading.remind-to-ship",
  payload: ZTransaction,
  async handler(ctx, { transactionId }) {
    const t = await loadTransaction(ctx.db, transactionId);
    if (t.state !== "START") return;
    await tradeNotice(ctx, { userId: t.sellerId, kind: "shipping", transaction: t, event: "reminder" });
  },
});

export const remindToRate = defineJob({
  name: "trading.remind-to-rate",
  payload: ZTransaction,
  async handler(ctx, { transactionId }) {
    const t = await loadTransaction(ctx.db, transactionId);
    if (t.state !== "SHIPPING") return;
    await tradeNotice(ctx, { userId: t.buyerId, kind: "rating", transaction: t, event: "reminder" });
  },
});

export const autoComplete = defineJob({
  name: "trading.auto-complete",
  payload: ZTransaction,
  async handler(ctx, { transactionId }) {
    await ctx.db.transaction(async (tx) => {
      const t = await loadTransaction(tx, transactionId, true);
      if (t.state !== "SHIPPING" && t.state !== "REVIEWED_BY_BUYER") return;
      await completeSale({ ...ctx, db: tx }, t, "auto_complete", "system");
    });
  },
});
