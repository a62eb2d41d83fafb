import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { balanceLots, ledgerAccounts, type transactions } from "#db/schema/index.ts";

/** How a purchase's price is (to be) paid: free points first, then paid points, the rest by card. */
export type PaymentParts = { freePoints: number; points: number; card: number };

/** What a member can spend at checkout now: unexpired free points and paid points. */
export type SpendableBalance = { freePoints: number; points: number };

type PartsColumns = Pick<
  typeof transactions.$inferSelect,
  "price" | "paymentMethod" | "paidFreePoints" | "paidPoints" | "paidCard"
>;

/** The recorded breakdown of a sale's price (a row written without one was paid by its one method). */
export function partsOf(t: PartsColumns): PaymentParts {
  if (t.paidFreePoints + t.paidPoints + t.paidCard === t.price) {
    return { freePoints: t.paidFreePoints, points: t.paidPoints, card: t.paidCard };
  }
  return t.paymentMethod === "card"
    ? { freePoints: 0, points: 0, card: t.price }
    : { freePoints: 0, points: t.price, card: 0 };
}

/**
 * Splits `price` over the balance in the order it is spent: free points, then paid points, then
 * the card. With `useBalance` false the card pays it all.
 */
export function splitPrice(price: number, balance: SpendableBalance, useBalance = true): PaymentParts {
  if (!useBalance) return { freePoints: 0, points: 0, card: price };
  const freePoints = Math.min(balance.freePoints, price);
  const points = Math.min(balance.points, price - freePoints);
  return { freePoints, points, card: price - freePoints - points };
}

/**
 * Reads what a member can spend: paid points are the `points` account; free points are the open
 * lots whose expiry has not come (a lot past its day is spent by nobody, even before the expiry job
 * has taken it back). With `lock` the buyer's points, free points and escrow accounts are locked
 * first, in id order as the ledger locks them, so purchases by one buyer line up here and each sees
 * what the one before left.
 */
export async function spendableBalance(
  db: Db,
  o: { userId: number; now: Date; lock?: boolean },
): Promise<SpendableBalance> {
  if (o.lock) {
    await db
      .insert(ledgerAccounts)
      .values(
        (["points", "free_points", "escrow"] as const).map((kind) => ({
          userId: o.userId,
          kind,
          updatedAt: o.now,
        })),
      )
      .onConflictDoNothing();
  }
  const accounts = db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, o.userId),
        inArray(ledgerAccounts.kind, ["points", "free_points", "escrow"]),
      ),
    )
    .orderBy(asc(ledgerAccounts.id));
  const rows = o.lock ? await accounts.for("update") : await accounts;
  const [lots] = await db
    .select({ sum: sql<string>`coalesce(sum(${balanceLots.remaining}), 0)` })
    .from(balanceLots)
    .where(
      and(
        eq(balanceLots.userId, o.userId),
        eq(balanceLots.kind, "free_points"),
        gt(balanceLots.remaining, 0),
        gt(balanceLots.deadlineAt, o.now),
      ),
    );
  const freeAccount = rows.find((r) => r.kind === "free_points")?.balance ?? 0;
  return {
    // The lots and the account agree (decision 022); the smaller is what can surely be spent.
    freePoints: Math.min(Number(lots?.sum ?? 0), freeAccount),
    points: rows.find((r) => r.kind === "points")?.balance ?? 0,
  };
}
