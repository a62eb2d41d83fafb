import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import { mailMessage } from "../identity/mails.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import type { Messages } from "../shared/i18n/messages.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";

/** The catalogue's mail (`trading.mail.*`) for each event that asks a party to act. */
const MAILS: Record<string, keyof Messages["trading"]["mail"]> = {
  "purchase:sold": "sold",
  "shipping:shipped": "shipped",
  "shipping:reminder": "shipReminder",
  "rating:reminder": "rateReminder",
  "purchase:CANCELING": "cancelRequested",
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
  const values = { title: o.title };
  const subject = renderMessage(msg(`trading.mail.${mail}.subject`, values), user.locale);
  const body = renderMessage(msg(`trading.mail.${mail}.body`, values), user.locale);
  const url = `${ctx.publicUrl}/${user.locale}/items/${o.itemId}/transactions/`;
  await ctx.mailer.send(mailMessage(user.email, subject, `${body}\n${url}`, user.locale));
});
