import { eq } from "drizzle-orm";
import { z } from "zod";
import { bankAccounts } from "#db/schema/index.ts";
import { findBank, findBranch, ZENGIN_DATA_VERSION, type ZenginEntry } from "../banking/bank-directory.ts";
import { fromJapanPostAccount } from "../banking/japan-post.ts";
import { toZenginKana, ZenginCharacterError } from "../banking/kana.ts";
import { payoutDestinationChanged } from "../identity/payout-destination-change.ts";
import { codesOf } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { digits, localizeIssues, required } from "../shared/validation/index.ts";
import { bankDisplayName, branchDisplayName, JAPAN_POST_BANK_CODE } from "./bank-search.ts";
import { BANK_ACCOUNT_TYPES } from "./codes.ts";
import { ACCOUNT_FIELD_LABELS, codeField, digitsField, ZHolderName } from "./fields.ts";
import { type BankAccount, maskAccountNumber, toBankAccount } from "./get-bank-account.ts";

const LABELS = {
  ...ACCOUNT_FIELD_LABELS,
  japanPostSymbol: msg("bank.fields.japanPostSymbol"),
  japanPostNumber: msg("bank.fields.japanPostNumber"),
};

/** An account at any bank but by ゆうちょ's 記号・番号: codes checked against the Zengin directory. */
const ZZenginAccount = z.object({
  bankCode: digitsField(required(), digits(4)),
  branchCode: digitsField(required(), digits(3)),
  accountType: codeField(codesOf(BANK_ACCOUNT_TYPES)),
  accountNumber: digitsField(required(), digits(7)),
  holderName: ZHolderName,
});

/** A ゆうちょ銀行 account by the 記号・番号 on its passbook. */
const ZJapanPostAccount = z.object({
  japanPostSymbol: digitsField(required()),
  japanPostNumber: digitsField(required()),
  holderName: ZHolderName,
});

const ignored = z.string().nullish();

/**
 * What the doors pass in. Either the Zengin form (bank code, branch code, type, 7-digit number) or,
 * for ゆうちょ銀行, `japanPostSymbol` and `japanPostNumber` (記号 5 digits, 番号 up to 8): when
 * either of these two is given, the account is read from them and the Zengin fields are ignored.
 * The bank's and branch's names always come from the Zengin directory; names sent are ignored.
 */
export const ZBankAccount = z.object({
  bankCode: digitsField(digits(4)),
  bankName: ignored.describe("Ignored: filled from the Zengin bank directory"),
  branchCode: digitsField(digits(3)),
  branchName: ignored.describe("Ignored: filled from the Zengin bank directory"),
  accountType: ignored.describe("1 ordinary, 2 current"),
  accountNumber: digitsField(digits(7)),
  holderName: ignored.describe("Full-width katakana as on the passbook; half-width kana is converted"),
  japanPostSymbol: ignored.describe("Japan Post Bank 記号 (5 digits), instead of branch and account"),
  japanPostNumber: ignored.describe("Japan Post Bank 番号 (up to 8 digits), with japan_post_symbol"),
});
export type TBankAccountInput = z.input<typeof ZBankAccount>;

type Fields = Record<string, Message>;

function validate<S extends z.ZodType>(schema: S, input: unknown, fields: Fields): z.output<S> | undefined {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  Object.assign(fields, localizeIssues(result.error, LABELS));
  return undefined;
}

/** The holder name in 全銀 kana, or a message naming the character banks cannot take. */
function checkZenginHolder(holder: string, fields: Fields): void {
  try {
    toZenginKana(holder);
  } catch (error) {
    if (!(error instanceof ZenginCharacterError)) throw error;
    fields.holderName = msg("bank.errors.holderCharacter", { character: error.character });
  }
}

type Resolved = {
  bank: ZenginEntry;
  branch: ZenginEntry;
  accountType: "1" | "2";
  accountNumber: string;
  holderName: string;
};

function resolveZengin(input: TBankAccountInput, fields: Fields): Resolved | undefined {
  const parsed = validate(ZZenginAccount, input, fields);
  // The codes are looked up even when another field is wrong, so every message comes at once.
  const bankCode = ZZenginAccount.shape.bankCode.safeParse(input.bankCode);
  const bank = bankCode.success ? findBank(bankCode.data) : null;
  if (bankCode.success && !bank) fields.bankCode = msg("bank.errors.unknownBank");
  const branchCode = ZZenginAccount.shape.branchCode.safeParse(input.branchCode);
  const branch = bank && branchCode.success ? findBranch(bank.code, branchCode.data) : null;
  if (bank && branchCode.success && !branch) {
    fields.branchCode = msg("bank.errors.unknownBranch", { bank: bankDisplayName(bank) });
  }
  if (parsed) checkZenginHolder(parsed.holderName, fields);
  if (!parsed || !bank || !branch || Object.keys(fields).length > 0) return undefined;
  return { ...parsed, accountType: parsed.accountType as "1" | "2", bank, branch };
}

