import { and, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditLog, stateHistory, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { authorize } from "./authorize.ts";

const PAGE_SIZE = 50;
const JST_OFFSET_MS = 9 * 3600 * 1000;

const searchInput = z.object({
  action: z.string().trim().max(64).optional(),
  actorId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(64).optional(),
  /** Days in Asia/Tokyo, `YYYY-MM-DD`, both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** The last id of the previous page. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
/** The filters as a form or a query string gives them: text, or numbers for the ids. */
export type AuditSearch = Partial<Record<keyof z.input<typeof searchInput>, string | number>>;

export type AuditRow = {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  actorRoles: string[];
  action: string;
  targetType: string;
  targetId: string;
  changes: Record<string, [unknown, unknown]>;
  reason: string | null;
  requestId: string | null;
};

export type StateHistoryRow = {
  id: number;
  at: Date;
  fromState: string | null;
  toState: string;
  action: string;
  actorRole: string;
  actorId: number | null;
  reason: string | null;
};

/** Machines whose rows a target of the audit log may be (the target type is the machine's name). */
const MACHINE_TARGETS = new Set(["transaction", "item", "payment", "report", "support_inquiry", "export"]);

/** Midnight in Tokyo of a `YYYY-MM-DD` day, as an instant. */
function tokyoDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
}

/**
 * The audit log, newest first, filtered by action, operator, target and days (Asia/Tokyo), 50 to
 * a page. Searching one target also gives that row's state history, shown beside the entries.
 */
export async function searchAudit(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: AuditSearch },
): Promise<{ rows: AuditRow[]; nextBefore: number | null; history: StateHistoryRow[] }> {
  await authorize(ctx, o.actor, "audit:read");
  const input = parseInput(searchInput, o.input, {
    action: msg("backOffice.audit.action"),
    actorId: msg("backOffice.audit.actor"),
    targetType: msg("backOffice.audit.targetType"),
    targetId: msg("backOffice.audit.targetId"),
    from: msg("backOffice.audit.from"),
    to: msg("backOffice.audit.to"),
  });
  const where: SQL[] = [];
  if (input.action) where.push(eq(auditLog.action, input.action));
  if (input.actorId) where.push(eq(auditLog.actorId, input.actorId));
  if (input.targetType) where.push(eq(auditLog.targetType, input.targetType));
  if (input.targetId) where.push(eq(auditLog.targetId, input.targetId));
  if (input.from) where.push(gte(auditLog.at, tokyoDayStart(input.from)));
  if (input.to) where.push(lt(auditLog.at, new Date(tokyoDayStart(input.to).getTime() + 24 * 3600 * 1000)));
  if (input.before) where.push(lt(auditLog.id, input.before));
  const found = await ctx.db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(PAGE_SIZE + 1);
  const page = found.slice(0, PAGE_SIZE);
  const actorIds = [...new Set(page.map((r) => r.actorId).filter((id): id is number => id !== null))];
  const names = actorIds.length
    ? new Map(
        (
          await ctx.db
            .select({ id: users.id, nickname: users.nickname })
            .from(users)
            .where(inArray(users.id, actorIds))
        ).map((u) => [u.id, u.nickname]),
      )
    : new Map<number, string>();
  const targetRowId = Number(input.targetId);
  const history =
    input.targetType &&
    MACHINE_TARGETS.has(input.targetType) &&
    Number.isSafeInteger(targetRowId) &&
    targetRowId > 0
      ? await ctx.db
          .select({
            id: stateHistory.id,
            at: stateHistory.at,
            fromState: stateHistory.fromState,
            toState: stateHistory.toState,
            action: stateHistory.action,
            actorRole: stateHistory.actorRole,
            actorId: stateHistory.actorId,
            reason: stateHistory.reason,
          })
          .from(stateHistory)
          .where(and(eq(stateHistory.machine, input.targetType), eq(stateHistory.rowId, targetRowId)))
          .orderBy(stateHistory.id)
      : [];
  return {
    rows: page.map((r) => ({
      id: r.id,
      at: r.at,
      actorId: r.actorId,
      actorName: r.actorId === null ? null : (names.get(r.actorId) ?? null),
      actorRoles: r.actorRoles,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      changes: r.changes,
      reason: r.reason,
      requestId: r.requestId,
    })),
    nextBefore: found.length > PAGE_SIZE ? page[page.length - 1]!.id : null,
    history,
  };
}

/** The actions the log holds, for the filter's choices. */
export async function auditActions(ctx: CoreContext, o: { actor: SessionUser | null }): Promise<string[]> {
  await authorize(ctx, o.actor, "audit:read");
  const rows = await ctx.db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
