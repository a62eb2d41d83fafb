import { inArray } from "drizzle-orm";
import type { z } from "zod";
import { type PAYOUT_METHODS, type payoutRuns, type payouts, users } from "#db/schema/index.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import type { CoreContext } from "../../shared/context.ts";
import { stateHistoryOf } from "../../state/change-state.ts";
import type { PAYOUT_MACHINE, PAYOUT_RUN_MACHINE, PayoutState } from "./payout-states.ts";

/** Who reads finance's views (authorized by each view). */
export type OfficeViewer = SessionUser | null;
export type Person = { id: number; nickname: string };

/** A query string's filters, anything unknown read as "any". */
export const query = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> =>
  schema.parse(input && typeof input === "object" ? input : {});

/**
 * The API's paging instead of page numbers: the rows older than `before` (the last row's id of the
 * previous page), `limit` of them (1–200, 50 unless told).
 */
export type IdCursor = { before?: number | undefined; limit?: number | undefined };
/** A page read by `IdCursor`, and the cursor of the next (null at the end). */
export type CursorPage<T> = { rows: T[]; nextCursor: string | null };

export const cursorLimit = (c: IdCursor) => Math.min(Math.max(c.limit ?? 50, 1), 200);

/** Rows read `limit + 1` at a time: the extra one only tells that a next page exists. */
export function cursorPage<T>(rows: T[], limit: number, idOf: (row: T) => number): CursorPage<T> {
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

/** Members' nicknames by id, for the people a view names. */
export async function nicknames(
  ctx: CoreContext,
  ids: (number | null | undefined)[],
): Promise<Map<number, string>> {
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

/** A payout as a row of finance's lists. */
export function officeRow(p: typeof payouts.$inferSelect, nickname: string): OfficePayoutRow {
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

/** A payout's or run's state history, with who took each step. */
export async function historyOf(
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

/** A run as a row of finance's lists. */
export function runRow(r: typeof payoutRuns.$inferSelect, names: Map<number, string>): PayoutRunRow {
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
