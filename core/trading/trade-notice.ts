import { eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import { type NotificationKind, notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";

/**
 * Tells one party of a transaction that something happened, naming the item so the notification
 * reads as a sentence and leads to the transaction page.
 */
export async function tradeNotice(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: {
    userId: number;
    kind: Extract<NotificationKind, "purchase" | "payment" | "shipping" | "message" | "rating">;
    transaction: { id: number; itemId: number };
    /** What happened, when the kind alone does not say: "sold", "paid", "completed", "reminder", a state… */
    event: string;
  },
): Promise<void> {
  const [item] = await ctx.db
    .select({ title: items.title })
    .from(items)
    .where(eq(items.id, o.transaction.itemId));
  await notify(ctx, {
    userId: o.userId,
    kind: o.kind,
    payload: {
      transactionId: o.transaction.id,
      itemId: o.transaction.itemId,
      title: item?.title ?? "",
      event: o.event,
    },
  });
}
