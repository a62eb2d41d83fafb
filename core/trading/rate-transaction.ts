import { z } from "zod";
import { RATINGS, reviews, transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, text } from "../shared/validation/index.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { completeSale } from "./complete-sale.ts";
import { loadTransaction, roleOf } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

export const ZRating = z.object({
  rating: z.enum(RATINGS),
  comment: text(maxLength(500), printSafeText()),
});

const LABELS: Record<string, Message> = {
  rating: msg("trading.fields.rating"),
  comment: msg("trading.fields.comment"),
};

/**
 * Whether the actor may rate now with this form, without rating: what a page asks before it asks
 * the buyer to confirm receipt. Throws as `rateTransaction` would.
 */
export async function checkRating(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; input: unknown },
): Promise<void> {
  parseInput(ZRating, o.input, LABELS);
  const t = await loadTransaction(ctx.db, o.transactionId);
  const role = roleOf(t, o.actor);
  if (role !== "buyer" && role !== "seller") throw new AppError("FORBIDDEN");
  nextState(TRANSACTION_MACHINE, t.state, role === "buyer" ? "rate_by_buyer" : "rate_by_seller", role);
}

/**
 * The buyer rates the seller on receipt (SHIPPING → REVIEWED_BY_BUYER), then the seller rates the
 * buyer (→ COMPLETED), which releases the seller's proceeds.
 */
export async function rateTransaction(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; input: unknown },
): Promise<{ state: string }> {
  const input = parseInput(ZRating, o.input, LABELS);
  const first = await loadTransaction(ctx.db, o.transactionId);
  const role = roleOf(first, o.actor);
  if (role !== "buyer" && role !== "seller") throw new AppError("FORBIDDEN");
  const action = role === "buyer" ? "rate_by_buyer" : "rate_by_seller";
  nextState(TRANSACTION_MACHINE, first.state, action, role);
  const state = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const t = await loadTransaction(tx, o.transactionId, true);
    const now = ctx.clock.now();
    await tx.insert(reviews).values({
      transactionId: t.id,
      reviewerId: o.actor.id,
      revieweeId: role === "buyer" ? t.sellerId : t.buyerId,
      role,
      rating: input.rating,
      comment: input.comment,
      createdAt: now,
    });
    if (role === "seller") {
      await completeSale(txCtx, t, "rate_by_seller", { role: "seller", id: o.actor.id });
      return "COMPLETED";
    }
    const { to } = await changeState(txCtx, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: t.id,
      from: t.state,
      action,
      actor: { role, id: o.actor.id },
    });
    return to;
  });
  await tradeNotice(ctx, {
    userId: role === "buyer" ? first.sellerId : first.buyerId,
    kind: "rating",
    transaction: first,
    event: "rated",
  });
  return { state };
}
