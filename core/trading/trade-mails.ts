import { eq } from "drizzle-orm";
import { z } from "zod";
import { items, transactions, users } from "#db/schema/index.ts";
import { SHIPPING_LEAD_TIMES } from "../catalog/codes.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { mailMessage } from "../notify/mail-message.ts";
import { wantsMail } from "../notify/notification-settings.ts";
import { isCodeOf, labelOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Messages } from "../shared/i18n/messages.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { type Locale, TIME_ZONE } from "../shared/locale.ts";
import { shipByOf } from "./trade-steps.ts";

/** The catalogue's mail (`trading.mail.*`) for each event that asks a party to act. */
const MAILS: Record<string, keyof Messages["trading"]["mail"]> = {
  "purchase:sold": "sold",
  "shipping:shipped": "shipped",
  "shipping:reminder": "shipReminder",
  "rating:reminder": "rateReminder",
  "purchase:CANCELING": "cancelRequested",
  // The buyer's receipt: what happens next, and where to follow it.
  "payment:paid": "purchased",
};

export function hasTradeMail(kind: string, event: string): boolean {
  return Object.hasOwn(MAILS, `${kind}:${event}`);
}

/** Mails one action-needed notice; a failure is retried by the job queue (undelivered mail). */
export const sendTradeMail = defineJob({
  name: "trading.send-mail",
  payload: z.object({
    userId: z.number().int(),
    kind: z.string(),
    event: z.string(),
    title: z.string(),
    itemId: z.number().int(),
    transactionId: z.number().int().optional(),
  }),
  maxAttempts: 10,
});

export const sendTradeMailHandler = handleJob(sendTradeMail, async (ctx, o) => {
  const mail = MAILS[`${o.kind}:${o.event}`];
  const [user] = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, o.userId));
  if (!mail || !user) return;
  // Purchases, shipping and ratings go by mail unless the member turned that off; the receipt always goes.
  if (mail !== "purchased" && !(await wantsMail(ctx, { userId: o.userId, topic: "sales" }))) return;
  const values = { title: o.title, ...(mail === "purchased" ? await nextSteps(ctx, o, user.locale) : {}) };
  const subject = renderMessage(msg(`trading.mail.${mail}.subject`, values), user.locale);
  const body = renderMessage(msg(`trading.mail.${mail}.body`, values), user.locale);
  const url = `${ctx.publicUrl}/${user.locale}/items/${o.itemId}/transactions/`;
  await ctx.mailer.send(mailMessage(user.email, subject, `${body}\n${url}`, user.locale));
});

/** The purchase mail's "what next": the seller's lead time and the day it ends. */
async function nextSteps(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; transactionId?: number | undefined },
  locale: Locale,
): Promise<{ leadTime: string; shipBy: string }> {
  const [item] = await ctx.db.select({ leadTime: items.leadTime }).from(items).where(eq(items.id, o.itemId));
  const [t] = o.transactionId
    ? await ctx.db
        .select({ createdAt: transactions.createdAt })
        .from(transactions)
        .where(eq(transactions.id, o.transactionId))
    : [];
  const leadTime = isCodeOf(SHIPPING_LEAD_TIMES, item?.leadTime) ? item.leadTime : "03";
  const shipBy = shipByOf(leadTime, t?.createdAt ?? ctx.clock.now())!;
  return {
    leadTime: labelOf(SHIPPING_LEAD_TIMES, leadTime, locale),
    shipBy: new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-US", {
      month: "long",
      day: "numeric",
      weekday: "short",
      timeZone: TIME_ZONE,
    }).format(shipBy),
  };
}
