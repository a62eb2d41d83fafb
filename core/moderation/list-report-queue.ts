import { and, count, eq, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { REPORT_STATES, reports, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { type SortDir, sortFields, sortOrder } from "../shared/list-sort.ts";
import { authorize } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { isOverdue } from "../staff/queues.ts";
import { REPORT_TARGETS, type ReportTarget } from "./codes.ts";
import { type TargetSummary, targetSummaries } from "./targets.ts";

const REPORT_PAGE_SIZE = 50;

/** The queue's filters, read leniently from a query string: anything unknown means "all" (or page 1). */
const ZQueueFilter = z.object({
  targetType: z.enum(REPORT_TARGETS).optional().catch(undefined),
  state: z
    .enum([...REPORT_STATES, "all"])
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

const SORT_COLUMNS = { id: reports.id, received: reports.createdAt };
type ReportSort = keyof typeof SORT_COLUMNS;

/** The sort: when received by default, open reports oldest first and settled ones newest first. */
const ZQueueSort = (state: ReportQueueFilter["state"]) =>
  z.object(sortFields(["id", "received"], "received", state === "OPEN" ? "asc" : "desc"));

export type ReportQueueFilter = {
  targetType: ReportTarget | null;
  state: (typeof REPORT_STATES)[number] | "all";
};

export type ReportQueueRow = {
  id: number;
  targetType: ReportTarget;
  targetId: number;
  reason: string;
  state: (typeof REPORT_STATES)[number];
  reporter: { id: number; nickname: string };
  createdAt: Date;
  /** How long an open report has waited, and whether past the queue's target time (24 hours). */
  ageMs: number;
  overdue: boolean;
  claim: Claim | null;
  /** The target in one line; null when it has been deleted since. */
  target: TargetSummary | null;
  /** Open reports on the same target, this one included. */
  openOnTarget: number;
};

/**
 * The reports queue: open reports oldest first (the ones past 24 hours flagged), or the settled
 * ones newest first, or sorted by number or date received (`sort`, `dir`); by kind of target, a
 * page of 50 at a time, each with its target in one line, who has claimed it and how many open
 * reports its target has.
 */
export async function listReportQueue(
  ctx: CoreContext,
  o: { actor: SessionUser | null; query?: unknown },
): Promise<{
  rows: ReportQueueRow[];
  total: number;
  page: number;
  pages: number;
  filter: ReportQueueFilter;
  sort: ReportSort;
  dir: SortDir;
}> {
  await authorize(ctx, o.actor, "reports:read");
  const q = ZQueueFilter.parse(o.query ?? {});
  const filter: ReportQueueFilter = { targetType: q.targetType ?? null, state: q.state ?? "OPEN" };
  const { sort, dir } = ZQueueSort(filter.state).parse(o.query ?? {});
  const where = and(
    filter.state === "all" ? undefined : eq(reports.state, filter.state),
    filter.targetType ? eq(reports.targetType, filter.targetType) : undefined,
  );
  const [totalRow] = await ctx.db.select({ n: count() }).from(reports).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await ctx.db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      state: reports.state,
      createdAt: reports.createdAt,
      reporterId: users.id,
      reporterNickname: users.nickname,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(where)
    .orderBy(...sortOrder(SORT_COLUMNS[sort], dir, reports.id, sort === "received" ? { tie: dir } : {}))
    .limit(REPORT_PAGE_SIZE)
    .offset((page - 1) * REPORT_PAGE_SIZE);
  const [claims, summaries, openCounts] = await Promise.all([
    claimsFor(
      ctx.db,
      "reports",
      rows.map((r) => r.id),
    ),
    targetSummaries(ctx.db, rows),
    openReportCounts(ctx, rows),
  ]);
  const now = ctx.clock.now();
  return {
    rows: rows.map((r) => {
      const key = `${r.targetType}:${r.targetId}`;
      const open = r.state === "OPEN";
      return {
        id: r.id,
        targetType: r.targetType,
        targetId: r.targetId,
        reason: r.reason,
        state: r.state,
        reporter: { id: r.reporterId, nickname: r.reporterNickname },
        createdAt: r.createdAt,
        ageMs: Math.max(0, now.getTime() - r.createdAt.getTime()),
        overdue: open && isOverdue("reports", r.createdAt, now),
        claim: claims.get(r.id) ?? null,
        target: summaries.get(key) ?? null,
        openOnTarget: openCounts.get(key) ?? 0,
      };
    }),
    total,
    page,
    pages,
    filter,
    sort,
    dir,
  };
}

/** How many open reports each of these targets has. */
async function openReportCounts(
  ctx: Pick<CoreContext, "db">,
  refs: { targetType: ReportTarget; targetId: number }[],
): Promise<Map<string, number>> {
  const byType = new Map<ReportTarget, Set<number>>();
  for (const r of refs) byType.set(r.targetType, (byType.get(r.targetType) ?? new Set()).add(r.targetId));
  if (byType.size === 0) return new Map();
  const conditions: SQL[] = [...byType].map(
    ([type, ids]) => and(eq(reports.targetType, type), inArray(reports.targetId, [...ids])) as SQL,
  );
  const rows = await ctx.db
    .select({ targetType: reports.targetType, targetId: reports.targetId, n: count() })
    .from(reports)
    .where(and(eq(reports.state, "OPEN"), or(...conditions)))
    .groupBy(reports.targetType, reports.targetId);
  return new Map(rows.map((r) => [`${r.targetType}:${r.targetId}`, Number(r.n)]));
}
