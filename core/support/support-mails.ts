import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { supportInquiries, supportMessages, users } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { mailMessage } from "../notify/mail-message.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";

/** Mails the member an operator's answer; queued with the answer, retried while mail fails. */
export const sendSupportAnswerMail = defineJob({
  name: "support.send-answer-mail",
  payload: z.object({ inquiryId: z.number().int(), messageId: z.number().int() }),
  maxAttempts: 10,
});

/**
 * The answer in the language the member wrote in: the subject and number of the inquiry, the
 * answer's text, and the link to the thread (where they reply). A visitor who asked from the help
 * centre gets the answer at the address they gave, with the contact form's address for more.
 */
export const sendSupportAnswerMailHandler = handleJob(sendSupportAnswerMail, async (ctx, o) => {
  const [row] = await ctx.db
    .select({
      id: supportInquiries.id,
      subject: supportInquiries.subject,
      locale: supportInquiries.locale,
      email: users.email,
      visitorName: supportInquiries.visitorName,
      visitorEmail: supportInquiries.visitorEmail,
      answer: supportMessages.body,
    })
    .from(supportInquiries)
    .leftJoin(users, eq(users.id, supportInquiries.userId))
    .innerJoin(
      supportMessages,
      and(eq(supportMessages.inquiryId, supportInquiries.id), eq(supportMessages.id, o.messageId)),
    )
    .where(eq(supportInquiries.id, o.inquiryId));
  if (!row) return;
  if (row.email === null) {
    if (row.visitorEmail === null) return;
    const url = `${ctx.publicUrl}/${row.locale}/help/contact/`;
    const values = { id: row.id, subject: row.subject, answer: row.answer, url, name: row.visitorName ?? "" };
    await ctx.mailer.send(
      mailMessage(
        row.visitorEmail,
        renderMessage(msg("helpContact.mail.answeredSubject", values), row.locale),
        renderMessage(msg("helpContact.mail.answeredBody", values), row.locale),
        row.locale,
      ),
    );
    return;
  }
  const url = `${ctx.publicUrl}/${row.locale}/mypage/support/${row.id}/`;
  const values = { id: row.id, subject: row.subject, answer: row.answer, url };
  await ctx.mailer.send(
    mailMessage(
      row.email,
      renderMessage(msg("support.mail.answered.subject", values), row.locale),
      renderMessage(msg("support.mail.answered.body", values), row.locale),
      row.locale,
    ),
  );
});
