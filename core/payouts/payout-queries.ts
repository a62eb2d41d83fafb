import { and, asc, desc, eq, lt } from "drizzle-orm";
import { payoutRuns, payouts, stateHistory, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize } from "../staff/authorize.ts";
import { maskBankAccount } from "../staff/mask.ts";
import { PAYOUT_MACHINE, type PayoutRow, type PayoutState } from "./payout-states.ts";
import { PAYOUT_MESSAGES } from "./request-payout.ts";

type Actor = Pick<SessionUser, "id" | "role"> | null;

/** Where a payout goes, as shown back: the bank account number only by its last 3 digits. */
type PayoutDestinationView = {
  bankCode?: string;
  bankName?: string;
  branchCode?: string;
  branchName?: string;
  accountType?: string;
  accountNumberMasked?: string;
  holderName?: string;
  /** Kyash. */
  provider?: string;
  accountId?: string;
};

/** A payout as its member sees it; a Seven Bank code and confirmation only while it can be used. */
export type MemberPayoutView = {
  id: number;
  method: PayoutRow["method"];
  amount: number;
  fee: number;
  total: number;
  state: PayoutState;
  automatic: boolean;
  destination: PayoutDestinationView;
  atm: { code: string; confirmation: string; expiresAt: Date } | null;
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

function destinationView(d: Record<string, string>): PayoutDestinationView {
  const pick = (k: string) => (d[k] === undefined ? {} : { [k]: d[k] });
  return {
    ...pick("bankCode"),
    ...pick("bankName"),
    ...pick("branchCode"),
    ...pick("branchName"),
    ...pick("accountType"),
    ...(d.accountNumber ? { accountNumberMasked: maskBankAccount(d.accountNumber)! } : {}),
    ...pick("holderName"),
    ...pick("provider"),
    ...pick("accountId"),
  };
}

function memberView(p: PayoutRow): MemberPayoutView {
  return {
    id: p.id,
    method: p.method,
    amount: p.amount,
    fee: p.fee,
    total: p.amount + p.fee,
    state: p.state,
    automatic: p.automatic,
    destination: destinationView(p.destination),
    atm:
      p.method === "seven" && p.state === "ISSUED" && p.code && p.confirmation && p.expiresAt
        ? { code: p.code, confirmation: p.confirmation, expiresAt: p.expiresAt }
        : null,
    failureReason: p.failureReason,
    createdAt: p.createdAt,
    completedAt: p.completedAt,
  };
}

/** One of the member's own payouts; anyone else's is not found (never told apart from none). */
export async function getMemberPayout(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; payoutId: number },
): Promise<MemberPayoutView> {
  const [row] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, o.payoutId), eq(payouts.userId, o.userId)));
  if (!row) throw new AppError("NOT_FOUND", { message: PAYOUT_MESSAGES.notFound });
  return memberView(row);
}

/** The payout as the member sees it, from a row a use case answered. */
export function toMemberPayout(p: PayoutRow): MemberPayoutView {
  return memberView(p);
}

/** A payout exists (office steps check this first, so an unknown id is a 404). */
export async function requirePayout(ctx: Pick<CoreContext, "db">, payoutId: number): Promise<void> {
  const [row] = await ctx.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, payoutId));
  if (!row) throw new AppError("NOT_FOUND", { message: PAYOUT_MESSAGES.notFound });
}

export type OfficePayoutRow = MemberPayoutView & {
  member: { id: number; nickname: string };
  runId: number | null;
  provider: string | null;
  firstApproverId: number | null;
  secondApproverId: number | null;
  updatedAt: Date;
};

/**
 * Finance's list of payouts, newest first, by state and method; paged by id (`before`: the last
 * row's id). Needs `payouts:read`.
 */
