import { findBank, searchBanks, searchBranches, type ZenginEntry } from "../banking/bank-directory.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

export const JAPAN_POST_BANK_CODE = "9900";

/**
 * Quick picks on the payout account form: the banks most members hold an account at (the three
 * megabanks, ゆうちょ, りそな and the largest online banks), in the order they are shown.
 */
const POPULAR_BANK_CODES = [
  "0005", // 三菱UFJ
  "0009", // 三井住友
  "0001", // みずほ
  "9900", // ゆうちょ
  "0036", // 楽天
  "0033", // PayPay
  "0010", // りそな
  "0038", // 住信SBIネット (ドコモSMTBネット)
] as const;

/** A bank or branch as the form shows it: the code, a name people recognise and its reading. */
export type BankChoice = { code: string; name: string; reading: string };

// The directory writes banks' names without "銀行" (みずほ, 三菱ＵＦＪ); credit unions, 農協 and
// the like carry their kind (北海道信金) and have codes from 1000 up. Foreign banks and the odd
// payment company below 1000 already say what they are.
const NOT_CALLED_BANK = /バンク|エヌ・エイ|エイ・ジー|エヌ・ヴィ|リミテッド|ペイメンツ|銀行$/u;

/**
 * The name a member knows a bank by: "みずほ銀行", "三菱UFJ銀行", "PayPay銀行", "ゆうちょ銀行",
 * "北海道信金". Full-width letters and digits of the directory become ASCII.
 */
export function bankDisplayName(entry: Pick<ZenginEntry, "code" | "name">): string {
  const name = entry.name.normalize("NFKC").trim();
  const isBank = Number(entry.code) < 1000 || entry.code === JAPAN_POST_BANK_CODE;
  return isBank && !NOT_CALLED_BANK.test(name) ? `${name}銀行` : name;
}

/** A branch's name as the directory writes it ("東京営業部", "ジャズ", "〇一八"), letters in ASCII. */
export function branchDisplayName(entry: Pick<ZenginEntry, "name">): string {
  return entry.name.normalize("NFKC").trim();
}

const MAX_QUERY = 50;
/** At most this many suggestions: enough to find one by a few characters, small to send. */
const SUGGESTIONS = 20;

/**
 * What a member typed into a search box, refused (BAD_REQUEST) when it cannot be a bank's name:
 * longer than 50 characters, or with control characters (but tabs and line breaks, read as spaces)
 * or the replacement character a broken encoding leaves behind.
 */
function checkQuery(query: string): string {
  // Tabs and line breaks pasted with a name are spaces; spaces do not count in a search.
  const trimmed = query.replace(/[\t\n\r]/gu, " ").trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if ([...trimmed].length > MAX_QUERY || /[\u0000-\u001f\u007f\ufffd]/u.test(trimmed)) {
    throw new AppError("BAD_REQUEST", { message: msg("bank.errors.badQuery") });
  }
  return trimmed;
}

function toChoice(entry: ZenginEntry, name: string): BankChoice {
  return { code: entry.code, name, reading: entry.hira };
}

/**
 * Banks for the form's suggestions: by code prefix, or part of the name in kanji, katakana,
 * hiragana or romaji (see `searchBanks`); at most 20. An empty query finds nothing.
 */
export function suggestBanks(query: string): BankChoice[] {
  return searchBanks(checkQuery(query), SUGGESTIONS).map((bank) => toChoice(bank, bankDisplayName(bank)));
}

/** Branches of one bank for the form's suggestions, at most 20; BAD_REQUEST for a malformed bank code. */
export function suggestBranches(bankCode: string, query: string): BankChoice[] {
  if (!/^\d{4}$/.test(bankCode)) {
    throw new AppError("BAD_REQUEST", { message: msg("bank.errors.badBankCode") });
  }
  return searchBranches(bankCode, checkQuery(query), SUGGESTIONS).map((branch) =>
    toChoice(branch, branchDisplayName(branch)),
  );
}

/** The bank with this code as the form shows it, or null when the directory has none. */
export function bankChoice(code: string): BankChoice | null {
  const bank = findBank(code);
  return bank ? toChoice(bank, bankDisplayName(bank)) : null;
}

/** The quick picks, with their names. */
export function popularBanks(): BankChoice[] {
  return POPULAR_BANK_CODES.flatMap((code) => bankChoice(code) ?? []);
}
