import { eq } from "drizzle-orm";
import { z } from "zod";
import { notifications, users } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { mailMessage } from "./mail-message.ts";
import { pushMessageOf } from "./push-jobs.ts";

/**
 * A notification mailed as it is said on the lock screen, with the page it leads to: for the groups
 * that have no mail of their own (transaction messages, buyback).
 */
export const sendNoticeMailJob = defineJob({
  name: "notify.send-notice-mail",
  payload: z.object({ notificationId: z.number().int().positive() }),
  maxAttempts: 10,
});

export const sendNoticeMailHandler = handleJob(sendNoticeMailJob, async (ctx, o) => {
  const [row] = await ctx.db
    .select({ n: notifications, email: users.email, locale: users.locale })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, o.notificationId));
  if (!row) return;
  const notice = pushMessageOf(row.n, row.locale, ctx.publicUrl);
  const settings = `${ctx.publicUrl}/${row.locale}/settings/notifications/`;
  const body = [
    notice.body,
    notice.url,
    "",
    renderMessage(msg("notifyMail.priceDrop.settings"), row.locale),
    settings,
  ].join("\n");
  await ctx.mailer.send(
    mailMessage(
      row.email,
      renderMessage(msg("notifyMail.notice.subject", { body: notice.body }), row.locale),
      body,
      row.locale,
    ),
  );
});
