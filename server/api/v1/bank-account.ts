import { z } from "zod";
import { changeBankAccount } from "#core/account/change-bank-account.ts";
import { BANK_ACCOUNT_TYPES } from "#core/account/codes.ts";
import { ACCOUNT_FIELD_LABELS, digitsField } from "#core/account/fields.ts";
import { type BankAccount, getBankAccount } from "#core/account/get-bank-account.ts";
import { ZBankAccount } from "#core/account/save-bank-account.ts";
import { codesOf } from "#core/shared/codes.ts";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { digits } from "#core/shared/validation/index.ts";
import { defineRoute } from "../define.ts";

const ZBankAccountResponse = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  accountType: z.enum(codesOf(BANK_ACCOUNT_TYPES)),
  accountNumberMasked: z.string().describe("Only the last 3 digits are shown, e.g. ****567"),
  holderName: z.string(),
  updatedAt: z.iso.datetime(),
});

const NO_ACCOUNT = msg("account.errors.noBankAccount");

function accountJson(account: BankAccount) {
  return { ...account, updatedAt: account.updatedAt.toISOString() };
}

export const bankAccountRoutes = [
  defineRoute({
    method: "get",
    path: "/me/bank-account",
    summary: "The member's payout bank account (account number masked)",
    tag: "settings",
    auth: "user",
    responses: {
      200: { description: "The account", schema: ZBankAccountResponse },
      404: { description: "No account saved yet" },
    },
    async handler({ ctx, actor }) {
      const account = await getBankAccount(ctx, actor!.id);
      if (!account) throw new AppError("NOT_FOUND", { message: NO_ACCOUNT });
      return { status: 200, body: accountJson(account), headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "put",
    path: "/me/bank-account",
    summary: "Save the payout bank account; leave account_number out to keep the saved one",
    tag: "settings",
    auth: "user",
    body: ZBankAccount.extend({
      accountNumber: digitsField(digits(7)),
      currentPassword: z
        .string()
        .max(200)
        .optional()
        .describe("The member's password; needed when the token or session is more than 10 minutes old"),
    }),
    labels: { ...ACCOUNT_FIELD_LABELS, currentPassword: msg("bank.currentPassword") },
    responses: {
      200: { description: "Saved", schema: ZBankAccountResponse },
      403: { description: "The member has no password: sign in again first" },
      422: { description: "A field is wrong, or the password is needed (`current_password`)" },
    },
    async handler({ ctx, actor, body }) {
      const { currentPassword, ...input } = body;
      const account = await changeBankAccount(ctx, { actor: actor!, currentPassword, input });
      return { status: 200, body: accountJson(account) };
    },
  }),
];
