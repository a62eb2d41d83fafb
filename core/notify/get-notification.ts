import { and, eq } from "drizzle-orm";
import { notifications } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Notification } from "./notifications.ts";

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
