import { eq } from "drizzle-orm";
import { items, users } from "#db/schema/index.ts";
import { handleJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { mailMessage } from "../notify/mail-message.ts";
import { wantsMail } from "../notify/notification-settings.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { sendOfferMail } from "./offer-job-defs.ts";

/** What a notice tells: the catalogue's `offers.notices.*`. */
export type OfferEvent =
  | "received"
  | "countered"
  | "accepted"
  | "declined"
  | "counter_accepted"
  | "counter_declined"
  | "expired"
  | "closed";

/**
 * Tells one party of an offer what happened, naming the item and the price, leading to the offers
 * page. An offer received (the seller must answer) and an offer agreed (the buyer must buy) also go
 * out by mail, through the job queue.
 */
export async function offerNotice(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: {
    userId: number;
    offer: { id: number; itemId: number };
    event: OfferEvent;
    price: number;
    /** The other party's nickname, when the sentence names them. */
    by?: string;
    /** Which list of the offers page it belongs to. */
    side: "received" | "sent";
  },
): Promise<void> {
  const [item] = await ctx.db.select({ title: items.title }).from(items).where(eq(items.id, o.offer.itemId));
  const title = item?.title ?? "";
  await notify(ctx, {
    userId: o.userId,
    kind: "offer",
    payload: {
      offerId: o.offer.id,
      itemId: o.offer.itemId,
      title,
      event: o.event,
      /** The yen the notice names: the offer, the counter or the agreed price. */
      amount: o.price,
      side: o.side,
      ...(o.by ? { by: o.by } : {}),
    },
  });
  if (o.event === "received" || o.event === "accepted" || o.event === "counter_accepted") {
    await enqueueJob(ctx, sendOfferMail, {
      userId: o.userId,
      event: o.event === "received" ? "received" : "accepted",
      title,
      price: o.price,
    });
  }
}

/** Mailed only to a member who keeps the offers' mail on (it is on until they turn it off). */
export const sendOfferMailHandler = handleJob(sendOfferMail, async (ctx, o) => {
  if (!(await wantsMail(ctx, { userId: o.userId, topic: "offers" }))) return;
  const [user] = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, o.userId));
  if (!user) return;
  const values = { title: o.title, price: o.price };
  const subject = renderMessage(msg(`offers.mail.${o.event}.subject`, values), user.locale);
  const body = renderMessage(msg(`offers.mail.${o.event}.body`, values), user.locale);
  const url = `${ctx.publicUrl}/${user.locale}/mypage/offers/${o.event === "received" ? "" : "?side=sent"}`;
  await ctx.mailer.send(mailMessage(user.email, subject, `${body}\n${url}`, user.locale));
});
