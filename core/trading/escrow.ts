import type { Db } from "#db/client.ts";
import type { transactions } from "#db/schema/index.ts";
import { creditProceeds } from "../balance/proceeds.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import type { Clock } from "../shared/clock.ts";

type Tx = Pick<
  typeof transactions.$inferSelect,
  "id" | "buyerId" | "sellerId" | "price" | "fee" | "proceeds" | "paymentMethod"
>;
type Deps = { db: Db; clock: Clock };

/**
 * The buyer's money goes into escrow: a card payment from the buyer's `payment` account (where the
 * payments core put the captured charge), points straight from the points account.
 */
export async function payIntoEscrow(ctx: Deps, t: Tx): Promise<void> {
  const from = t.paymentMethod === "card" ? "payment" : "points";
  await postEntry(ctx, {
    idempotencyKey: `transaction:${t.id}:escrow`,
    kind: "escrow",
    refs: { transactionId: t.id },
    lines: [
      { account: memberAccount(t.buyerId, from), amount: -t.price },
      { account: memberAccount(t.buyerId, "escrow"), amount: t.price },
    ],
  });
}

/**
 * At COMPLETED: the seller's proceeds (price − fee) and the platform's fee leave escrow; the
 * proceeds start their 180-day clock.
 */
export async function releaseEscrow(ctx: Deps, t: Tx): Promise<void> {
  await creditProceeds(ctx, {
    idempotencyKey: `transaction:${t.id}:release`,
    kind: "sale_proceeds",
    refs: { transactionId: t.id },
    userId: t.sellerId,
    amount: t.proceeds,
    lines: [
      { account: memberAccount(t.buyerId, "escrow"), amount: -t.price },
      { account: memberAccount(t.sellerId, "proceeds"), amount: t.proceeds },
      ...(t.fee > 0 ? [{ account: platformAccount("revenue"), amount: t.fee }] : []),
    ],
  });
}

/**
 * At CANCELED: escrow goes back where it came from (points to points; a card payment to the
 * `payment` account, from which the payments core refunds the card).
 */
export async function returnEscrow(ctx: Deps, t: Tx): Promise<void> {
  const to = t.paymentMethod === "card" ? "payment" : "points";
  await postEntry(ctx, {
    idempotencyKey: `transaction:${t.id}:return`,
    kind: "escrow_return",
    refs: { transactionId: t.id },
    lines: [
      { account: memberAccount(t.buyerId, "escrow"), amount: -t.price },
      { account: memberAccount(t.buyerId, to), amount: t.price },
    ],
  });
}
