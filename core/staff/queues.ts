import { and, count, eq, isNull, min, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  buybackItems,
  buyerApplications,
  identityChecks,
  moneyAlerts,
  payouts,
  reports,
  supportInquiries,
  transactions,
} from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { authorize } from "./authorize.ts";
import { hasPermission, type Permission } from "./permissions.ts";

const HOUR_MS = 3600 * 1000;

type QueueSource = { table: PgTable; where: SQL; since: PgColumn; id: PgColumn };

/**
 * The back office's work queues: who may work each (`permission`), how soon an item should be
 * dealt with (`targetMs`: older items are flagged), and which rows are waiting (`source`: the
 * table, the condition, the column an item's age counts from, and its id).
 */
export const QUEUES = {
  /** Transactions under office review (PENDING): holds, disputes. */
  transactions: {
    permission: "transactions:hold",
    targetMs: 24 * HOUR_MS,
    source: (): QueueSource => ({
      table: transactions,
      where: eq(transactions.state, "PENDING"),
      since: transactions.updatedAt,
      id: transactions.id,
    }),
  },
  /** Reports of listings, comments and members not yet dealt with. */
  reports: {
    permission: "reports:read",
    targetMs: 24 * HOUR_MS,
    source: (): QueueSource => ({
      table: reports,
      where: eq(reports.state, "OPEN"),
      since: reports.createdAt,
      id: reports.id,
    }),
  },
  /** Identity checks the provider passed but whose facts do not match the account: the office decides. */
  identity: {
    permission: "identity:review",
    targetMs: 48 * HOUR_MS,
    source: (): QueueSource => ({
      table: identityChecks,
      where: eq(identityChecks.status, "review"),
      since: identityChecks.createdAt,
      id: identityChecks.id,
    }),
  },
  /** Members' inquiries waiting for an answer. */
  support: {
    permission: "support:read",
    targetMs: 24 * HOUR_MS,
    source: (): QueueSource => ({
      table: supportInquiries,
      where: eq(supportInquiries.state, "OPEN"),
      since: supportInquiries.lastMessageAt,
      id: supportInquiries.id,
    }),
  },
  /** Payouts above the threshold waiting for two finance operators' approvals. */
  payouts: {
    permission: "payouts:approve",
    targetMs: 24 * HOUR_MS,
    source: (): QueueSource => ({
      table: payouts,
      where: eq(payouts.state, "AWAITING_APPROVAL"),
      since: payouts.createdAt,
      id: payouts.id,
    }),
  },
  /** Money alerts (late top-ups, returned transfers, proceeds due with no account) not yet resolved. */
  moneyAlerts: {
    permission: "payouts:read",
    targetMs: 24 * HOUR_MS,
    source: (): QueueSource => ({
      table: moneyAlerts,
      where: isNull(moneyAlerts.resolvedAt),
      since: moneyAlerts.createdAt,
      id: moneyAlerts.id,
    }),
  },
  /** Buyback devices received and waiting for a grader: graded into an offer, or refused. */
  buyback: {
    permission: "buyback:grade",
    targetMs: 48 * HOUR_MS,
    source: (): QueueSource => ({
      table: buybackItems,
      where: eq(buybackItems.state, "30"),
      since: buybackItems.updatedAt,
      id: buybackItems.id,
    }),
  },
  /** Companies' applications to become business buyers, waiting for an operator's decision. */
  "buyer-applications": {
    permission: "buyback:manage",
    targetMs: 72 * HOUR_MS,
    source: (): QueueSource => ({
      table: buyerApplications,
      where: eq(buyerApplications.state, "PENDING"),
      since: buyerApplications.createdAt,
      id: buyerApplications.id,
    }),
  },
} as const satisfies Record<string, { permission: Permission; targetMs: number; source: () => QueueSource }>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** Is an item that has waited since `since` past its queue's target time? */
export function isOverdue(queue: QueueName, since: Date, now: Date): boolean {
  return now.getTime() - since.getTime() > QUEUES[queue].targetMs;
}

export type QueueSummary = {
  queue: QueueName;
  count: number;
  /** How long the oldest waiting item has waited, in milliseconds (null when empty). */
  oldestAgeMs: number | null;
  overdue: boolean;
  targetMs: number;
};

/** The dashboard: for each queue the operator may work, how many wait and for how long the oldest. */
export async function queueSummaries(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<QueueSummary[]> {
  const operator = await authorize(ctx, o.actor, "staff:access");
  const now = ctx.clock.now();
  const visible = QUEUE_NAMES.filter((q) => hasPermission(operator.roles, QUEUES[q].permission));
  return Promise.all(
    visible.map(async (queue) => {
      const { table, where, since } = QUEUES[queue].source();
      const [row] = await ctx.db
        .select({ n: count(), oldest: min(since) })
        .from(table)
        .where(and(where));
      const oldest = row?.oldest ? new Date(row.oldest as Date | string) : null;
      const oldestAgeMs = oldest ? Math.max(0, now.getTime() - oldest.getTime()) : null;
      return {
        queue,
        count: Number(row?.n ?? 0),
        oldestAgeMs,
        overdue: oldest ? isOverdue(queue, oldest, now) : false,
        targetMs: QUEUES[queue].targetMs,
      };
    }),
  );
}
