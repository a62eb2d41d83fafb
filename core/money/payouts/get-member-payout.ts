import { and, eq } from "drizzle-orm";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import type { PayoutMethod } from "../balance/fees.ts";
import { dispatchPayout } from "./dispatch-payout.ts";
import {
  copiedDestination,
  type PayoutDestinationView,
  usualTransferDate,
} from "./payout-destination-view.ts";
import { PAYOUT_MACHINE, type PayoutRow, type PayoutState } from "./payout-states.ts";
import { PAYOUT_MESSAGES } from "./request-payout.ts";

export type MemberPayout = {
  id: number;
  method: PayoutMethod;
  amount: number;
  fee: number;
  total: number;
  state: PayoutState;
  /** Made by itself when proceeds reached their 180-day deadline, not asked for by the member. */
  automatic: boolean;
  /** Why it failed or was refused (the bank's or finance's words), when it did. */
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
  destination: PayoutDestinationView | null;
  /** Bank: the banking day of the run it is in (exact), or when it usually arrives (estimate). */
  transferDate: { date: string; exact: boolean } | null;
  /** Seven Bank: the お受取番号 and 確認番号 and until when they can be used, only while they can (ISSUED). */
  atm: { code: string; confirmation: string; expiresAt: Date } | null;
  /** The ATM is the built-in sandbox (its page `/sandbox/atm/` stands for the machine). */
  sandboxAtm: boolean;
  /** The member may still withdraw it, and the money returns to the proceeds. */
  cancellable: boolean;
};

/** A payout the member can still withdraw: not yet gone, and not a wallet transfer (sent at once). */
function isCancellable(p: PayoutRow): boolean {
  return (
    p.method !== "kyash" && (PAYOUT_MACHINE.transitions.cancel.from as readonly string[]).includes(p.state)
  );
}

/**
 * One of the member's own payouts, as its receipt shows it (NOT_FOUND for anyone else's). An ATM
 * code or wallet transfer still under way is first brought up to date with its provider, so the
 * receipt tells whether the cash was taken, the code expired or the transfer arrived.
 */
export async function getMemberPayout(
  ctx: CoreContext,
  o: { userId: number; payoutId: number },
): Promise<MemberPayout> {
  const find = async () => {
    const [row] = await ctx.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.id, o.payoutId), eq(payouts.userId, o.userId)));
    return row;
  };
  let p = await find();
  if (!p) throw new AppError("NOT_FOUND", { message: PAYOUT_MESSAGES.notFound });
  if (p.method !== "bank" && (p.state === "READY" || p.state === "ISSUED")) {
    // A provider that does not answer now leaves the receipt as it was; the balance job retries.
    p = await dispatchPayout(ctx, p.id).catch(() => p!);
  }
  let transferDate: MemberPayout["transferDate"] = null;
  if (p.method === "bank") {
    const [run] = p.runId
      ? await ctx.db
          .select({ date: payoutRuns.transferDate })
          .from(payoutRuns)
          .where(eq(payoutRuns.id, p.runId))
      : [];
    if (run && (p.state === "BATCHED" || p.state === "SENT")) transferDate = { date: run.date, exact: true };
    else if (p.state === "READY") {
      const usual = usualTransferDate(ctx.clock.now());
      transferDate = usual ? { date: usual, exact: false } : null;
    }
  }
  return {
    id: p.id,
    method: p.method,
    amount: p.amount,
    fee: p.fee,
    total: p.amount + p.fee,
    state: p.state,
    automatic: p.automatic,
    failureReason: p.failureReason,
    createdAt: p.createdAt,
    completedAt: p.completedAt,
    destination: copiedDestination(p),
    transferDate,
    atm:
      p.method === "seven" && p.state === "ISSUED" && p.code && p.confirmation && p.expiresAt
        ? { code: p.code, confirmation: p.confirmation, expiresAt: p.expiresAt }
        : null,
    sandboxAtm: ctx.atm.kind === "sandbox",
    cancellable: isCancellable(p),
  };
}
