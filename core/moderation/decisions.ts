import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { moderationDecisions, reports } from "#db/schema/index.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { notify } from "../notify/notifications.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import type { Operator } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { changeState } from "../state/change-state.ts";
import { isRestore, type ModerationAction, moderationReason, type ReportTarget, rulesFor } from "./codes.ts";
import { sendModerationMail } from "./moderation-mail.ts";
import { REPORT_MACHINE } from "./report-states.ts";

export const NOTE_MAX = 1000;

const ZModeration = z.object({
  reasonCode: text(),
  note: text(required(), maxLength(NOTE_MAX), printSafeText()),
});
const LABELS = {
  reasonCode: msg("moderation.fields.reasonCode"),
  note: msg("moderation.fields.note"),
};

/**
 * The statement of reasons every decision needs: a rule code the action may cite (a rule of the
 * terms for a hide or suspension, a reason for a restore) and a note for the member. Both are
 * required; a missing or unknown code and a missing note are refused together, field by field.
 */
export function parseModeration(
  action: ModerationAction,
  input: unknown,
): { reasonCode: string; note: string } {
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const codeMissing = !(rulesFor(action) as string[]).includes(String(raw.reasonCode ?? "").trim());
  const codeMessage = msg(
    isRestore(action) ? "moderation.errors.chooseRestoreReason" : "moderation.errors.chooseRule",
  );
  let parsed: z.output<typeof ZModeration>;
  try {
    parsed = parseInput(ZModeration, raw, LABELS);
  } catch (error) {
    if (error instanceof AppError && codeMissing) {
      throw new AppError("VALIDATION", { fields: { reasonCode: codeMessage, ...error.fields } });
    }
    throw error;
  }
  if (codeMissing) throw new AppError("VALIDATION", { fields: { reasonCode: codeMessage } });
  return parsed;
}

type Tx = { db: Db; clock: Clock };

/**
 * Writes a decision in the caller's database transaction and what follows from it there: the open
 * reports on its target are settled (ACTIONED, with the case number) and leave the queue, and the
 * member is told in their own language, in the app at once and by mail (a job, retried until the
 * mail is delivered). Answers the case number.
 */
export async function recordDecision(
  ctx: Tx,
  o: {
    operator: Operator;
    action: ModerationAction;
    targetType: ReportTarget;
    targetId: number;
    memberId: number;
    reasonCode: string;
    note: string;
    /** What the member's notice names: a listing's title and id. */
    notice?: { title?: string; itemId?: number };
  },
): Promise<number> {
  const now = ctx.clock.now();
  const [decision] = await ctx.db
    .insert(moderationDecisions)
    .values({
      action: o.action,
      targetType: o.targetType,
      targetId: o.targetId,
      memberId: o.memberId,
      reasonCode: o.reasonCode,
      note: o.note,
      operatorId: o.operator.id,
      createdAt: now,
    })
    .returning({ id: moderationDecisions.id });
  const decisionId = decision!.id;
  await settleReports(ctx, {
    operator: o.operator,
    targetType: o.targetType,
    targetId: o.targetId,
    decisionId,
  });
  await notify(ctx, {
    userId: o.memberId,
    kind: "moderation",
    payload: {
      event: o.action,
      decisionId,
      caseNumber: String(decisionId),
      title: o.notice?.title ?? "",
      ...(o.notice?.itemId ? { itemId: o.notice.itemId } : {}),
    },
  });
  await enqueueJob(ctx, sendModerationMail, { decisionId }, { uniqueKey: `moderation-mail:${decisionId}` });
  return decisionId;
}

/** Every open report on a target is settled by a decision about it, and leaves the queue. */
async function settleReports(
  ctx: Tx,
  o: { operator: Operator; targetType: ReportTarget; targetId: number; decisionId: number },
): Promise<void> {
  const open = await ctx.db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(eq(reports.targetType, o.targetType), eq(reports.targetId, o.targetId), eq(reports.state, "OPEN")),
    )
    .for("update");
  const now = ctx.clock.now();
  for (const report of open) {
    await changeState(ctx, {
      machine: REPORT_MACHINE,
      table: reports,
      id: report.id,
      from: "OPEN",
      action: "action",
      actor: { role: "operator", id: o.operator.id },
      reason: moderationReason(o.decisionId),
      set: { decisionId: o.decisionId, handledBy: o.operator.id, handledAt: now },
    });
    await clearClaim(ctx.db, "reports", report.id);
  }
}
