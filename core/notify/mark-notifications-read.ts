import { and, eq, isNull, lte } from "drizzle-orm";
import { notifications } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

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
