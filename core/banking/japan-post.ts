// ゆうちょ銀行 accounts are known to their holders by 記号・番号 (e.g. 10180-12345671), a numbering
// of the postal savings system; other banks, and 全銀 files, address them as bank 9900 with a
// branch and a 7-digit account number derived from it by Japan Post's published rule.

const JAPAN_POST_BANK_CODE = "9900";

type JapanPostAccount = {
  bankCode: typeof JAPAN_POST_BANK_CODE;
  /** 3 digits: the 2nd–3rd digits of the 記号, then 8 (savings) or 9 (振替口座). */
  branchCode: string;
  /** "1" 普通 for 総合口座・通常貯金 (記号 1…), "2" 当座 for 振替口座 (記号 0…). */
  accountType: "1" | "2";
  /** 7 digits, zero-padded. */
  accountNumber: string;
};

/**
 * Why a 記号・番号 cannot be converted: the 記号 is not 5 digits starting with 0 or 1; the 番号 is
 * not up to 8 digits (up to 7 for a 振替口座) or is all zeros; or a savings 番号 does not end in
 * the 1 every such 番号 ends in (a typo, or the 番号 of another account).
 */
type JapanPostError = "invalid_symbol" | "invalid_number" | "number_must_end_in_1";

export type JapanPostResult = { ok: true; account: JapanPostAccount } | { ok: false; reason: JapanPostError };

/**
 * Converts a ゆうちょ 記号・番号 to the bank/branch/type/number a 全銀 transfer needs:
 * 記号 10180 番号 12345671 → 9900 / 018 / 普通 / 1234567; 記号 00120 番号 123456 → 9900 / 019 /
 * 当座 / 0123456. Full-width digits and surrounding spaces are accepted. A 通常貯蓄貯金 (also 記号 1…)
 * is a 貯蓄 account whose type the 記号・番号 does not show; it comes out as 普通.
 */
export function fromJapanPostAccount(symbol: string, number: string): JapanPostResult {
  const kigou = halfWidthDigits(symbol);
  const bangou = halfWidthDigits(number);
  if (!/^[01]\d{4}$/.test(kigou)) return { ok: false, reason: "invalid_symbol" };
  const branchDigits = kigou.slice(1, 3);
  if (kigou.startsWith("1")) {
    if (!/^\d{2,8}$/.test(bangou)) return { ok: false, reason: "invalid_number" };
    if (!bangou.endsWith("1")) return { ok: false, reason: "number_must_end_in_1" };
    return account(`${branchDigits}8`, "1", bangou.slice(0, -1));
  }
  // 振替口座: the 番号 is written after a check digit (00120-1-123456) that transfers do not use.
  if (!/^\d{1,7}$/.test(bangou)) return { ok: false, reason: "invalid_number" };
  return account(`${branchDigits}9`, "2", bangou);
}

function account(branchCode: string, accountType: "1" | "2", digits: string): JapanPostResult {
  const accountNumber = digits.padStart(7, "0");
  if (/^0+$/.test(accountNumber)) return { ok: false, reason: "invalid_number" };
  return { ok: true, account: { bankCode: JAPAN_POST_BANK_CODE, branchCode, accountType, accountNumber } };
}

function halfWidthDigits(value: string): string {
  return value.trim().replace(/[０-９]/gu, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}
