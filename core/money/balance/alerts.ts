import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { balanceLots, moneyAlerts, payouts, topUps, users } from "#db/schema/index.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import type { Clock } from "../../shared/clock.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { type SortDir, sortFields, sortOrder } from "../../shared/list-sort.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { hasPermission } from "../../staff/permissions.ts";

export type MoneyAlertKind = (typeof moneyAlerts.$inferSelect)["kind"];

/**
 * Tells finance that something in the money flows needs a look (a payment after the deadline, a
 * returned transfer, proceeds due with no account to pay them to). Raised once per `dedupeKey`.
 */
export async function raiseMoneyAlert(
  ctx: { db: Db; clock: Clock },
  o: {
    kind: MoneyAlertKind;
    userId: number | null;
    refs: Record<string, number | string>;
    dedupeKey: string;
    detail?: string;
  },
): Promise<void> {
  await ctx.db
    .insert(moneyAlerts)
    .values({
      kind: o.kind,
      userId: o.userId,
      refs: o.refs,
      dedupeKey: o.dedupeKey,
      detail: o.detail ?? null,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: moneyAlerts.dedupeKey });
}

const ALERT_PAGE_SIZE = 50;

/** The page and sort, read leniently from a query string: anything unknown is page 1, oldest first. */
const ZAlertQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  ...sortFields(["id", "kind", "raised"], "raised", "asc"),
});

const SORT_COLUMNS = { id: moneyAlerts.id, kind: moneyAlerts.kind, raised: moneyAlerts.createdAt };

export type MoneyAlertRow = {
  id: number;
  kind: MoneyAlertKind;
  member: { id: number; nickname: string } | null;
  refs: Record<string, number | string>;
  /** The money it is about: the payout (with its fee), the top-up, or the proceeds lot. */
  amount: number | null;
  detail: string | null;
  createdAt: Date;
};

export type MoneyAlertList = {
  rows: MoneyAlertRow[];
  total: number;
  page: number;
  pages: number;
  /** May this operator resolve them (`payouts:run`)? */
  canResolve: boolean;
  sort: keyof typeof SORT_COLUMNS;
  dir: SortDir;
};

const refId = (refs: Record<string, number | string>, key: string): number | null => {
  const n = Number(refs[key]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The open money alerts, oldest first or sorted by number, kind or date raised (`sort`, `dir`), 50
 * to a page (`page`), with the amount each is about. For `payouts:read`.
 */
export async function listMoneyAlerts(
  ctx: CoreContext,
  o: { actor: SessionUser | null; query?: unknown },
): Promise<MoneyAlertList> {
  const operator = await authorize(ctx, o.actor, "payouts:read");
  const q = ZAlertQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const open = isNull(moneyAlerts.resolvedAt);
  const [totalRow] = await ctx.db.select({ n: count() }).from(moneyAlerts).where(open);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / ALERT_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await ctx.db
    .select({ alert: moneyAlerts, nickname: users.nickname })
    .from(moneyAlerts)
    .leftJoin(users, eq(users.id, moneyAlerts.userId))
    .where(open)
    .orderBy(
      ...sortOrder(SORT_COLUMNS[q.sort], q.dir, moneyAlerts.id, q.sort === "raised" ? { tie: q.dir } : {}),
    )
    .limit(ALERT_PAGE_SIZE)
    .offset((page - 1) * ALERT_PAGE_SIZE);
  const ids = (key: string) =>
    rows.map((r) => refId(r.alert.refs, key)).filter((id): id is number => id !== null);
  const [payoutRows, topUpRows, lotRows] = await Promise.all([
    ids("payoutId").length
      ? ctx.db
          .select({ id: payouts.id, amount: payouts.amount, fee: payouts.fee })
          .from(payouts)
          .where(inArray(payouts.id, ids("payoutId")))
      : [],
    ids("topUpId").length
      ? ctx.db
          .select({ id: topUps.id, amount: topUps.amount })
          .from(topUps)
          .where(inArray(topUps.id, ids("topUpId")))
      : [],
    ids("lotId").length
      ? ctx.db
          .select({ id: balanceLots.id, amount: balanceLots.remaining })
          .from(balanceLots)
          .where(inArray(balanceLots.id, ids("lotId")))
      : [],
  ]);
  const amountOf = (refs: Record<string, number | string>): number | null => {
    const payoutId = refId(refs, "payoutId");
    if (payoutId) {
      const p = payoutRows.find((x) => x.id === payoutId);
      return p ? p.amount + p.fee : null;
    }
    const topUpId = refId(refs, "topUpId");
    if (topUpId) return topUpRows.find((x) => x.id === topUpId)?.amount ?? null;
    const lotId = refId(refs, "lotId");
    if (lotId) return lotRows.find((x) => x.id === lotId)?.amount ?? null;
    return null;
  };
  return {
    rows: rows.map(({ alert: a, nickname }) => ({
      id: a.id,
      kind: a.kind,
      member: a.userId && nickname ? { id: a.userId, nickname } : null,
      refs: a.refs,
      amount: amountOf(a.refs),
      detail: a.detail,
      createdAt: a.createdAt,
    })),
    total,
    page,
    pages,
    canResolve: hasPermission(operator.roles, "payouts:run"),
    sort: q.sort,
    dir: q.dir,
  };
}

/**
 * Finance has dealt with an alert: it is closed with who and when, and audited. Resolving one
 * already resolved changes nothing and answers it as it is.
 */
export async function resolveMoneyAlert(
  ctx: CoreContext,
  actor: Pick<SessionUser, "id" | "role"> | null,
  o: { alertId: number; meta?: RequestMeta },
): Promise<typeof moneyAlerts.$inferSelect> {
  const operator = await authorize(ctx, actor, "payouts:run");
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [alert] = await db.select().from(moneyAlerts).where(eq(moneyAlerts.id, o.alertId)).for("update");
    if (!alert) throw new AppError("NOT_FOUND", { message: msg("officeMoney.errors.alertNotFound") });
    if (alert.resolvedAt) return alert;
    const now = ctx.clock.now();
    const [after] = await db
      .update(moneyAlerts)
      .set({ resolvedAt: now, resolvedBy: operator.id })
      .where(and(eq(moneyAlerts.id, alert.id), isNull(moneyAlerts.resolvedAt)))
      .returning();
    await recordAudit(
      { db, clock: ctx.clock },
      {
        operator,
        action: "payouts:resolve_alert",
        target: { type: "money_alert", id: alert.id },
        changes: { resolvedAt: [null, now.toISOString()] },
        meta: o.meta,
      },
    );
    return after!;
  });
}
