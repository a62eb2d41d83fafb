import { eq } from "drizzle-orm";
import { z } from "zod";
import { comments, items, moderationDecisions, users } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { mailMessage } from "../notify/mail-message.ts";
import type { MailMessage } from "../notify/mailer.ts";
import { COMPANY } from "../shared/company.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { appealPath, isRestore, ruleOf } from "./codes.ts";
import { excerpt } from "./targets.ts";

/** Tells a member of a decision about them by mail; retried by the job queue until it is delivered. */
export const sendModerationMail = defineJob({
  name: "moderation.send-mail",
  payload: z.object({ decisionId: z.number().int() }),
  maxAttempts: 10,
});

export const sendModerationMailHandler = handleJob(sendModerationMail, async (ctx, o) => {
  const mail = await moderationMail(ctx, o.decisionId);
  if (mail) await ctx.mailer.send(mail);
});

/**
 * The mail of a decision, in the member's language: what was done to what, the rule (its article
 * and text as the terms state it) or the reason for a restore, the operator's note, the case
 * number, and where to appeal (for a suspended member, who cannot log in, also by mail).
 */
async function moderationMail(
  ctx: Pick<CoreContext, "db" | "publicUrl">,
  decisionId: number,
): Promise<MailMessage | null> {
  const [decision] = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(eq(moderationDecisions.id, decisionId));
  if (!decision?.memberId) return null;
  const [member] = await ctx.db
    .select({ email: users.email, nickname: users.nickname, locale: users.locale })
    .from(users)
    .where(eq(users.id, decision.memberId));
  if (!member) return null;
  const locale = member.locale;
  const say = (...args: Parameters<typeof msg>) => renderMessage(msg(...args), locale);
  const caseNumber = String(decision.id);
  const target = await targetLine(ctx, decision.targetType, decision.targetId, member.nickname);
  const rule = ruleOf(decision.reasonCode);
  const url = `${ctx.publicUrl}/${locale}${appealPath(decision.id)}`;
  const restore = isRestore(decision.action);
  const lines = [
    say("moderation.mail.greeting", { nickname: member.nickname }),
    "",
    say(`moderation.mail.lead.${decision.action}`),
    "",
    ...(target ? [renderMessage(target, locale)] : []),
    ...(rule
      ? [
          restore
            ? say("moderation.mail.reason", { rule: rule.label })
            : say("moderation.mail.rule", { rule: rule.label, article: rule.article, ruleText: rule.text }),
        ]
      : []),
    say("moderation.mail.note", { note: decision.note }),
    say("moderation.mail.caseNumber", { caseNumber }),
    "",
    restore ? say("moderation.mail.questions", { url }) : say("moderation.mail.appeal", { url }),
    ...(decision.action === "suspend_member"
      ? [say("moderation.mail.appealByMail", { email: COMPANY.email })]
      : []),
  ];
  return mailMessage(
    member.email,
    say(`moderation.mail.subject.${decision.action}`, { caseNumber }),
    lines.join("\n"),
    locale,
  );
}

async function targetLine(
  ctx: Pick<CoreContext, "db">,
  type: "item" | "comment" | "user",
  id: number,
  nickname: string,
) {
  switch (type) {
    case "item": {
      const [item] = await ctx.db.select({ title: items.title }).from(items).where(eq(items.id, id));
      return item ? msg("moderation.mail.target.item", { title: item.title }) : null;
    }
    case "comment": {
      const [comment] = await ctx.db
        .select({ body: comments.body })
        .from(comments)
        .where(eq(comments.id, id));
      return comment ? msg("moderation.mail.target.comment", { excerpt: excerpt(comment.body) }) : null;
    }
    case "user":
      return msg("moderation.mail.target.user", { nickname });
  }
}