export async function listOfficePayouts(
  ctx: Pick<CoreContext, "db">,
  actor: Actor,
  o: {
    state?: PayoutState | undefined;
    method?: PayoutRow["method"] | undefined;
    before?: number | undefined;
    limit?: number | undefined;
  } = {},
): Promise<{ items: OfficePayoutRow[]; nextCursor: string | null }> {
  await authorize(ctx, actor, "payouts:read");
  const limit = Math.min(Math.max(o.limit ?? 50, 1), 200);
  const rows = await ctx.db
    .select({ payout: payouts, nickname: users.nickname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(
      and(
        o.state ? eq(payouts.state, o.state) : undefined,
        o.method ? eq(payouts.method, o.method) : undefined,
        o.before ? lt(payouts.id, o.before) : undefined,
      ),
    )
    .orderBy(desc(payouts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => officeView(r.payout, r.nickname)),
    nextCursor: rows.length > limit ? String(page.at(-1)!.payout.id) : null,
  };
}

function officeView(p: PayoutRow, nickname: string): OfficePayoutRow {
  return {
    ...memberView(p),
    member: { id: p.userId, nickname },
    runId: p.runId,
    provider: p.provider,
    firstApproverId: p.firstApproverId,
    secondApproverId: p.secondApproverId,
    updatedAt: p.updatedAt,
  };
}

export type StateStep = {
  from: string | null;
  to: string;
  action: string;
  actorRole: string;
  actorId: number | null;
  reason: string | null;
  at: Date;
};

/** One payout as finance sees it, with every state it went through. Needs `payouts:read`. */
export async function getOfficePayout(
  ctx: Pick<CoreContext, "db">,
  actor: Actor,
  o: { payoutId: number },
): Promise<OfficePayoutRow & { history: StateStep[] }> {
  await authorize(ctx, actor, "payouts:read");
  const [row] = await ctx.db
    .select({ payout: payouts, nickname: users.nickname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.id, o.payoutId));
  if (!row) throw new AppError("NOT_FOUND", { message: PAYOUT_MESSAGES.notFound });
  return {
    ...officeView(row.payout, row.nickname),
    history: await historyOf(ctx, PAYOUT_MACHINE.name, row.payout.id),
  };
}

async function historyOf(ctx: Pick<CoreContext, "db">, machine: string, rowId: number): Promise<StateStep[]> {
  return ctx.db
    .select({
      from: stateHistory.fromState,
      to: stateHistory.toState,
      action: stateHistory.action,
      actorRole: stateHistory.actorRole,
      actorId: stateHistory.actorId,
      reason: stateHistory.reason,
      at: stateHistory.at,
    })
    .from(stateHistory)
    .where(and(eq(stateHistory.machine, machine), eq(stateHistory.rowId, rowId)))
    .orderBy(asc(stateHistory.id));
}

export type PayoutRunView = {
  id: number;
  transferDate: string;
  state: string;
  count: number;
  total: number;
  preparedBy: number | null;
  sentBy: number | null;
  sentAt: Date | null;
  createdAt: Date;
};

/** The bank runs, newest first (without their files); paged by id. Needs `payouts:read`. */
export async function listPayoutRuns(
  ctx: Pick<CoreContext, "db">,
  actor: Actor,
  o: { before?: number | undefined; limit?: number | undefined } = {},
): Promise<{ items: PayoutRunView[]; nextCursor: string | null }> {
  await authorize(ctx, actor, "payouts:read");
  const limit = Math.min(Math.max(o.limit ?? 50, 1), 200);
  const rows = await ctx.db
    .select({
      id: payoutRuns.id,
      transferDate: payoutRuns.transferDate,
      state: payoutRuns.state,
      count: payoutRuns.count,
      total: payoutRuns.total,
      preparedBy: payoutRuns.preparedBy,
      sentBy: payoutRuns.sentBy,
      sentAt: payoutRuns.sentAt,
      createdAt: payoutRuns.createdAt,
    })
    .from(payoutRuns)
    .where(o.before ? lt(payoutRuns.id, o.before) : undefined)
    .orderBy(desc(payoutRuns.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page, nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}

/** A run as answered after a step (prepare, sent, discard): without its file. */
export function toPayoutRunView(run: typeof payoutRuns.$inferSelect): PayoutRunView {
  return {
    id: run.id,
    transferDate: run.transferDate,
    state: run.state,
    count: run.count,
    total: run.total,
    preparedBy: run.preparedBy,
    sentBy: run.sentBy,
    sentAt: run.sentAt,
    createdAt: run.createdAt,
  };
}
