import { and, count, desc, eq, lt } from "drizzle-orm";
import { notifications } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { type Notification, unreadOf } from "./notifications.ts";

/** A member's notifications, newest first, page by page (the cursor is the last id seen). */
export async function listNotifications(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; before?: number | undefined; limit?: number },
): Promise<{ items: Notification[]; nextCursor: string | null }> {
  const limit = o.limit ?? 20;
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, o.userId), o.before ? lt(notifications.id, o.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page, nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}

export async function unreadNotificationCount(ctx: Pick<CoreContext, "db">, userId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row?.n ?? 0;
}
