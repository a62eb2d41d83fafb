import { and, desc, eq, inArray, or } from "drizzle-orm";
import { items, transactions } from "#db/schema/index.ts";
import { firstPhotoKey } from "../catalog/item-card.ts";
import type { CoreContext } from "../shared/context.ts";
import type { TransactionState } from "./codes.ts";
import { availableTransactionActions } from "./transaction-states.ts";

/** States of a sale or purchase that is still under way (paid and not yet finished or cancelled). */
export const UNDER_WAY_STATES = ["START", "SHIPPING", "REVIEWED_BY_BUYER", "CANCELING", "PENDING"] as const;

export type TradeUnderWay = {
  id: number;
  itemId: number;
  title: string;
  price: number;
  state: string;
  side: "buyer" | "seller";
  /** The member has a step to take now: ship, rate, or answer the other party's cancellation request. */
  yourTurn: boolean;
  /** Where the trade stands for this member, as the lists say it. */
  step: TradeStep;
  thumbUrl: string | null;
  createdAt: Date;
};

/**
 * Whether a party of a transaction has a step to take now, read off the state table: any step the
 * table offers them, except asking to cancel (always offered before shipping, never a duty).
 */
export function isYourTurn(
  state: TransactionState,
  side: "buyer" | "seller",
  cancelRequestedBy: string | null,
) {
  return availableTransactionActions(state, side, cancelRequestedBy).some((a) => a !== "request_cancel");
}

/** Where a trade under way stands for one of its parties: their step to take, or what they wait for. */
export type TradeStep =
  | "ship"
  | "rate"
  | "answerCancel"
  | "awaitShipping"
  | "awaitRating"
  | "awaitSellerRating"
  | "awaitCancelAnswer"
  | "onHold";

export function tradeStep(
  state: TransactionState,
  side: "buyer" | "seller",
  cancelRequestedBy: string | null,
): TradeStep {
  switch (state) {
    case "START":
      return side === "seller" ? "ship" : "awaitShipping";
    case "SHIPPING":
      return side === "buyer" ? "rate" : "awaitRating";
    case "REVIEWED_BY_BUYER":
      return side === "seller" ? "rate" : "awaitSellerRating";
    case "CANCELING":
      return cancelRequestedBy === side ? "awaitCancelAnswer" : "answerCancel";
    default:
      return "onHold";
  }
}

/**
 * A member's purchases and sales still under way, those waiting for them first, then the newest:
 * what their home page and my page put before anything else.
 */
export async function tradesUnderWay(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { userId: number; limit?: number },
): Promise<{ trades: TradeUnderWay[]; total: number; yourTurn: number }> {
  const rows = await ctx.db
    .select({
      id: transactions.id,
      itemId: transactions.itemId,
      title: items.title,
      price: transactions.price,
      state: transactions.state,
      buyerId: transactions.buyerId,
      cancelRequestedBy: transactions.cancelRequestedBy,
      createdAt: transactions.createdAt,
      thumbKey: firstPhotoKey(transactions.itemId),
    })
    .from(transactions)
    .innerJoin(items, eq(items.id, transactions.itemId))
    .where(
      and(
        or(eq(transactions.buyerId, o.userId), eq(transactions.sellerId, o.userId)),
        inArray(transactions.state, UNDER_WAY_STATES),
      ),
    )
    .orderBy(desc(transactions.id))
    // A member has a handful of trades under way; the bound keeps a page fast for a trader with many.
    .limit(200);
  const trades = rows.map(({ buyerId, cancelRequestedBy, thumbKey, ...r }) => {
    const side = buyerId === o.userId ? ("buyer" as const) : ("seller" as const);
    return {
      ...r,
      side,
      yourTurn: isYourTurn(r.state, side, cancelRequestedBy),
      step: tradeStep(r.state, side, cancelRequestedBy),
      thumbUrl: thumbKey ? ctx.blobs.url(`${thumbKey}-thumb.webp`) : null,
    };
  });
  const ordered = [...trades.filter((t) => t.yourTurn), ...trades.filter((t) => !t.yourTurn)];
  return {
    trades: ordered.slice(0, o.limit ?? 10),
    total: trades.length,
    yourTurn: trades.filter((t) => t.yourTurn).length,
  };
}
