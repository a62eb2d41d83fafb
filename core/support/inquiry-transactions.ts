import { desc, eq, or } from "drizzle-orm";
import { items, transactions } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";

export type InquiryTransactionOption = {
  id: number;
  itemId: number;
  title: string;
  role: "buyer" | "seller";
  createdAt: Date;
};

/** The member's own transactions, newest first, for the inquiry form's "related transaction". */
export async function listInquiryTransactions(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser; limit?: number },
): Promise<InquiryTransactionOption[]> {
  const rows = await ctx.db
    .select({
      id: transactions.id,
      itemId: transactions.itemId,
      title: items.title,
      buyerId: transactions.buyerId,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(items, eq(items.id, transactions.itemId))
    .where(or(eq(transactions.buyerId, o.actor.id), eq(transactions.sellerId, o.actor.id)))
    .orderBy(desc(transactions.id))
    .limit(o.limit ?? 50);
  return rows.map(({ buyerId, ...t }) => ({ ...t, role: buyerId === o.actor.id ? "buyer" : "seller" }));
}
