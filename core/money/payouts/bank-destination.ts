import { eq } from "drizzle-orm";
import { bankAccounts } from "#db/schema/index.ts";
import { findBank, findBranch, ZENGIN_DATA_VERSION } from "../../banking/bank-directory.ts";
import { toZenginKana, ZenginCharacterError } from "../../banking/kana.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";

/**
 * Where a bank payout goes, copied from the member's registered account as the 全銀 file needs it:
 * codes, names and their Zengin kana, and the holder name in Zengin kana. Refused (CONFLICT) when
 * no account is registered, when its bank or branch is not in the Zengin data, or when the holder
 * name has a character banks cannot take.
 */
export async function bankDestination(
  ctx: Pick<CoreContext, "db">,
  userId: number,
): Promise<Record<string, string>> {
  const [account] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  if (!account) throw new AppError("CONFLICT", { message: msg("balance.errors.needsBankAccount") });
  const bank = findBank(account.bankCode);
  const branch = bank ? findBranch(account.bankCode, account.branchCode) : null;
  if (!bank || !branch) throw new AppError("CONFLICT", { message: msg("balance.errors.unknownBank") });
  let holderKana: string;
  try {
    holderKana = toZenginKana(account.holderName);
  } catch (error) {
    if (!(error instanceof ZenginCharacterError)) throw error;
    throw new AppError("CONFLICT", { message: msg("balance.errors.holderName") });
  }
  return {
    bankCode: account.bankCode,
    bankName: account.bankName,
    bankKana: bank.kana,
    branchCode: account.branchCode,
    branchName: account.branchName,
    branchKana: branch.kana,
    accountType: account.accountType,
    accountNumber: account.accountNumber,
    holderName: account.holderName,
    holderKana,
    zenginVersion: ZENGIN_DATA_VERSION,
  };
}
