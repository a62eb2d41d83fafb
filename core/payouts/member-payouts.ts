import { and, eq } from "drizzle-orm";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import type { BankAccountType } from "../account/codes.ts";
import { getBankAccount } from "../account/get-bank-account.ts";
import { BALANCE_LIMITS, PAYOUT_FEES, type PayoutMethod } from "../balance/limits.ts";
import { getBalance } from "../ledger/get-balance.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { bankDestination } from "./bank-destination.ts";
import { dispatchPayout } from "./dispatch-payout.ts";
import { PAYOUT_MACHINE, type PayoutRow, type PayoutState } from "./payout-states.ts";
import { checkPayout, PAYOUT_MESSAGES } from "./request-payout.ts";
import { walletOf } from "./wallet-link.ts";
import { addBankingDays } from "./zengin/banking-days.ts";

/** Where a payout goes, as its owner is shown it: account and wallet numbers never in full. */
export type PayoutDestinationView =
  | {
      kind: "bank";
      bankCode: string;
      bankName: string;
      branchName: string;
      branchCode: string;
      accountType: BankAccountType;
      accountNumberMasked: string;
      holderName: string;
    }
  | { kind: "kyash"; accountIdMasked: string };

/** "****567": the last three digits of a bank account number. */
const maskAccount = (n: string) => `${"*".repeat(Math.max(0, n.length - 3))}${n.slice(-3)}`;
/** "**** **** **** 1234": the last four digits of a Kyash account, grouped as on the card. */
const maskWallet = (id: string) =>
  `${"*".repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * The banking day a bank payout asked for now usually arrives: finance prepares each day's run for
 * the next banking day. Null when the holiday calendar does not cover the date.
 */
function usualTransferDate(now: Date): string | null {
  try {
    return addBankingDays(tokyoNow(now).date, 1);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

async function destinationNow(
  ctx: CoreContext,
  userId: number,
  method: PayoutMethod,
): Promise<PayoutDestinationView | null> {
  if (method === "bank") {
    const account = await getBankAccount(ctx, userId);
    return account
      ? {
          kind: "bank",
          bankCode: account.bankCode,
          bankName: account.bankName,
          branchName: account.branchName,
          branchCode: account.branchCode,
          accountType: account.accountType,
          accountNumberMasked: account.accountNumberMasked,
          holderName: account.holderName,
        }
      : null;
  }
  if (method === "kyash") {
    const wallet = await walletOf(ctx, userId);
    return wallet ? { kind: "kyash", accountIdMasked: maskWallet(wallet.accountId) } : null;
  }
  return null;
}

export type PayoutOptions = {
  method: PayoutMethod;
  /** Proceeds that can leave now. */
  proceeds: number;
  fee: number;
  /** The most one payout may be, and the step it is counted in (ATM: whole thousands). */
  max: number;
  step: number;
  /** Amount plus fee of every payout of a Tokyo day together. */
  perDay: number;
  /** Above it (amount plus fee), two finance operators approve the payout first. */
  approvalThreshold: number;
  atmCodeHours: number;
  /** The most that can be asked for now (0 when the proceeds do not cover more than the fee). */
  largest: number;
  /** Bank: the registered account; Kyash: the linked account; null when none (always for the ATM). */
  destination: PayoutDestinationView | null;
};

/** What the first step of a payout shows: proceeds, fee, limits and where the money would go. */
export async function payoutOptions(
  ctx: CoreContext,
  o: { userId: number; method: PayoutMethod },
): Promise<PayoutOptions> {
  const [{ proceeds }, destination] = await Promise.all([
    getBalance(ctx, { userId: o.userId }),
    destinationNow(ctx, o.userId, o.method),
  ]);
  const fee = PAYOUT_FEES[o.method];
  const limit = BALANCE_LIMITS.payout[o.method];
  const step = "step" in limit ? limit.step : 1;
  const fits = Math.min(limit.max, proceeds - fee);
  const largest = Math.floor(fits / step) * step;
  return {
    method: o.method,
    proceeds,
    fee,
    max: limit.max,
    step,
    perDay: BALANCE_LIMITS.payoutPerDay,
    approvalThreshold: BALANCE_LIMITS.approvalThreshold,
    atmCodeHours: BALANCE_LIMITS.atmCodeHours,
    largest: largest > fee ? largest : 0,
    destination,
  };
}

export type PayoutQuote = {
  amount: number;
  fee: number;
  total: number;
  proceeds: number;
  destination: PayoutDestinationView | null;
  /** The payout waits for two finance operators' approval first. */
  needsApproval: boolean;
  /** Bank: the banking day such a payout usually arrives (`YYYY-MM-DD`), when known. */
  usualTransferDate: string | null;
};

/**
 * The confirm step: checks the amount (as `requestPayout` will), that the destination is there and
 * usable, and that the proceeds cover amount and fee. Moves nothing; `requestPayout` checks again.
 */
export async function quotePayout(
  ctx: CoreContext,
  o: { userId: number; method: PayoutMethod; input: { amount?: unknown } },
): Promise<PayoutQuote> {
  const quote = checkPayout(o.method, o.input);
  if (o.method === "bank") await bankDestination(ctx, o.userId);
  const destination = await destinationNow(ctx, o.userId, o.method);
  if (o.method === "kyash" && !destination) {
    throw new AppError("CONFLICT", { message: PAYOUT_MESSAGES.needsWallet });
  }
  const { proceeds } = await getBalance(ctx, { userId: o.userId });
  if (quote.total > proceeds) {
    throw new AppError("CONFLICT", {
      fields: {
        amount: msg("payoutPages.errors.notEnough", {
          fee: quote.fee,
          total: quote.total,
          proceeds,
        }),
      },
    });
  }
  return {
    ...quote,
    proceeds,
    destination,
    needsApproval: quote.total > BALANCE_LIMITS.approvalThreshold,
    usualTransferDate: o.method === "bank" ? usualTransferDate(ctx.clock.now()) : null,
  };
}

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

/** The bank details a payout was sent with, as its owner is shown them. */
function copiedDestination(p: PayoutRow): PayoutDestinationView | null {
  const d = p.destination;
  if (p.method === "bank" && d.accountNumber) {
    return {
      kind: "bank",
      bankCode: d.bankCode ?? "",
      bankName: d.bankName ?? "",
      branchName: d.branchName ?? "",
      branchCode: d.branchCode ?? "",
      accountType: (d.accountType ?? "1") as BankAccountType,
      accountNumberMasked: maskAccount(d.accountNumber),
      holderName: d.holderName ?? "",
    };
  }
  if (p.method === "kyash" && d.accountId) return { kind: "kyash", accountIdMasked: maskWallet(d.accountId) };
  return null;
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
