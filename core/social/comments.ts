import { eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

export async function loadItem(ctx: Pick<CoreContext, "db">, itemId: number) {
  const [item] = await ctx.db
    .select({ id: items.id, sellerId: items.sellerId, state: items.state, title: items.title })
    .from(items)
    .where(eq(items.id, itemId))
    .limit(1);
  return item ?? null;
}
