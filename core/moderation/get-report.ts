import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { moderationDecisions, reports, users } from "#db/schema/index.ts";
import { ITEM_MACHINE } from "../catalog/item-states.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize } from "../staff/authorize.ts";
import { claimsFor } from "../staff/claims.ts";
import { hasPermission } from "../staff/permissions.ts";
import { isOverdue } from "../staff/queues.ts";
import { MODERATE_PERMISSION, type ModerationAction, type ReportTarget, rulesFor } from "./codes.ts";
import { loadTarget, type TargetView } from "./targets.ts";

/** The decision an operator may take on a target as it is now (null for none: a sold listing, a staff account). */
function nextModeration(target: TargetView | null): ModerationAction | null {
  if (!target) return null;
  switch (target.type) {
    case "item":
      if (target.state === "HIDDEN") return "restore_item";
      return (ITEM_MACHINE.transitions.hide.from as readonly string[]).includes(target.state)
        ? "hide_item"
        : null;
    case "comment":
      return target.hidden ? "restore_comment" : "hide_comment";
    case "user":
      if (target.role === "operator") return null;
      return target.suspendedAt ? "restore_member" : "suspend_member";
  }
}

/** The decisions made about one target, newest first, with who made them. */
export async function decisionsOn(db: Db, where: ReturnType<typeof and>) {
  return db
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      targetType: moderationDecisions.targetType,
      targetId: moderationDecisions.targetId,
      reasonCode: moderationDecisions.reasonCode,
      note: moderationDecisions.note,
      operatorNickname: users.nickname,
      createdAt: moderationDecisions.createdAt,
    })
    .from(moderationDecisions)
    .leftJoin(users, eq(users.id, moderationDecisions.operatorId))
    .where(where)
    .orderBy(desc(moderationDecisions.id))
    .limit(100);
}

/**
 * One report for the back office: what was reported and why, the target as it is now, the other
 * reports on it, the decisions already made about it, who has claimed it, and the decision the
 * operator may take now (with the rules it may cite), if their roles allow it.
 */
export async function getReport(ctx: CoreContext, o: { actor: SessionUser | null; reportId: number }) {
  const operator = await authorize(ctx, o.actor, "reports:read");
  const [report] = await ctx.db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reporterId: reports.reporterId,
      reason: reports.reason,
      body: reports.body,
      state: reports.state,
      decisionId: reports.decisionId,
      createdAt: reports.createdAt,
      handledAt: reports.handledAt,
      handledBy: reports.handledBy,
      reporterNickname: users.nickname,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.id, o.reportId));
  if (!report) throw new AppError("NOT_FOUND");
  const type: ReportTarget = report.targetType;
  const onTarget = and(eq(reports.targetType, type), eq(reports.targetId, report.targetId));
  const [target, others, decisions, claims, handler] = await Promise.all([
    loadTarget(ctx, type, report.targetId),
    ctx.db
      .select({
        id: reports.id,
        reason: reports.reason,
        body: reports.body,
        state: reports.state,
        createdAt: reports.createdAt,
        reporterNickname: users.nickname,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(onTarget, ne(reports.id, report.id)))
      .orderBy(desc(reports.id))
      .limit(100),
    decisionsOn(
      ctx.db,
      and(eq(moderationDecisions.targetType, type), eq(moderationDecisions.targetId, report.targetId)),
    ),
    claimsFor(ctx.db, "reports", [report.id]),
    report.handledBy
      ? ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, report.handledBy))
      : [],
  ]);
  const permission = MODERATE_PERMISSION[type];
  const mayModerate = hasPermission(operator.roles, permission);
  const action = nextModeration(target);
  const now = ctx.clock.now();
  return {
    report: {
      id: report.id,
      targetType: type,
      targetId: report.targetId,
      reason: report.reason,
      body: report.body,
      state: report.state,
      decisionId: report.decisionId,
      createdAt: report.createdAt,
      handledAt: report.handledAt,
      handledBy: handler[0]?.nickname ?? null,
      reporter: { id: report.reporterId, nickname: report.reporterNickname },
      overdue: report.state === "OPEN" && isOverdue("reports", report.createdAt, now),
    },
    claim: claims.get(report.id) ?? null,
    target,
    others,
    decisions,
    /** What the operator may do: the permission this kind of target needs, and whether they hold it. */
    permission,
    mayModerate,
    action,
    rules: action ? rulesFor(action) : [],
  };
}

export type ReportDetail = Awaited<ReturnType<typeof getReport>>;
