import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { reports } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { maxLength, printSafeText, text } from "../shared/validation/index.ts";
import { assertMember } from "../social/members-only.ts";
import { recordAudit } from "../staff/audit.ts";
import { recordCreation } from "../state/change-state.ts";
import { REPORT_TARGETS, type ReportReason, type ReportTarget, reportReasonsFor } from "./codes.ts";
import { REPORT_MACHINE } from "./report-states.ts";
import { isPubliclyVisible, loadTarget, type TargetView, targetPath } from "./targets.ts";

export const REPORT_BODY_MAX = 1000;
/** A member files at most this many reports an hour: enough for real concerns, not for a flood. */
const REPORT_LIMIT = { max: 20, windowSeconds: 3600 };

const LABELS = {
  targetType: msg("moderation.fields.targetType"),
  targetId: msg("moderation.fields.targetId"),
  reason: msg("moderation.fields.reason"),
  body: msg("moderation.fields.body"),
};

const ZReport = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().refine((v) => v !== "", { params: { message: msg("moderation.errors.chooseReason") } })),
  body: text(maxLength(REPORT_BODY_MAX), printSafeText()),
});

/**
 * What a member is about to report, as they may see it: NOT_FOUND for what does not exist or is not
 * visible to them (a hidden comment, a private listing, a staff account), CONFLICT for their own.
 */
export async function getReportTarget(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { actor: SessionUser; targetType: string; targetId: number },
): Promise<TargetView> {
  const type = REPORT_TARGETS.find((t) => t === o.targetType);
  if (!type || !Number.isSafeInteger(o.targetId) || o.targetId <= 0) throw new AppError("NOT_FOUND");
  const target = await loadTarget(ctx, type, o.targetId);
  if (!target || !isPubliclyVisible(target)) throw new AppError("NOT_FOUND");
  if (target.ownerId === o.actor.id) {
    throw new AppError("CONFLICT", { message: msg("moderation.errors.ownTarget") });
  }
  return target;
}

export type FiledReport = {
  id: number;
  targetType: ReportTarget;
  targetId: number;
  state: "OPEN" | "ACTIONED" | "DISMISSED";
  /** False when the member had already reported this target and it is still open: nothing new was filed. */
  created: boolean;
  /** Where the member came from (under the language prefix). */
  returnPath: string;
};

/**
 * A member reports a listing, a comment or a member for trust and safety to look at. The target
 * must be visible to them and not their own; the reason must fit the kind of target; the details
 * are optional (up to 1,000 characters). Reporting a target again while the first report is open
 * files nothing and answers the open report. Limited per member.
 */
export async function fileReport(
  ctx: CoreContext,
  o: { actor: SessionUser; input: unknown },
): Promise<FiledReport> {
  assertMember(o.actor);
  const input = parseInput(ZReport, o.input, LABELS);
  const reasons: readonly string[] = reportReasonsFor(input.targetType);
  if (!reasons.includes(input.reason)) {
    throw new AppError("VALIDATION", { fields: { reason: msg("moderation.errors.chooseReason") } });
  }
  const target = await getReportTarget(ctx, {
    actor: o.actor,
    targetType: input.targetType,
    targetId: input.targetId,
  });
  await consumeRateLimits(ctx, [{ key: `report:user:${o.actor.id}`, ...REPORT_LIMIT }]);
  const returnPath = targetPath(target);
  const filed = { targetType: input.targetType, targetId: input.targetId, returnPath };
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(reports)
      .values({
        targetType: input.targetType,
        targetId: input.targetId,
        reporterId: o.actor.id,
        reason: input.reason as ReportReason,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!row) {
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, o.actor.id),
            eq(reports.targetType, input.targetType),
            eq(reports.targetId, input.targetId),
            eq(reports.state, "OPEN"),
          ),
        );
      if (!open) throw new AppError("CONFLICT");
      return { ...filed, id: open.id, state: "OPEN", created: false };
    }
    await recordCreation(
      { db: tx, clock: ctx.clock },
      { machine: REPORT_MACHINE, id: row.id, state: "OPEN", actor: { role: "member", id: o.actor.id } },
    );
    // The member's own request, kept beside the operators' actions that will settle it.
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator: { id: o.actor.id, roles: [] },
        action: "reports:create",
        target: { type: input.targetType, id: input.targetId },
        changes: { report: [null, row.id], reason: [null, input.reason] },
      },
    );
    return { ...filed, id: row.id, state: "OPEN", created: true };
  });
}
