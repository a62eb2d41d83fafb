import { eq } from "drizzle-orm";
import { savedReplies, supportInquiries, supportMessages } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { type FieldChanges, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { changeState } from "../state/change-state.ts";
import { SUPPORT_LABELS, ZAnswerInput } from "./fields.ts";
import { INQUIRY_MACHINE, type InquiryState } from "./inquiry-states.ts";
import { loadInquiry } from "./load-inquiry.ts";
import { sendSupportAnswerMail } from "./support-mails.ts";

/**
 * An operator with `support:answer` answers an inquiry (ANSWERED), optionally starting from a
 * saved reply. In one database transaction: the message, the state, the audit entry, the end of
 * the queue claim, the member's in-app notice and the mail job (the mail goes out in the language
 * the member wrote in, with the answer and a link to the thread; a visitor's goes to the address they
 * gave, with the answer in full).
 */
export async function answerInquiry(
  ctx: CoreContext,
  o: { actor: SessionUser | null; inquiryId: number; input: unknown; meta?: RequestMeta | undefined },
): Promise<{ id: number; state: InquiryState; messageId: number }> {
  const operator = await authorize(ctx, o.actor, "support:answer");
  const input = parseInput(ZAnswerInput, o.input, { ...SUPPORT_LABELS, body: msg("support.fields.answer") });
  if (input.savedReplyId) {
    const [reply] = await ctx.db
      .select({ id: savedReplies.id })
      .from(savedReplies)
      .where(eq(savedReplies.id, input.savedReplyId));
    if (!reply) {
      throw new AppError("VALIDATION", { fields: { savedReplyId: msg("support.errors.savedReply") } });
    }
  }
  return ctx.db.transaction(async (tx) => {
    const inquiry = await loadInquiry(tx, o.inquiryId, true);
    const now = ctx.clock.now();
    const { from, to } = await changeState(
      { db: tx, clock: ctx.clock },
      {
        machine: INQUIRY_MACHINE,
        table: supportInquiries,
        id: inquiry.id,
        from: inquiry.state,
        action: "answer",
        actor: { role: "operator", id: operator.id },
        set: { lastMessageAt: now },
      },
    );
    const [message] = await tx
      .insert(supportMessages)
      .values({
        inquiryId: inquiry.id,
        authorId: operator.id,
        fromStaff: true,
        body: input.body,
        createdAt: now,
      })
      .returning({ id: supportMessages.id });
    const messageId = message!.id;
    const changes: FieldChanges = {
      state: [from, to],
      lastMessageAt: [inquiry.lastMessageAt.toISOString(), now.toISOString()],
      answer: [null, input.body],
    };
    if (input.savedReplyId) changes.savedReplyId = [null, input.savedReplyId];
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "support:answer",
        target: { type: "support_inquiry", id: inquiry.id },
        changes,
        meta: o.meta,
      },
    );
    await clearClaim(tx, "support", inquiry.id);
    // A member is told in the app too; a visitor has only the mail.
    if (inquiry.userId !== null) {
      await notify(
        { db: tx, clock: ctx.clock },
        {
          userId: inquiry.userId,
          kind: "support",
          payload: { inquiryId: inquiry.id, title: inquiry.subject, event: "support_answered" },
        },
      );
    }
    await enqueueJob({ db: tx, clock: ctx.clock }, sendSupportAnswerMail, {
      inquiryId: inquiry.id,
      messageId,
    });
    return { id: inquiry.id, state: to, messageId };
  });
}
