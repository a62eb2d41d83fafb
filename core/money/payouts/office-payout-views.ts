import { and, count, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PAYOUT_METHODS, PAYOUT_STATES, payoutRuns, payouts, users } from "#db/schema/index.ts";
import { addBankingDays } from "../../banking/banking-days.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import { authorize } from "../../staff/authorize.ts";
import { maskBankAccount } from "../../staff/mask.ts";
import { hasPermission } from "../../staff/permissions.ts";
import { stateHistoryOf } from "../../state/change-state.ts";
import { availableActions } from "../../state/machine.ts";
import { type BalanceSummary, getBalanceSummary } from "../balance/balance-summary.ts";
import { PAYOUT_MACHINE, PAYOUT_RUN_MACHINE, type PayoutState } from "./payout-states.ts";

type Actor = SessionUser | null;
type Person = { id: number; nickname: string };

const PAYOUT_PAGE_SIZE = 50;
const RUN_PAGE_SIZE = 30;

/** Filters and paging read leniently from a query string: anything unknown means "any" or page 1. */
const ZPayoutQuery = z.object({
  state: z.enum(PAYOUT_STATES).optional().catch(undefined),
  method: z.enum(PAYOUT_METHODS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

const query = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> =>
  schema.parse(input && typeof input === "object" ? input : {});

/**
 * The API's paging instead of page numbers: the rows older than `before` (the last row's id of the
 * previous page), `limit` of them (1–200, 50 unless told).
 */
type IdCursor = { before?: number | undefined; limit?: number | undefined };
/** A page read by `IdCursor`, and the cursor of the next (null at the end). */
type CursorPage<T> = { rows: T[]; nextCursor: string | null };

const cursorLimit = (c: IdCursor) => Math.min(Math.max(c.limit ?? 50, 1), 200);

/** Rows read `limit + 1` at a time: the extra one only tells that a next page exists. */
function cursorPage<T>(rows: T[], limit: number, idOf: (row: T) => number): CursorPage<T> {
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? String(idOf(page.at(-1)!)) : null };
}

export type OfficePayoutRow = {
  id: number;
  member: Person;
  method: (typeof PAYOUT_METHODS)[number];
  amount: number;
  fee: number;
  state: PayoutState;
  automatic: boolean;
  createdAt: Date;
  /** How many finance operators approved it (0–2). */
  approvals: number;
  /** Needs two approvals (it is, or was, above the threshold). */
  needsApproval: boolean;
};

export type OfficePayoutList = {
  rows: OfficePayoutRow[];
  total: number;
  page: number;
  pages: number;
  filters: { state: string; method: string };
};

async function nicknames(ctx: CoreContext, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

const approvalsOf = (p: { firstApproverId: number | null; secondApproverId: number | null }) =>
  (p.firstApproverId ? 1 : 0) + (p.secondApproverId ? 1 : 0);

function officeRow(p: typeof payouts.$inferSelect, nickname: string): OfficePayoutRow {
  return {
    id: p.id,
    member: { id: p.userId, nickname },
    method: p.method,
    amount: p.amount,
    fee: p.fee,
    state: p.state,
    automatic: p.automatic,
    createdAt: p.createdAt,
    approvals: approvalsOf(p),
    needsApproval: p.state === "AWAITING_APPROVAL" || p.firstApproverId !== null,
  };
}

type PayoutFilters = { actor: Actor; query?: unknown };

/**
 * Every payout, newest first, filtered by state and method (`query`), 50 to a page by page number;
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
    .orderBy(desc(payouts.id))
    .limit(PAYOUT_PAGE_SIZE)
    .offset((page - 1) * PAYOUT_PAGE_SIZE);
  return {
    rows: rows.map((r) => officeRow(r.payout, r.nickname)),
    total,
    page,
    pages,
    filters: { state: q.state ?? "", method: q.method ?? "" },
  };
}

export type StateStep = {
  id: number;
  from: string | null;
  to: string;
  action: string;
  actorRole: string;
  actorId: number | null;
  /** The actor's nickname. */
  actor: string | null;
  reason: string | null;
  at: Date;
};

export type OfficePayoutDetail = {
  payout: OfficePayoutRow & {
    /**
     * As the payout was sent: the bank account number always as `accountNumberMasked` (its last
     * 3 digits), and in full as `accountNumber` only for `pii:read` holders.
     */
    destination: Record<string, string>;
    /** The account number is hidden from this operator (no `pii:read`). */
    accountMasked: boolean;
    lots: { lotId: number; amount: number }[];
    provider: string | null;
    providerRef: string | null;
    failureReason: string | null;
    expiresAt: Date | null;
    completedAt: Date | null;
    updatedAt: Date;
    run: { id: number; transferDate: string; state: string } | null;
    approvers: Person[];
  };
  history: StateStep[];
  /** What this operator may do now: the machine's steps from this state and their roles. */
  canApprove: boolean;
  canReject: boolean;
  canReturn: boolean;
  /** They already gave the first of two approvals (a second must come from someone else). */
  approvedByMe: boolean;
};

async function historyOf(
  ctx: CoreContext,
  machine: typeof PAYOUT_MACHINE | typeof PAYOUT_RUN_MACHINE,
  id: number,
) {
  const steps = await stateHistoryOf(ctx.db, machine, id);
  const names = await nicknames(
    ctx,
    steps.map((s) => s.actorId),
  );
  return steps.map((s) => ({
    id: s.id,
    from: s.fromState,
    to: s.toState,
    action: s.action,
    actorRole: s.actorRole,
    actorId: s.actorId,
    actor: s.actorId ? (names.get(s.actorId) ?? null) : null,
    reason: s.reason,
    at: s.at,
  }));
}

/** One payout for the office: where it goes, what it took, its provider, its history, and the steps open now. */
export async function getOfficePayout(
  ctx: CoreContext,
  o: { actor: Actor; payoutId: number },
): Promise<OfficePayoutDetail> {
  const operator = await authorize(ctx, o.actor, "payouts:read");
  const [row] = await ctx.db
    .select({ payout: payouts, nickname: users.nickname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.id, o.payoutId));
  if (!row) throw new AppError("NOT_FOUND", { message: msg("balance.errors.payoutNotFound") });
  const p = row.payout;
  const [run] = p.runId
    ? await ctx.db
        .select({ id: payoutRuns.id, transferDate: payoutRuns.transferDate, state: payoutRuns.state })
        .from(payoutRuns)
        .where(eq(payoutRuns.id, p.runId))
    : [];
  const names = await nicknames(ctx, [p.firstApproverId, p.secondApproverId]);
  const approvers = [p.firstApproverId, p.secondApproverId]
    .filter((id): id is number => id !== null)
    .map((id) => ({ id, nickname: names.get(id) ?? "—" }));
  const seesAll = hasPermission(operator.roles, "pii:read");
  const { accountNumber, ...destination } = p.destination;
  if (accountNumber) {
    destination.accountNumberMasked = maskBankAccount(accountNumber) ?? "";
    if (seesAll) destination.accountNumber = accountNumber;
  }
  const actions = availableActions(PAYOUT_MACHINE, p.state, "operator");
  const mayApprove = hasPermission(operator.roles, "payouts:approve");
  return {
    payout: {
      ...officeRow(p, row.nickname),
      destination,
      accountMasked: !seesAll && Boolean(p.destination.accountNumber),
      lots: p.lots,
      provider: p.provider,
      providerRef: p.providerRef,
      failureReason: p.failureReason,
      expiresAt: p.expiresAt,
      completedAt: p.completedAt,
      updatedAt: p.updatedAt,
      run: run ?? null,
      approvers,
    },
    history: await historyOf(ctx, PAYOUT_MACHINE, p.id),
    canApprove: mayApprove && actions.includes("approve"),
    canReject: mayApprove && actions.includes("reject"),
    canReturn:
      hasPermission(operator.roles, "payouts:run") &&
      p.method === "bank" &&
      p.state === "SENT" &&
      actions.includes("fail"),
    approvedByMe: p.state === "AWAITING_APPROVAL" && p.firstApproverId === operator.id,
  };
}

export type PayoutRunRow = {
  id: number;
  transferDate: string;
  state: "PREPARED" | "SENT" | "DISCARDED";
  count: number;
  total: number;
  preparedBy: Person | null;
  sentBy: Person | null;
  createdAt: Date;
  sentAt: Date | null;
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
};

type RunRecord = typeof payoutRuns.$inferSelect;

function runRow(r: RunRecord, names: Map<number, string>): PayoutRunRow {
  const person = (id: number | null) => (id ? { id, nickname: names.get(id) ?? "—" } : null);
  return {
    id: r.id,
    transferDate: r.transferDate,
    state: r.state,
    count: r.count,
    total: r.total,
    preparedBy: person(r.preparedBy),
    sentBy: person(r.sentBy),
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  };
}

/**
 * The bank runs, newest first, with what the next run would hold, 30 to a page by page number; or,
 * given a `cursor` (the API), the runs after it alone. For `payouts:read`.
 */
export async function listPayoutRuns(
  ctx: CoreContext,
  o: { actor: Actor; query?: unknown },
): Promise<PayoutRunList>;
export async function listPayoutRuns(
  ctx: CoreContext,
  o: { actor: Actor; cursor: IdCursor },
): Promise<CursorPage<PayoutRunRow>>;
export async function listPayoutRuns(
  ctx: CoreContext,
  o: { actor: Actor; query?: unknown; cursor?: IdCursor },
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
    .orderBy(desc(payoutRuns.id))
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
  };
}

export type PayoutRunDetail = {
  run: PayoutRunRow & { filename: string };
  payouts: (OfficePayoutRow & {
    bank: string;
    holderKana: string;
    failureReason: string | null;
    canReturn: boolean;
  })[];
  history: StateStep[];
  canSend: boolean;
  canDiscard: boolean;
  /** May download the file (`payouts:run`). */
  canDownload: boolean;
};

/** One bank run: its transfers (and how each ended), its history, and the steps open now. */
export async function getPayoutRun(
  ctx: CoreContext,
  o: { actor: Actor; runId: number },
): Promise<PayoutRunDetail> {
  const operator = await authorize(ctx, o.actor, "payouts:read");
  const [run] = await ctx.db.select().from(payoutRuns).where(eq(payoutRuns.id, o.runId));
  if (!run) throw new AppError("NOT_FOUND", { message: msg("balance.office.errors.runNotFound") });
  const rows = await ctx.db
    .select({ payout: payouts, nickname: users.nickname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.runId, run.id))
    .orderBy(payouts.id);
  const names = await nicknames(ctx, [run.preparedBy, run.sentBy]);
  const runs = hasPermission(operator.roles, "payouts:run");
  const actions = availableActions(PAYOUT_RUN_MACHINE, run.state, "operator");
  return {
    run: {
      ...runRow(run, names),
      filename: `zengin-${run.transferDate.replaceAll("-", "")}-${run.id}.txt`,
    },
    payouts: rows.map(({ payout: p, nickname }) => ({
      ...officeRow(p, nickname),
      bank: [p.destination.bankName, p.destination.branchName].filter(Boolean).join(" "),
      holderKana: p.destination.holderKana ?? "",
      failureReason: p.failureReason,
      canReturn: runs && p.method === "bank" && p.state === "SENT",
    })),
    history: await historyOf(ctx, PAYOUT_RUN_MACHINE, run.id),
    canSend: runs && actions.includes("send"),
    canDiscard: runs && actions.includes("discard"),
    canDownload: runs,
  };
}

/** A member's proceeds, paid points and free points as finance sees them. For `payouts:read`. */
export async function memberBalanceForOffice(
  ctx: CoreContext,
  o: { actor: Actor; userId: number },
): Promise<BalanceSummary> {
  await authorize(ctx, o.actor, "payouts:read");
  return getBalanceSummary(ctx, { userId: o.userId });
}
