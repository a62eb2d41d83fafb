import { and, count, desc, eq, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type NOTIFICATION_KINDS, notifications } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { queueDeliveries } from "./deliveries.ts";

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type Notification = typeof notifications.$inferSelect;

/** The PostgreSQL channel on which every server hears of new notifications (LISTEN/NOTIFY). */
export const NOTIFICATION_CHANNEL = "tsugu_notifications";

/**
 * Records a notification and announces it on NOTIFICATION_CHANNEL, so the member's open pages on
 * any server hear of it at once (inside a transaction, only once it commits). Push and mail follow
 * as the member chose for its group (`queueDeliveries`).
 */
export async function notify(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; kind: NotificationKind; payload: Record<string, unknown> },
): Promise<void> {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ ...o, createdAt: ctx.clock.now() })
    .returning({ id: notifications.id });
  const message = JSON.stringify({ userId: o.userId, id: row!.id });
  await ctx.db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${message})`);
  await queueDeliveries(ctx, { userId: o.userId, kind: o.kind, notificationId: row!.id });
}

export async function getNotification(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; id: number },
): Promise<Notification | null> {
  const [row] = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, o.id), eq(notifications.userId, o.userId)));
  return row ?? null;
}

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

/** A member's notifications not read yet: what the badge on every page counts. */
function unreadOf(userId: number | AnyPgColumn): SQL {
  return and(eq(notifications.userId, userId), isNull(notifications.readAt))!;
}

/** The unread count of the member in `userId` (a column), as part of a statement that reads more. */
export function unreadCountOf(userId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${notifications} where ${unreadOf(userId)})`.mapWith(Number);
}

/** Marks a member's notifications read: all of them, or those up to `upToId` (the newest one seen). */
export async function markNotificationsRead(
  ctx: Pick<CoreContext, "db" | "clock">,
  userId: number,
  upToId?: number,
): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock.now() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        upToId === undefined ? undefined : lte(notifications.id, upToId),
      ),
    );
}
