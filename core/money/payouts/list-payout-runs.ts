import { and, count, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import { addBankingDays } from "../../banking/banking-days.ts";
import type { CoreContext } from "../../shared/context.ts";
import { type SortDir, sortFields, sortOrder } from "../../shared/list-sort.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import { authorize } from "../../staff/authorize.ts";
import {
  type CursorPage,
  cursorLimit,
  cursorPage,
  type IdCursor,
  nicknames,
  type OfficeViewer,
  type PayoutRunRow,
  query,
  runRow,
} from "./office-payout-rows.ts";

const RUN_PAGE_SIZE = 30;

const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  ...sortFields(["id", "transferDate", "state", "total"], "id"),
});

const SORT_COLUMNS = {
  id: payoutRuns.id,
  transferDate: payoutRuns.transferDate,
  state: payoutRuns.state,
  total: payoutRuns.total,
};

export type PayoutRunList = {
  rows: PayoutRunRow[];
  total: number;
  page: number;
  pages: number;
  /** The banking day a run prepared now would be for. */
  nextTransferDate: string;
  /** Bank payouts ready to join a run now. */
  readyCount: number;
  readyTotal: number;
  sort: keyof typeof SORT_COLUMNS;
  dir: SortDir;
};

/**
 * The bank runs, newest first or sorted by transfer date, state or total (`sort`, `dir`), with what
 * the next run would hold, 30 to a page by page number; or, given a `cursor` (the API), the runs
 * after it alone, newest first. For `payouts:read`.
 */
export async function listPayoutRuns(
  ctx: CoreContext,
  o: { actor: OfficeViewer; query?: unknown },
): Promise<PayoutRunList>;
export async function listPayoutRuns(
  ctx: CoreContext,
  o: { actor: OfficeViewer; cursor: IdCursor },
): Promise<CursorPage<PayoutRunRow>>;
export async function listPayoutRuns(
  ctx: CoreContext,
  o: { actor: OfficeViewer; query?: unknown; cursor?: IdCursor },
): Promise<PayoutRunList | CursorPage<PayoutRunRow>> {
  await authorize(ctx, o.actor, "payouts:read");
  if (o.cursor) {
    const limit = cursorLimit(o.cursor);
    const runs = await ctx.db
      .select()
      .from(payoutRuns)
      .where(o.cursor.before ? lt(payoutRuns.id, o.cursor.before) : undefined)
      .orderBy(desc(payoutRuns.id))
      .limit(limit + 1);
    const names = await nicknames(
      ctx,
      runs.flatMap((r) => [r.preparedBy, r.sentBy]),
    );
    return cursorPage(
      runs.map((r) => runRow(r, names)),
      limit,
      (r) => r.id,
    );
  }
  const q = query(ZPageQuery, o.query);
  const [totalRow] = await ctx.db.select({ n: count() }).from(payoutRuns);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / RUN_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const runs = await ctx.db
    .select()
    .from(payoutRuns)
    .orderBy(...sortOrder(SORT_COLUMNS[q.sort], q.dir, payoutRuns.id))
    .limit(RUN_PAGE_SIZE)
    .offset((page - 1) * RUN_PAGE_SIZE);
  const names = await nicknames(
    ctx,
    runs.flatMap((r) => [r.preparedBy, r.sentBy]),
  );
  const ready = await ctx.db
    .select({ amount: payouts.amount })
    .from(payouts)
    .where(and(eq(payouts.method, "bank"), eq(payouts.state, "READY")));
  return {
    rows: runs.map((r) => runRow(r, names)),
    total,
    page,
    pages,
    nextTransferDate: addBankingDays(tokyoNow(ctx.clock.now()).date, 1),
    readyCount: ready.length,
    readyTotal: ready.reduce((s, r) => s + r.amount, 0),
    sort: q.sort,
    dir: q.dir,
  };
}
