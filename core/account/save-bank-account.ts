import { eq } from "drizzle-orm";
import { z } from "zod";
import { bankAccounts } from "#db/schema/index.ts";
import { BANK_ACCOUNT_TYPES, codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import {
  bankHolderName,
  digits,
  maxLength,
  printSafeText,
  required,
  text,
} from "../shared/validation/index.ts";
import { ACCOUNT_FIELD_LABELS, codeField, digitsField } from "./fields.ts";
import { type BankAccount, toBankAccount } from "./get-bank-account.ts";

/**
 * The holder name is compared by the bank with its own records in full-width katakana; an ASCII
 * space typed between family and given name can only mean the full-width space banks use.
 */
const holderName = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").trim().replace(/ +/g, "\u3000"))
  .pipe(z.string().check(required(), maxLength(30), bankHolderName()));

export const ZBankAccount = z.object({
  bankCode: digitsField(required(), digits(4)),
  bankName: text(required(), maxLength(30), printSafeText()),
  branchCode: digitsField(required(), digits(3)),
  branchName: text(required(), maxLength(30), printSafeText()),
  accountType: codeField(codesOf(BANK_ACCOUNT_TYPES)),
  accountNumber: digitsField(required(), digits(7)),
  holderName,
});
export type TBankAccountInput = z.input<typeof ZBankAccount>;

/**
 * Saves where the member's sales proceeds are paid out (one account each), creating or replacing it.
 * The saved account number is never shown again in full, so leaving it blank keeps the current one.
 */
export async function saveBankAccount(
  ctx: CoreContext,
  o: { userId: number; input: TBankAccountInput },
): Promise<BankAccount> {
  let input = o.input;
  if (typeof input.accountNumber !== "string" || input.accountNumber.trim() === "") {
    const [current] = await ctx.db
      .select({ accountNumber: bankAccounts.accountNumber })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, o.userId))
      .limit(1);
    if (current) input = { ...input, accountNumber: current.accountNumber };
  }
  const parsed = parseInput(ZBankAccount, input, ACCOUNT_FIELD_LABELS);
  const values = { ...parsed, accountType: parsed.accountType as "1" | "2" };
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(bankAccounts)
    .values({ userId: o.userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: bankAccounts.userId, set: { ...values, updatedAt: now } })
    .returning();
  return toBankAccount(row!);
}
