import { eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { type NotificationKind, notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { hasTradeMail, sendTradeMail } from "./trade-mails.ts";

/**
 * Tells one party of a transaction that something happened, naming the item so the notification
 * reads as a sentence and leads to the transaction page. Events that ask them to act (ship, rate,
 * answer a cancellation) also go out by mail, through the job queue.
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
  const title = item?.title ?? "";
  await notify(ctx, {
    userId: o.userId,
    kind: o.kind,
    payload: { transactionId: o.transaction.id, itemId: o.transaction.itemId, title, event: o.event },
  });
  if (hasTradeMail(o.kind, o.event)) {
    await enqueueJob(ctx, sendTradeMail, {
      userId: o.userId,
      kind: o.kind,
      event: o.event,
      title,
      itemId: o.transaction.itemId,
      transactionId: o.transaction.id,
    });
  }
}
