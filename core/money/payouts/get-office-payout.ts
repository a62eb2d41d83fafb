import { eq } from "drizzle-orm";
import { payoutRuns, payouts, users } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { authorize } from "../../staff/authorize.ts";
import { maskBankAccount } from "../../staff/mask.ts";
import { hasPermission } from "../../staff/permissions.ts";
import { availableActions } from "../../state/machine.ts";
import {
  historyOf,
  nicknames,
  type OfficePayoutRow,
  type OfficeViewer,
  officeRow,
  type Person,
  type StateStep,
} from "./office-payout-rows.ts";
import { PAYOUT_MACHINE } from "./payout-states.ts";

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

/** One payout for the office: where it goes, what it took, its provider, its history, and the steps open now. */
export async function getOfficePayout(
  ctx: CoreContext,
  o: { actor: OfficeViewer; payoutId: number },
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
