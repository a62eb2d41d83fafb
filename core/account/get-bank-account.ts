import { eq } from "drizzle-orm";
import { bankAccounts } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { BankAccountType } from "./codes.ts";

/** A payout account as shown back to its owner: the account number is never shown in full. */
export type BankAccount = {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: BankAccountType;
  /** "****567": only the last 3 digits, enough to recognise the account. */
  accountNumberMasked: string;
  holderName: string;
  updatedAt: Date;
};

export function maskAccountNumber(accountNumber: string): string {
  return `${"*".repeat(Math.max(0, accountNumber.length - 3))}${accountNumber.slice(-3)}`;
}

export function toBankAccount(row: typeof bankAccounts.$inferSelect): BankAccount {
  return {
    bankCode: row.bankCode,
    bankName: row.bankName,
    branchCode: row.branchCode,
    branchName: row.branchName,
    accountType: row.accountType,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    updatedAt: row.updatedAt,
  };
}

/** The member's payout account, or null when none was saved yet. */
export async function getBankAccount(
  ctx: Pick<CoreContext, "db">,
  userId: number,
): Promise<BankAccount | null> {
  const [row] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row ? toBankAccount(row) : null;
}
