import { and, count, desc, eq, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PAYOUT_METHODS, PAYOUT_STATES, payouts, users } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { type SortDir, sortFields, sortOrder } from "../../shared/list-sort.ts";
import { authorize } from "../../staff/authorize.ts";
import {
  type CursorPage,
  cursorLimit,
  cursorPage,
  type IdCursor,
  type OfficePayoutRow,
  type OfficeViewer,
  officeRow,
  query,
} from "./office-payout-rows.ts";

const PAYOUT_PAGE_SIZE = 50;

/** Filters and paging read leniently from a query string: anything unknown means "any" or page 1. */
const ZPayoutQuery = z.object({
  state: z.enum(PAYOUT_STATES).optional().catch(undefined),
  method: z.enum(PAYOUT_METHODS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  ...sortFields(["id", "amount", "state", "created"], "id"),
});

const SORT_COLUMNS = {
  id: payouts.id,
  amount: payouts.amount,
  state: payouts.state,
  created: payouts.createdAt,
};

export type OfficePayoutList = {
  rows: OfficePayoutRow[];
  total: number;
  page: number;
  pages: number;
  filters: { state: string; method: string };
  sort: keyof typeof SORT_COLUMNS;
  dir: SortDir;
};

type PayoutFilters = { actor: OfficeViewer; query?: unknown };

/**
 * Every payout, newest first or sorted by amount, state or date (`sort`, `dir`), filtered by state and method (`query`), 50 to a page by page number;
 * or, given a `cursor` (the API), the page after it. For `payouts:read`.
 */
export async function listOfficePayouts(ctx: CoreContext, o: PayoutFilters): Promise<OfficePayoutList>;
export async function listOfficePayouts(
  ctx: CoreContext,
  o: PayoutFilters & { cursor: IdCursor },
): Promise<CursorPage<OfficePayoutRow>>;
export async function listOfficePayouts(
  ctx: CoreContext,
  o: PayoutFilters & { cursor?: IdCursor },
): Promise<OfficePayoutList | CursorPage<OfficePayoutRow>> {
  await authorize(ctx, o.actor, "payouts:read");
  const q = query(ZPayoutQuery, o.query);
  const conditions: SQL[] = [];
  if (q.state) conditions.push(eq(payouts.state, q.state));
  if (q.method) conditions.push(eq(payouts.method, q.method));
  if (o.cursor) {
    const limit = cursorLimit(o.cursor);
    if (o.cursor.before) conditions.push(lt(payouts.id, o.cursor.before));
    const rows = await ctx.db
      .select({ payout: payouts, nickname: users.nickname })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(payouts.id))
      .limit(limit + 1);
    return cursorPage(
      rows.map((r) => officeRow(r.payout, r.nickname)),
      limit,
      (r) => r.id,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await ctx.db.select({ n: count() }).from(payouts).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAYOUT_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await ctx.db
    .select({ payout: payouts, nickname: users.nickname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(where)
    .orderBy(...sortOrder(SORT_COLUMNS[q.sort], q.dir, payouts.id))
    .limit(PAYOUT_PAGE_SIZE)
    .offset((page - 1) * PAYOUT_PAGE_SIZE);
  return {
    rows: rows.map((r) => officeRow(r.payout, r.nickname)),
    total,
    page,
    pages,
    filters: { state: q.state ?? "", method: q.method ?? "" },
    sort: q.sort,
    dir: q.dir,
  };
}
