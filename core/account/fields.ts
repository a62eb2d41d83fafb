import { z } from "zod";
import { codesOf, PREFECTURES } from "../shared/codes.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { digitsField } from "../shared/validation/digits-field.ts";
import { bankHolderName, digits, maxLength, required } from "../shared/validation/index.ts";
import { type Rule, report } from "../shared/validation/issues.ts";
import { selected } from "../shared/validation/rules.ts";

/** Field names as people read them, for messages such as 「郵便番号を入力してください」. */
export const ACCOUNT_FIELD_LABELS: Record<string, Message> = {
  familyName: msg("account.fields.familyName"),
  givenName: msg("account.fields.givenName"),
  familyNameKana: msg("account.fields.familyNameKana"),
  givenNameKana: msg("account.fields.givenNameKana"),
  postalCode: msg("account.fields.postalCode"),
  prefectureCode: msg("account.fields.prefectureCode"),
  city: msg("account.fields.city"),
  street: msg("account.fields.street"),
  building: msg("account.fields.building"),
  phone: msg("account.fields.phone"),
  bankCode: msg("account.fields.bankCode"),
  bankName: msg("account.fields.bankName"),
  branchCode: msg("account.fields.branchCode"),
  branchName: msg("account.fields.branchName"),
  accountType: msg("account.fields.accountType"),
  accountNumber: msg("account.fields.accountNumber"),
  holderName: msg("account.fields.holderName"),
  phoneNumber: msg("account.fields.phoneNumber"),
  code: msg("account.fields.code"),
  idFront: msg("account.fields.idFront"),
  selfie: msg("account.fields.selfie"),
};

/** One of a code table's codes; anything else gets the default "is not valid" message. */
function oneOf(codes: readonly string[]): Rule<string> {
  return (payload) => {
    if (payload.value !== "" && !codes.includes(payload.value)) report(payload, "default");
  };
}

/** A select whose value must be one of the codes. */
export function codeField(codes: readonly string[]) {
  return z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().check(selected(), oneOf(codes)));
}

// Bank forms still read the digits field from here.
export { digitsField };

export const ZPrefectureCode = codeField(codesOf(PREFECTURES));

/**
 * The holder name as the member knows it and §5 bank_holder_name allows it: full-width katakana,
 * letters and digits, （）・ー and the full-width space. What members type or paste from a bank app
 * is brought to that form rather than refused (see `toBankHolderName`): hiragana and half-width kana
 * to full-width katakana (ﾔﾏﾀﾞ, やまだ → ヤマダ), letters to full-width capitals, any run of spaces to
 * one full-width space. Kanji stay as typed, so the rule refuses them with its message. The 全銀 form
 * a transfer needs (ﾔﾏﾀﾞ ﾊﾅｺ) is derived from this one by `toZenginKana` when a payout is made.
 */
export const ZHolderName = z
  .string()
  .nullish()
  .transform((value) => (value ?? "").replace(/^[\s\u3000]+|[\s\u3000]+$/gu, ""))
  .pipe(z.string().check(required(), bankHolderName(), maxLength(30)));

/** What the payout account form checks as it is typed (the bank and branch are checked on saving). */
export const ZBankAccountTyped = z.object({
  accountNumber: digitsField(digits(7)),
  holderName: ZHolderName,
});
