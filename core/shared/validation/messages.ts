import type { Locale, Localized } from "../locale.ts";

/**
 * Message templates per rule. Placeholders: `{field}` is the field's label, `{other}` the label of the
 * field it must match, and numeric parameters (`{min}`, `{max}`, `{length}`) are formatted per locale.
 */
export const MESSAGES = {
  default: { ja: "{field}が正しくありません", en: "{field} is not valid" },
  required: { ja: "{field}を入力してください", en: "{field} is required" },
  numeric: { ja: "{field}は数字で入力してください", en: "{field} may only contain digits" },
  minLength: {
    ja: "{field}は{min}文字以上で入力してください",
    en: "{field} must be at least {min} characters",
  },
  maxLength: {
    ja: "{field}は{max}文字以内で入力してください",
    en: "{field} must be at most {max} characters",
  },
  minValue: { ja: "{field}は{min}以上で入力してください", en: "{field} must be {min} or more" },
  maxValue: { ja: "{field}は{max}以下で入力してください", en: "{field} must be {max} or less" },
  confirmed: { ja: "{field}が{other}と一致しません", en: "{field} does not match {other}" },
  email: { ja: "メールアドレスの形式が正しくありません", en: "Enter a valid email address" },
  digits: { ja: "{field}は{length}桁の数字で入力してください", en: "{field} must be {length} digits" },
  imei: { ja: "IMEIを正しく入力してください", en: "Enter the IMEI correctly" },
  printSafeText: { ja: "使用できない文字が含まれています", en: "Contains characters that cannot be used" },
  katakana: { ja: "全角カタカナで入力してください", en: "Enter full-width katakana" },
  mobilePhoneNumber: { ja: "電話番号を正しく入力してください", en: "Enter the phone number correctly" },
  yamatoShukaDate: {
    ja: "本日の受付は終了しました。明日以降の日付を選択してください",
    en: "Today's reception has ended. Please choose tomorrow or later",
  },
  yamatoInvoiceKb: {
    ja: "ネコポスは集荷サービスの対象外です",
    en: "Nekoposu is not eligible for the pickup service",
  },
  bankHolderName: {
    ja: "全角カタカナ・英数字・括弧・全角スペースで入力してください",
    en: "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
  },
  postalDigits: { ja: "7桁の数字で入力してください", en: "Enter 7 digits" },
  phone: { ja: "10桁または11桁の数字で入力してください", en: "Enter 10 or 11 digits" },
  passwordStrength: {
    ja: "{field}には英字と数字をどちらも含めてください",
    en: "{field} must contain both letters and digits",
  },
  slug: {
    ja: "{field}は半角英小文字・数字・ハイフンで入力してください",
    en: "{field} may only contain lowercase letters, digits and hyphens",
  },
  bidRow: {
    ja: "金額を入力してからチェックしてください",
    en: "If money is not input, it can not be checked",
  },
} as const satisfies Record<string, Localized>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageValues = Readonly<Record<string, string | number>>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && Object.hasOwn(MESSAGES, value);
}

/** Fills a template; a placeholder without a value is left visible rather than silently blanked. */
export function formatMessage(key: MessageKey, locale: Locale, values: MessageValues = {}): string {
  const numbers = new Intl.NumberFormat(locale);
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return typeof value === "number" ? numbers.format(value) : value;
  });
}
