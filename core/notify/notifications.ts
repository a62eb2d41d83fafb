import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
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
): Promise<number> {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ ...o, createdAt: ctx.clock.now() })
    .returning({ id: notifications.id });
  const message = JSON.stringify({ userId: o.userId, id: row!.id });
  await ctx.db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${message})`);
  await queueDeliveries(ctx, { userId: o.userId, kind: o.kind, notificationId: row!.id });
  return row!.id;
}

/** A member's notifications not read yet: what the badge on every page counts. */
export function unreadOf(userId: number | AnyPgColumn): SQL {
  return and(eq(notifications.userId, userId), isNull(notifications.readAt))!;
}

/** The unread count of the member in `userId` (a column), as part of a statement that reads more. */
export function unreadCountOf(userId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${notifications} where ${unreadOf(userId)})`.mapWith(Number);
}
