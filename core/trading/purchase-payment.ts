import { and, eq, sql } from "drizzle-orm";
import { items, purchaseAttempts, transactions } from "#db/schema/index.ts";
import { ITEM_MACHINE } from "../catalog/item-states.ts";
import type { PaymentPurpose } from "../money/payments/payment-purpose.ts";
import type { PaymentRow } from "../money/payments/payment-states.ts";
import { addSavedCard } from "../money/payments/saved-cards.ts";
import type { CoreContext } from "../shared/context.ts";
import { isAppError } from "../shared/errors.ts";
import { changeState } from "../state/change-state.ts";
import { payIntoEscrow, returnEscrow } from "./escrow.ts";
import { loadTransaction } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

/**
 * A card payment for a purchase. Held money is taken once the item is this buyer's (the
 * transaction waits in AUTH) and let go when the buyer did not get it; taken money goes into
 * escrow and starts the sale (AUTH → START); money that arrives for a purchase that has already
 * failed is refunded by the payments core; a payment that ends without money fails the purchase
 * (AUTH → INVALID), gives back the balance's part and puts the item back on sale.
 */
export const purchasePurpose: PaymentPurpose = {
  async decide(ctx, payment) {
    if (!payment.transactionId) {
      // No sale for this payment (yet): while its request runs, that request decides.
      if (!payment.attemptId) return "release";
      const [attempt] = await ctx.db
        .select({ state: purchaseAttempts.state })
        .from(purchaseAttempts)
        .where(eq(purchaseAttempts.id, payment.attemptId));
      return attempt?.state === "started" ? "wait" : "release";
    }
    const t = await loadTransaction(ctx.db, payment.transactionId);
    if (t.state === "AUTH") return "capture";
    // The purchase failed: let the hold go. Any later state means this payment was settled by
    // another caller a moment ago (a stale word about it changes nothing).
    return t.state === "INVALID" ? "release" : "wait";
  },

  async settle(ctx, payment) {
    if (!payment.transactionId) return false;
    const t = await loadTransaction(ctx.db, payment.transactionId, true);
    if (t.state !== "AUTH") return false;
    await payIntoEscrow(ctx, t);
    await changeState(ctx, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: t.id,
      from: t.state,
      action: "pay",
      actor: { role: "system" },
      set: { authExpiresAt: null },
    });
    return true;
  },

  async afterSettled(ctx, payment) {
    if (!payment.transactionId) return;
    await saveNewCard(ctx, payment);
    await announcePurchase(ctx, payment.transactionId);
  },

  async abandon(ctx, payment, why) {
    if (!payment.transactionId) return;
    const t = await loadTransaction(ctx.db, payment.transactionId, true);
    if (t.state !== "AUTH") return;
    await changeState(ctx, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: t.id,
      from: t.state,
      action: "fail_payment",
      actor: { role: "system" },
      reason: `payment ${why}`,
      set: { authExpiresAt: null },
    });
    // The balance's part went into escrow with the item; the card never paid its part.
    await returnEscrow(ctx, t, { withCard: false });
    await relistItem(ctx, t.itemId);
  },
};

/**
 * The buyer asked to save the new card they paid with: now that the payment went through, its
 * second token becomes a saved card. The token is taken off the attempt first, so it is used once;
 * a card the provider refuses to save leaves the purchase as it is (it is paid).
 */
async function saveNewCard(ctx: CoreContext, payment: PaymentRow): Promise<void> {
  if (!payment.attemptId) return;
  const [attempt] = await ctx.db
    .select({ request: purchaseAttempts.request })
    .from(purchaseAttempts)
    .where(eq(purchaseAttempts.id, payment.attemptId));
  const token = attempt?.request.saveCardToken;
  if (typeof token !== "string") return;
  const taken = await ctx.db
    .update(purchaseAttempts)
    .set({ request: sql`${purchaseAttempts.request} - 'saveCardToken'` })
    .where(
      and(eq(purchaseAttempts.id, payment.attemptId), sql`${purchaseAttempts.request} ? 'saveCardToken'`),
    )
    .returning({ id: purchaseAttempts.id });
  if (taken.length === 0) return;
  try {
    await addSavedCard(ctx, { userId: payment.buyerId, token });
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
}

/** Tells both sides that a sale has started (its money is in escrow). */
export async function announcePurchase(ctx: CoreContext, transactionId: number): Promise<void> {
  const t = await loadTransaction(ctx.db, transactionId);
  await tradeNotice(ctx, { userId: t.sellerId, kind: "purchase", transaction: t, event: "sold" });
  await tradeNotice(ctx, { userId: t.buyerId, kind: "payment", transaction: t, event: "paid" });
}

/** A sold item whose sale did not happen goes back on sale (in the caller's transaction). */
export async function relistItem(ctx: Pick<CoreContext, "db" | "clock">, itemId: number): Promise<void> {
  const [item] = await ctx.db
    .select({ state: items.state })
    .from(items)
    .where(eq(items.id, itemId))
    .for("update");
  if (item?.state !== "SOLD") return;
  await changeState(ctx, {
    machine: ITEM_MACHINE,
    table: items,
    id: itemId,
    from: "SOLD",
    action: "relist",
    actor: { role: "system" },
    set: { soldAt: null },
  });
}
