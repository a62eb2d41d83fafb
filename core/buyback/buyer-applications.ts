import { asc, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { buyerApplications, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type SortDir, sortFields, sortOrder } from "../shared/list-sort.ts";
import { authorize } from "../staff/authorize.ts";
import { isOverdue, QUEUES } from "../staff/queues.ts";
import type { BuyerApplicationState } from "./buyer-application-states.ts";

const PAGE_SIZE = 50;

/** What the audit log calls an application. */
export const APPLICATION_TARGET = "buyer_application";

/**
 * The page and the sort: by a column (`id`, `company`, `received`, `state`), or `queue`, the queue's
 * own order (pending first, oldest first; then the decided, the latest decision first), the default.
 */
const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  ...sortFields(["queue", "id", "company", "received", "state"], "queue", "asc"),
});

const SORT_COLUMNS = {
  id: buyerApplications.id,
  company: buyerApplications.companyName,
  received: buyerApplications.createdAt,
  state: buyerApplications.state,
};

const QUEUE_ORDER = [
  sql`${buyerApplications.state} <> 'PENDING'`,
  sql`case when ${buyerApplications.state} = 'PENDING' then ${buyerApplications.createdAt} end asc`,
  desc(buyerApplications.decidedAt),
  asc(buyerApplications.id),
];

type Row = typeof buyerApplications.$inferSelect;

export type BuyerApplicationRow = Pick<
  Row,
  "id" | "state" | "companyName" | "contactName" | "email" | "monthlyVolume" | "createdAt" | "decidedAt"
> & {
  /** How long a pending application has waited (null once decided). */
  ageMs: number | null;
  overdue: boolean;
};

export type BuyerApplicationDetail = Row & {
  ageMs: number | null;
  overdue: boolean;
  decidedByName: string | null;
};

function age(ctx: CoreContext, state: BuyerApplicationState, createdAt: Date) {
  if (state !== "PENDING") return { ageMs: null, overdue: false };
  const now = ctx.clock.now();
  return {
    ageMs: Math.max(0, now.getTime() - createdAt.getTime()),
    overdue: isOverdue("buyer-applications", createdAt, now),
  };
}

/**
 * The queue of companies' applications (`buyback:manage`): pending ones first, oldest first, each
 * with how long it has waited and whether it is past the queue's target; then the decided ones,
 * the latest decision first; or sorted by number, company, date received or state (`sort`, `dir`).
 * 50 to a page.
 */
export async function listBuyerApplications(
  ctx: CoreContext,
  o: { actor: SessionUser | null; query?: unknown },
): Promise<{
  rows: BuyerApplicationRow[];
  pending: number;
  total: number;
  page: number;
  pages: number;
  targetMs: number;
  sort: "queue" | keyof typeof SORT_COLUMNS;
  dir: SortDir;
}> {
  await authorize(ctx, o.actor, "buyback:manage");
  const q = ZListQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const [counts] = await ctx.db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${buyerApplications.state} = 'PENDING')`,
    })
    .from(buyerApplications);
  const total = Number(counts?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  // The queue's own order has one direction.
  const dir = q.sort === "queue" ? "asc" : q.dir;
  const rows = await ctx.db
    .select({
      id: buyerApplications.id,
      state: buyerApplications.state,
      companyName: buyerApplications.companyName,
      contactName: buyerApplications.contactName,
      email: buyerApplications.email,
      monthlyVolume: buyerApplications.monthlyVolume,
      createdAt: buyerApplications.createdAt,
      decidedAt: buyerApplications.decidedAt,
    })
    .from(buyerApplications)
    .orderBy(
      ...(q.sort === "queue"
        ? QUEUE_ORDER
        : sortOrder(
            SORT_COLUMNS[q.sort],
            dir,
            buyerApplications.id,
            q.sort === "received" ? { tie: dir } : {},
          )),
    )
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    rows: rows.map((r) => ({ ...r, ...age(ctx, r.state, r.createdAt) })),
    pending: Number(counts?.pending ?? 0),
    total,
    page,
    pages,
    targetMs: QUEUES["buyer-applications"].targetMs,
    sort: q.sort,
    dir,
  };
}

/** One application with who decided it (`buyback:manage`). */
export async function getBuyerApplication(
  ctx: CoreContext,
  o: { actor: SessionUser | null; applicationId: number },
): Promise<BuyerApplicationDetail> {
  await authorize(ctx, o.actor, "buyback:manage");
  const [row] = await ctx.db
    .select({ application: buyerApplications, decidedByName: users.nickname })
    .from(buyerApplications)
    .leftJoin(users, eq(users.id, buyerApplications.decidedBy))
    .where(eq(buyerApplications.id, o.applicationId));
  if (!row) throw new AppError("NOT_FOUND");
  const a = row.application;
  return { ...a, decidedByName: row.decidedByName, ...age(ctx, a.state, a.createdAt) };
}

/** An application locked for a decision. */
export async function lockedApplication(db: CoreContext["db"], id: number): Promise<Row> {
  const [row] = await db.select().from(buyerApplications).where(eq(buyerApplications.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
