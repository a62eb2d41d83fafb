import { eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { balanceLots, transactions } from "#db/schema/index.ts";
import { giveBackToLots, takeFromLots } from "../money/balance/lots.ts";
import { creditProceeds } from "../money/balance/proceeds.ts";
import { type JournalLine, memberAccount, platformAccount } from "../money/ledger/accounts.ts";
import { postEntry } from "../money/ledger/post-entry.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { type PaymentParts, partsOf, spendableBalance } from "./checkout-balance.ts";

type Tx = Pick<
  typeof transactions.$inferSelect,
  | "id"
  | "buyerId"
  | "sellerId"
  | "price"
  | "fee"
  | "proceeds"
  | "paymentMethod"
  | "paidFreePoints"
  | "paidPoints"
  | "paidCard"
  | "freePointLots"
>;
type Deps = { db: Db; clock: Clock };

const nonZero = (lines: JournalLine[]) => lines.filter((l) => l.amount !== 0);

/**
 * The balance's part of a purchase goes into escrow when the item becomes the buyer's, in the
 * caller's database transaction: `amount` is taken from free points (unexpired lots, nearest expiry
 * first), then from paid points. The buyer's balance accounts are locked first, so two purchases at
 * once line up and the second sees what the first left; a balance that no longer covers `amount`
 * refuses the purchase (CONFLICT "not enough") and nothing moves. The parts and the lots used are
 * recorded on the transaction. Answers the parts taken.
 */
export async function payBalanceIntoEscrow(
  ctx: Deps,
  t: Pick<Tx, "id" | "buyerId">,
  amount: number,
): Promise<Omit<PaymentParts, "card">> {
  if (amount === 0) return { freePoints: 0, points: 0 };
  const now = ctx.clock.now();
  const balance = await spendableBalance(ctx.db, { userId: t.buyerId, now, lock: true });
  const freePoints = Math.min(balance.freePoints, amount);
  const points = amount - freePoints;
  if (points > balance.points) {
    throw new AppError("CONFLICT", { message: msg("ledger.errors.insufficient") });
  }
  await postEntry(ctx, {
    idempotencyKey: `transaction:${t.id}:escrow-balance`,
    kind: "escrow",
    refs: { transactionId: t.id },
    lines: nonZero([
      { account: memberAccount(t.buyerId, "free_points"), amount: -freePoints },
      { account: memberAccount(t.buyerId, "points"), amount: -points },
      { account: memberAccount(t.buyerId, "escrow"), amount },
    ]),
  });
  const lots = await takeFromLots(ctx.db, {
    userId: t.buyerId,
    kind: "free_points",
    amount: freePoints,
    unexpiredAt: now,
  });
  await ctx.db
    .update(transactions)
    .set({ paidFreePoints: freePoints, paidPoints: points, freePointLots: lots })
    .where(eq(transactions.id, t.id));
  return { freePoints, points };
}

/**
 * The card's part goes into escrow once the payments core has taken it (into the buyer's
 * `payment` account). The balance's part went in when the item became the buyer's.
 */
export async function payIntoEscrow(ctx: Deps, t: Tx): Promise<void> {
  const { card } = partsOf(t);
  if (card === 0) return;
  await postEntry(ctx, {
    idempotencyKey: `transaction:${t.id}:escrow`,
    kind: "escrow",
    refs: { transactionId: t.id },
    lines: [
      { account: memberAccount(t.buyerId, "payment"), amount: -card },
      { account: memberAccount(t.buyerId, "escrow"), amount: card },
    ],
  });
}

/**
 * At COMPLETED: the courier's fee, when the seller pays the postage, leaves escrow for what we owe
 * the courier (an entry of its own); then the seller's proceeds (price − fee − courier fee) and the
 * platform's fee leave escrow; the proceeds start their 180-day clock.
 */
export async function releaseEscrow(ctx: Deps, t: Tx, courierFee = 0): Promise<void> {
  if (courierFee > 0) {
    await postEntry(ctx, {
      idempotencyKey: `transaction:${t.id}:courier`,
      kind: "courier_fee",
      refs: { transactionId: t.id },
      lines: [
        { account: memberAccount(t.buyerId, "escrow"), amount: -courierFee },
        { account: platformAccount("courier_payable"), amount: courierFee },
      ],
    });
  }
  const proceeds = t.proceeds - courierFee;
  await creditProceeds(ctx, {
    idempotencyKey: `transaction:${t.id}:release`,
    kind: "sale_proceeds",
    refs: { transactionId: t.id },
    userId: t.sellerId,
    amount: proceeds,
    lines: nonZero([
      { account: memberAccount(t.buyerId, "escrow"), amount: -(t.price - courierFee) },
      { account: memberAccount(t.sellerId, "proceeds"), amount: proceeds },
      { account: platformAccount("revenue"), amount: t.fee },
    ]),
  });
}

/** Where a cancelled sale's money went back to. */
export type EscrowReturn = {
  /** Free points back in the lots they came from, their expiry unchanged. */
  freePoints: number;
  /** Free points whose expiry passed while the sale ran: they are gone, as they would have been. */
  expiredFreePoints: number;
  points: number;
  /** Back in the buyer's `payment` account, from which the payments core refunds the card. */
  card: number;
};

/**
 * At CANCELED (`withCard`) or when the card never paid (INVALID, only the balance's part is in
 * escrow): each part goes back where it came from, in the caller's database transaction. Free
 * points go back to their own lots with their own expiry; those from a lot already past its expiry
 * go to the promotions account (expired, never returned as spendable); paid points to points; the
 * card's part to the `payment` account for the refund.
 */
export async function returnEscrow(ctx: Deps, t: Tx, o: { withCard: boolean }): Promise<EscrowReturn> {
  const parts = partsOf(t);
  const card = o.withCard ? parts.card : 0;
  const now = ctx.clock.now();
  const lotIds = t.freePointLots.map((u) => u.lotId);
  const deadlines = lotIds.length
    ? await ctx.db
        .select({ id: balanceLots.id, deadlineAt: balanceLots.deadlineAt })
        .from(balanceLots)
        .where(inArray(balanceLots.id, lotIds))
    : [];
  const live = t.freePointLots.filter((u) => {
    const lot = deadlines.find((d) => d.id === u.lotId);
    return lot !== undefined && lot.deadlineAt > now;
  });
  const freePoints = live.reduce((s, u) => s + u.amount, 0);
  const expiredFreePoints = parts.freePoints - freePoints;
  const total = parts.freePoints + parts.points + card;
  const result = { freePoints, expiredFreePoints, points: parts.points, card };
  if (total === 0) return result;
  const posted = await postEntry(ctx, {
    idempotencyKey: `transaction:${t.id}:return`,
    kind: "escrow_return",
    refs: { transactionId: t.id },
    lines: nonZero([
      { account: memberAccount(t.buyerId, "escrow"), amount: -total },
      { account: memberAccount(t.buyerId, "free_points"), amount: freePoints },
      { account: platformAccount("promotions"), amount: expiredFreePoints },
      { account: memberAccount(t.buyerId, "points"), amount: parts.points },
      { account: memberAccount(t.buyerId, "payment"), amount: card },
    ]),
  });
  if (posted.created) await giveBackToLots(ctx.db, live);
  return result;
}
