import { eq } from "drizzle-orm";
import { z } from "zod";
import { reports } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, text } from "../shared/validation/index.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { changeState } from "../state/change-state.ts";
import { MODERATE_PERMISSION } from "./codes.ts";
import { NOTE_MAX } from "./decisions.ts";
import { REPORT_MACHINE } from "./report-states.ts";

const ZDismiss = z.object({ note: text(maxLength(NOTE_MAX), printSafeText()) });

/**
 * Closes a report as needing no action (DISMISSED). Reading the queue is not enough: closing is a
 * decision about the target, so it takes the permission to moderate that kind of target
 * (`listings:moderate`, `comments:moderate` or `members:suspend`). The reporter is not told.
 */
export async function dismissReport(
  ctx: CoreContext,
  o: { actor: SessionUser | null; reportId: number; input?: unknown; meta?: RequestMeta | undefined },
): Promise<{ state: "DISMISSED" }> {
  await authorize(ctx, o.actor, "reports:read");
  const [report] = await ctx.db
    .select({ id: reports.id, targetType: reports.targetType, state: reports.state })
    .from(reports)
    .where(eq(reports.id, o.reportId));
  if (!report) throw new AppError("NOT_FOUND");
  const operator = await authorize(ctx, o.actor, MODERATE_PERMISSION[report.targetType]);
  const { note } = parseInput(ZDismiss, o.input ?? {}, { note: msg("moderation.fields.dismissNote") });
  return ctx.db.transaction(async (tx) => {
    const deps = { db: tx, clock: ctx.clock };
    const now = ctx.clock.now();
    const { from, to } = await changeState(deps, {
      machine: REPORT_MACHINE,
      table: reports,
      id: report.id,
      from: report.state,
      action: "dismiss",
      actor: { role: "operator", id: operator.id },
      reason: note || null,
      set: { handledBy: operator.id, handledAt: now },
    });
    await clearClaim(tx, "reports", report.id);
    await recordAudit(deps, {
      operator,
      action: "reports:dismiss",
      target: { type: "report", id: report.id },
      changes: { state: [from, to] },
      reason: note || null,
      meta: o.meta,
    });
    return { state: "DISMISSED" as const };
  });
}
