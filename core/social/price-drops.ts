import { and, eq, gte, ne, notExists, or, sql } from "drizzle-orm";
import { z } from "zod";
import { blocks, items, likes, notifications, users } from "#db/schema/index.ts";
import { notifyPriceDropJob } from "../catalog/price-drop-job.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { mailMessage } from "../notify/mail-message.ts";
import { wantsMail } from "../notify/notification-settings.ts";
import { notify } from "../notify/notifications.ts";
import { yenText } from "../notify/push-jobs.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { startOfTokyoDay } from "../shared/validation/tokyo-clock.ts";

const ZPrice = z.number().int().positive();

/** One price-drop mail to one member who takes them by mail. */
const sendPriceDropMailJob = defineJob({
  name: "social.send-price-drop-mail",
  payload: z.object({
    userId: z.number().int().positive(),
    itemId: z.number().int().positive(),
    title: z.string(),
    from: ZPrice,
    to: ZPrice,
  }),
  maxAttempts: 10,
});

/**
 * Tells each member who liked the listing that it is cheaper now: in the app, and by mail to those
 * who take price drops by mail. At most once per listing and member in a Tokyo day (a second drop
 * the same day is not told again), never the seller, nobody the seller blocked or who blocked them,
 * and nothing once the listing is no longer on sale (or is no cheaper than before after all).
 * Safe to run twice: whoever was told today is skipped.
 */
export async function notifyPriceDrop(
  ctx: CoreContext,
  o: { itemId: number; from: number; to: number },
): Promise<number> {
  const [item] = await ctx.db
    .select({ sellerId: items.sellerId, title: items.title, state: items.state, price: items.price })
    .from(items)
    .where(eq(items.id, o.itemId));
  if (item?.state !== "SALE" || item.price === null || item.price >= o.from) return 0;
  const to = item.price;
  const since = startOfTokyoDay(ctx.clock.now());
  const likers = await ctx.db
    .select({ userId: likes.userId })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(
      and(
        eq(likes.itemId, o.itemId),
        ne(likes.userId, item.sellerId),
        notExists(
          ctx.db
            .select({ b: blocks.blockerId })
            .from(blocks)
            .where(
              or(
                and(eq(blocks.blockerId, item.sellerId), eq(blocks.blockedId, likes.userId)),
                and(eq(blocks.blockerId, likes.userId), eq(blocks.blockedId, item.sellerId)),
              ),
            ),
        ),
        notExists(
          ctx.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(
              and(
                eq(notifications.userId, likes.userId),
                eq(notifications.kind, "price_drop"),
                sql`${notifications.payload}->>'itemId' = ${String(o.itemId)}`,
                gte(notifications.createdAt, since),
              ),
            ),
        ),
      ),
    )
    .orderBy(likes.userId);
  for (const { userId } of likers) {
    await ctx.db.transaction(async (tx) => {
      const c = { ...ctx, db: tx };
      await notify(c, {
        userId,
        kind: "price_drop",
        payload: { itemId: o.itemId, title: item.title, previous: o.from, amount: to },
      });
      if (await wantsMail(c, { userId, topic: "price_drops" })) {
        await enqueueJob(c, sendPriceDropMailJob, {
          userId,
          itemId: o.itemId,
          title: item.title,
          from: o.from,
          to,
        });
      }
    });
  }
  return likers.length;
}

const notifyPriceDropHandler = handleJob(notifyPriceDropJob, async (ctx, p) => {
  await notifyPriceDrop(ctx, p);
});

const sendPriceDropMailHandler = handleJob(sendPriceDropMailJob, async (ctx, o) => {
  const [user] = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, o.userId));
  if (!user) return;
  const values = { title: o.title, from: yenText(o.from), to: yenText(o.to) };
  const subject = renderMessage(msg("notifyMail.priceDrop.subject", values), user.locale);
  const body = [
    renderMessage(msg("notifyMail.priceDrop.body", values), user.locale),
    `${ctx.publicUrl}/${user.locale}/items/${o.itemId}/`,
    "",
    renderMessage(msg("notifyMail.priceDrop.settings"), user.locale),
    `${ctx.publicUrl}/${user.locale}/settings/notifications/`,
  ].join("\n");
  await ctx.mailer.send(mailMessage(user.email, subject, body, user.locale));
});

/** The jobs of price-drop notices, for the server to run. */
export const PRICE_DROP_JOB_HANDLERS = [notifyPriceDropHandler, sendPriceDropMailHandler];
