import { z } from "zod";
import { codesOf, PREFECTURES } from "../shared/codes.ts";
import type { Localized } from "../shared/locale.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { type Rule, report } from "../shared/validation/issues.ts";
import { required } from "../shared/validation/rules.ts";

/** Field names as people read them, for messages such as 「郵便番号を入力してください」. */
export const ACCOUNT_FIELD_LABELS: Record<string, Localized> = {
  familyName: { ja: "姓", en: "Family name" },
  givenName: { ja: "名", en: "Given name" },
  familyNameKana: { ja: "セイ", en: "Family name (katakana)" },
  givenNameKana: { ja: "メイ", en: "Given name (katakana)" },
  postalCode: { ja: "郵便番号", en: "Postal code" },
  prefectureCode: { ja: "都道府県", en: "Prefecture" },
  city: { ja: "市区町村", en: "City" },
  street: { ja: "町域・番地", en: "Town and block number" },
  building: { ja: "建物名・部屋番号", en: "Building and room" },
  phone: { ja: "電話番号", en: "Phone number" },
  bankCode: { ja: "金融機関コード", en: "Bank code" },
  bankName: { ja: "金融機関名", en: "Bank name" },
  branchCode: { ja: "支店コード", en: "Branch code" },
  branchName: { ja: "支店名", en: "Branch name" },
  accountType: { ja: "口座種別", en: "Account type" },
  accountNumber: { ja: "口座番号", en: "Account number" },
  holderName: { ja: "口座名義（カナ）", en: "Account holder (katakana)" },
  phoneNumber: { ja: "携帯電話番号", en: "Mobile phone number" },
  code: { ja: "確認コード", en: "Code" },
  idFront: { ja: "本人確認書類（表面）", en: "ID document (front)" },
  selfie: { ja: "顔写真", en: "Selfie" },
};

/**
 * A field of digits people type with hyphens and spaces (「123-4567」「０９０－１２３４－５６７８」):
 * full-width digits and dashes become ASCII and separators are dropped before the rules run, so the
 * output is digits only, the form every other part of the product compares and stores.
 */
export function digitsField(...rules: Rule<string>[]) {
  return z
    .string()
    .nullish()
    .transform((value) => toHalfWidthDigits((value ?? "").trim()).replace(/[-\s\u3000]/g, ""))
    .pipe(z.string().check(...rules));
}

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
    .pipe(z.string().check(required(), oneOf(codes)));
}

export const ZPrefectureCode = codeField(codesOf(PREFECTURES));

/** "09012345678" → "090-1234-5678", as people read a mobile number. */
export function formatPhoneNumber(digits: string): string {
  const m = /^(0\d0)(\d{4})(\d{4})$/.exec(digits);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : digits;
}
