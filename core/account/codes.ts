// The account's codes (spec §3).
import type { CodeOf, KeyedCodeEntry } from "../shared/codes.ts";
import { msg } from "../shared/i18n/translate.ts";

export const BANK_ACCOUNT_TYPES = [
  { code: "1", key: "ORDINARY", label: msg("codes.bankAccountType.1") },
  { code: "2", key: "CURRENT", label: msg("codes.bankAccountType.2") },
] as const satisfies readonly KeyedCodeEntry[];
export type BankAccountType = CodeOf<typeof BANK_ACCOUNT_TYPES>;
