import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { identityChecks, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { type SortDir, sortFields, sortOrder } from "../shared/list-sort.ts";
import { authorize } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { isOverdue, QUEUES } from "../staff/queues.ts";

const IDENTITY_REVIEW_PAGE_SIZE = 50;

/** The queue's page and sort, read leniently from a query string: anything else is page 1, oldest first. */
const ZQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  ...sortFields(["id", "submitted"], "submitted", "asc"),
});

const SORT_COLUMNS = { id: identityChecks.id, submitted: identityChecks.createdAt };

export type IdentityReviewRow = {
  id: number;
  member: { id: number; nickname: string };
  provider: string;
  method: string;
  /** When the member submitted the check: its age in the queue counts from here. */
  createdAt: Date;
  ageMs: number;
  /** Waiting longer than the queue's target (48 hours). */
  overdue: boolean;
  claim: Claim | null;
};

export type IdentityReviewQueue = {
  rows: IdentityReviewRow[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  targetMs: number;
  sort: keyof typeof SORT_COLUMNS;
  dir: SortDir;
};

/**
 * The identity-verification review queue: checks the provider passed whose verified name is not
 * the one the member registered (`review`), oldest first or sorted by number or date submitted
 * (`sort`, `dir`), 50 to a page, each with how long it has waited, whether it is past the queue's
 * 48 hours, and who has claimed it. For `identity:review`.
 */
export async function listIdentityReviews(
  ctx: CoreContext,
  o: { actor: SessionUser | null; query?: unknown },
): Promise<IdentityReviewQueue> {
  await authorize(ctx, o.actor, "identity:review");
  const q = ZQueueQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const where = eq(identityChecks.status, "review");
  const [totalRow] = await ctx.db.select({ n: count() }).from(identityChecks).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / IDENTITY_REVIEW_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await ctx.db
    .select({
      id: identityChecks.id,
      userId: identityChecks.userId,
      nickname: users.nickname,
      provider: identityChecks.provider,
      method: identityChecks.method,
      createdAt: identityChecks.createdAt,
    })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(where)
    .orderBy(
      ...sortOrder(
        SORT_COLUMNS[q.sort],
        q.dir,
        identityChecks.id,
        q.sort === "submitted" ? { tie: q.dir } : {},
      ),
    )
    .limit(IDENTITY_REVIEW_PAGE_SIZE)
    .offset((page - 1) * IDENTITY_REVIEW_PAGE_SIZE);
  const claims = await claimsFor(
    ctx.db,
    "identity",
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now();
  return {
    rows: rows.map((r) => ({
      id: r.id,
      member: { id: r.userId, nickname: r.nickname },
      provider: r.provider,
      method: r.method,
      createdAt: r.createdAt,
      ageMs: Math.max(0, now.getTime() - r.createdAt.getTime()),
      overdue: isOverdue("identity", r.createdAt, now),
      claim: claims.get(r.id) ?? null,
    })),
    total,
    page,
    pages,
    pageSize: IDENTITY_REVIEW_PAGE_SIZE,
    targetMs: QUEUES.identity.targetMs,
    sort: q.sort,
    dir: q.dir,
  };
}