const JAPAN_POST_ERRORS = {
  invalid_symbol: ["japanPostSymbol", "bank.errors.japanPostSymbol"],
  invalid_number: ["japanPostNumber", "bank.errors.japanPostNumber"],
  number_must_end_in_1: ["japanPostNumber", "bank.errors.japanPostNumberEnd"],
} as const;

function resolveJapanPost(input: TBankAccountInput, fields: Fields): Resolved | undefined {
  const parsed = validate(ZJapanPostAccount, input, fields);
  if (parsed) checkZenginHolder(parsed.holderName, fields);
  const symbol = ZJapanPostAccount.shape.japanPostSymbol.safeParse(input.japanPostSymbol);
  const number = ZJapanPostAccount.shape.japanPostNumber.safeParse(input.japanPostNumber);
  if (!symbol.success || !number.success) return undefined;
  const converted = fromJapanPostAccount(symbol.data, number.data);
  if (!converted.ok) {
    const [field, key] = JAPAN_POST_ERRORS[converted.reason];
    fields[field] = msg(key);
    return undefined;
  }
  const { account } = converted;
  const bank = findBank(JAPAN_POST_BANK_CODE);
  const branch = findBranch(JAPAN_POST_BANK_CODE, account.branchCode);
  if (!bank || !branch) {
    fields.japanPostSymbol = msg("bank.errors.japanPostUnknownSymbol");
    return undefined;
  }
  if (!parsed || Object.keys(fields).length > 0) return undefined;
  return {
    bank,
    branch,
    accountType: account.accountType,
    accountNumber: account.accountNumber,
    holderName: parsed.holderName,
  };
}

/**
 * Saves where the member's sales proceeds are paid out (one account each), creating or replacing it.
 * The bank and branch must be in the Zengin directory: their names and kana are taken from it, with
 * the directory's version, never from what was typed. A ゆうちょ銀行 account may be given by its
 * 記号・番号 and is stored in the Zengin form. The holder name follows §5 bank_holder_name and must
 * have a 全銀 form. The saved account number is never shown again in full, so leaving it blank
 * keeps the current one.
 */
export async function saveBankAccount(
  ctx: CoreContext,
  o: { userId: number; input: TBankAccountInput },
): Promise<BankAccount> {
  const input = o.input ?? {};
  const japanPost = input.japanPostSymbol != null || input.japanPostNumber != null;
  let zengin = input;
  if (!japanPost && (typeof input.accountNumber !== "string" || input.accountNumber.trim() === "")) {
    const [current] = await ctx.db
      .select({ accountNumber: bankAccounts.accountNumber })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, o.userId))
      .limit(1);
    if (current) zengin = { ...input, accountNumber: current.accountNumber };
  }
  const fields: Fields = {};
  const resolved = japanPost ? resolveJapanPost(input, fields) : resolveZengin(zengin, fields);
  if (!resolved) throw new AppError("VALIDATION", { fields });
  const { bank, branch } = resolved;
  const values = {
    bankCode: bank.code,
    bankName: bankDisplayName(bank),
    bankKana: bank.kana,
    branchCode: branch.code,
    branchName: branchDisplayName(branch),
    branchKana: branch.kana,
    accountType: resolved.accountType,
    accountNumber: resolved.accountNumber,
    holderName: resolved.holderName,
    zenginVersion: ZENGIN_DATA_VERSION,
  };
  const now = ctx.clock.now();
  const [before] = await ctx.db
    .select({
      bankCode: bankAccounts.bankCode,
      branchCode: bankAccounts.branchCode,
      accountNumber: bankAccounts.accountNumber,
      heldUntil: bankAccounts.heldUntil,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, o.userId));
  const moved =
    !before ||
    before.bankCode !== values.bankCode ||
    before.branchCode !== values.branchCode ||
    before.accountNumber !== values.accountNumber;
  // A new account, replacing another, waits 24 hours before money leaves for it; the member is told.
  const heldUntil = moved
    ? await payoutDestinationChanged(ctx, {
        userId: o.userId,
        replaced: before !== undefined,
        what: `${values.bankName} ${values.branchName} ${maskAccountNumber(values.accountNumber)}`,
      })
    : (before?.heldUntil ?? null);
  const [row] = await ctx.db
    .insert(bankAccounts)
    .values({ userId: o.userId, ...values, heldUntil, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: bankAccounts.userId, set: { ...values, heldUntil, updatedAt: now } })
    .returning();
  return toBankAccount(row!);
}
