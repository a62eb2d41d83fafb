import type { BankAccountType } from "../../account/codes.ts";
import { getBankAccount } from "../../account/get-bank-account.ts";
import { addBankingDays } from "../../banking/banking-days.ts";
import type { CoreContext } from "../../shared/context.ts";
import { tokyoNow } from "../../shared/validation/tokyo-clock.ts";
import type { PayoutMethod } from "../balance/fees.ts";
import type { PayoutRow } from "./payout-states.ts";
import { walletOf } from "./wallet-link.ts";

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
export function usualTransferDate(now: Date): string | null {
  try {
    return addBankingDays(tokyoNow(now).date, 1);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Where a payout by this method would go now (the registered account or linked wallet), if anywhere. */
export async function destinationNow(
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

/** The bank details a payout was sent with, as its owner is shown them. */
export function copiedDestination(p: PayoutRow): PayoutDestinationView | null {
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
