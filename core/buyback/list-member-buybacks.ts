import { count, desc, eq } from "drizzle-orm";
import { buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { type BuybackRow, rows, toRow } from "./member-buybacks.ts";

const BUYBACK_PAGE_SIZE = 20;

/** Every device the member sent or meant to send, newest first, a page at a time (`?page=`). */
export async function listMemberBuybacks(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; page: number },
): Promise<{ rows: BuybackRow[]; page: number; pages: number; total: number }> {
  const own = eq(buybackItems.userId, o.userId);
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(buybackItems).where(own);
  const pages = Math.max(1, Math.ceil(total / BUYBACK_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(o.page) || 1), pages);
  const found = await rows(ctx)
    .where(own)
    .orderBy(desc(buybackItems.id))
    .limit(BUYBACK_PAGE_SIZE)
    .offset((page - 1) * BUYBACK_PAGE_SIZE);
  return { rows: found.map(toRow), page, pages, total };
}
