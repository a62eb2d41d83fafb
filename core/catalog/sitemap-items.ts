import { asc, count, inArray } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { PUBLIC_STATES } from "./item-states.ts";

/** How many listings anyone may open (and so a search engine may index). */
export async function countPublicItems(ctx: Pick<CoreContext, "db">): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(items)
    .where(inArray(items.state, [...PUBLIC_STATES]));
  return row?.n ?? 0;
}

/** One slice of the public listings in id order, for a sitemap: drafts and private listings never appear. */
export async function listPublicItemsForSitemap(
  ctx: Pick<CoreContext, "db">,
  o: { offset: number; limit: number },
): Promise<{ id: number; updatedAt: Date }[]> {
  return ctx.db
    .select({ id: items.id, updatedAt: items.updatedAt })
    .from(items)
    .where(inArray(items.state, [...PUBLIC_STATES]))
    .orderBy(asc(items.id))
    .offset(o.offset)
    .limit(o.limit);
}
