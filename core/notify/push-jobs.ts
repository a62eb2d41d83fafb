import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { notifications, pushSubscriptions, users } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { type Message, msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import type { Notification } from "./notifications.ts";
import type { PushMessage } from "./push.ts";

/** One notification to one browser; retried when the push service fails or does not answer. */
const sendPushJob = defineJob({
  name: "notify.send-push",
  payload: z.object({
    notificationId: z.number().int().positive(),
    subscriptionId: z.number().int().positive(),
  }),
  maxAttempts: 6,
});

/** Queues a push to each of the member's browsers (in the caller's transaction when there is one). */
export async function queuePushes(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; notificationId: number },
): Promise<number> {
  const targets = await ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, o.userId));
  for (const t of targets) {
    await enqueueJob(
      ctx,
      sendPushJob,
      { notificationId: o.notificationId, subscriptionId: t.id },
      { uniqueKey: `push:${o.notificationId}:${t.id}` },
    );
  }
  return targets.length;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const positive = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

/** Yen as the product writes it in both languages: ¥12,800. */
export function yenText(amount: number): string {
  return `¥${new Intl.NumberFormat("en-US").format(amount)}`;
}

/** What a notification says on the lock screen, and the page it opens, in the member's language. */
export function pushMessageOf(n: Notification, locale: Locale, publicUrl: string): PushMessage {
  const itemId = positive(n.payload.itemId);
  const title = text(n.payload.title);
  let body: Message = msg("notifyPush.other");
  let path = "/notifications/";
  switch (n.kind) {
    case "price_drop":
      body = msg("notificationsPage.priceDrop", {
        title,
        from: yenText(positive(n.payload.previous) ?? 0),
        to: yenText(positive(n.payload.amount) ?? 0),
      });
      if (itemId) path = `/items/${itemId}/`;
      break;
    case "saved_search":
      body = msg("notificationsPage.savedSearch", { title });
      if (itemId) path = `/items/${itemId}/`;
      break;
    case "message":
      body = msg("notifyPush.message", { title });
      if (itemId) path = `/items/${itemId}/transactions/`;
      break;
    case "purchase":
    case "payment":
    case "shipping":
    case "rating":
      body = msg("notifyPush.sales", { title });
      if (itemId) path = `/items/${itemId}/transactions/`;
      break;
    case "buyback": {
      body = msg("notifyPush.buyback", { title });
      const buybackItemId = positive(n.payload.buybackItemId);
      if (buybackItemId) path = `/buyback/transactions/${buybackItemId}/`;
      break;
    }
  }
  return {
    title: renderMessage(msg("notifyPush.title"), locale),
    body: renderMessage(body, locale),
    url: `${publicUrl}/${locale}${path}`,
    tag: `n${n.id}`,
  };
}

/**
 * Sends one push. A subscription the push service no longer knows (404/410) is forgotten; one that
 * took the message is marked with the time. A notification or browser gone meanwhile sends nothing.
 */
async function sendPush(
  ctx: CoreContext,
  o: { notificationId: number; subscriptionId: number },
): Promise<"sent" | "gone" | "skipped"> {
  const [row] = await ctx.db
    .select({ n: notifications, s: pushSubscriptions, locale: users.locale })
    .from(pushSubscriptions)
    .innerJoin(notifications, eq(notifications.id, o.notificationId))
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(eq(pushSubscriptions.id, o.subscriptionId), eq(pushSubscriptions.userId, notifications.userId)),
    );
  if (!row) return "skipped";
  const result = await ctx.push.send(row.s, pushMessageOf(row.n, row.locale, ctx.publicUrl));
  if (result === "gone") {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.s.id));
  } else {
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: ctx.clock.now() })
      .where(eq(pushSubscriptions.id, row.s.id));
  }
  return result;
}

export const sendPushHandler = handleJob(sendPushJob, async (ctx, p) => {
  await sendPush(ctx, p);
});
