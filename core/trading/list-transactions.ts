import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { items, transactions } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { UNDER_WAY_STATES } from "./trades-under-way.ts";

export type TransactionSummary = {
  id: number;
  itemId: number;
  title: string;
  state: string;
  price: number;
  createdAt: Date;
};

/** The member's purchases or sales, newest first, page by page (cursor: the last id seen). */
export async function listTransactions(
  ctx: Pick<CoreContext, "db">,
  o: {
    userId: number;
    side: "buyer" | "seller";
    /** Only sales and purchases still under way. */
    openOnly?: boolean;
    before?: number | undefined;
    limit?: number;
  },
): Promise<{ items: TransactionSummary[]; nextCursor: string | null }> {
  const limit = o.limit ?? 20;
  const rows = await ctx.db
    .select({
      id: transactions.id,
      itemId: transactions.itemId,
      title: items.title,
      state: transactions.state,
      price: transactions.price,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(items, eq(items.id, transactions.itemId))
    .where(
      and(
        eq(o.side === "buyer" ? transactions.buyerId : transactions.sellerId, o.userId),
        // A purchase that never got paid is nobody's business but the buyer's.
        o.side === "seller"
          ? inArray(transactions.state, [
              "START",
              "SHIPPING",
              "REVIEWED_BY_BUYER",
              "COMPLETED",
              "PENDING",
              "CANCELING",
              "CANCELED",
            ])
          : undefined,
        o.openOnly ? inArray(transactions.state, UNDER_WAY_STATES) : undefined,
        o.before ? lt(transactions.id, o.before) : undefined,
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page, nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}
