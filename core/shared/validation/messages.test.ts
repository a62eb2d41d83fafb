import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/catalogue.ts";
import { LOCALES } from "../locale.ts";
import { formatMessage, isRuleMessageKey, placeholdersOf, type RuleMessageKey } from "./messages.ts";

const RULES = MESSAGES.ja.validation;
const placeholders = (template: string) => placeholdersOf(template).sort();

describe("the validation messages", () => {
  it.each(Object.keys(RULES) as RuleMessageKey[])(
    "%s has both languages with the same placeholders",
    (key) => {
      const ja = MESSAGES.ja.validation[key];
      const en = MESSAGES.en.validation[key];
      expect(ja.trim()).not.toBe("");
      expect(en.trim()).not.toBe("");
      expect(ja).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
      expect(placeholders(ja)).toEqual(placeholders(en));
    },
  );

  it("keeps the spec's exact texts", () => {
    expect(MESSAGES.en.validation.default).toBe("{field} is not valid");
    expect(MESSAGES.ja.validation.imei).toBe("IMEIを正しく入力してください");
    expect(MESSAGES.en.validation.printSafeText).toBe("Contains characters that cannot be used");
    expect(MESSAGES.ja.validation.printSafeText).toBe("使用できない文字が含まれています");
    expect(MESSAGES.en.validation.katakana).toBe("Enter full-width katakana");
    expect(MESSAGES.en.validation.mobilePhoneNumber).toBe("Enter the phone number correctly");
    expect(MESSAGES.en.validation.yamatoShukaDate).toBe(
      "Today's reception has ended. Please choose tomorrow or later",
    );
    expect(MESSAGES.en.validation.yamatoInvoiceKb).toBe("Nekoposu is not eligible for the pickup service");
    expect(MESSAGES.en.validation.bankHolderName).toBe(
      "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
    );
    expect(MESSAGES.en.validation.postalDigits).toBe("Enter 7 digits");
    expect(MESSAGES.en.validation.phone).toBe("Enter 10 or 11 digits");
    expect(MESSAGES.en.validation.bidRow).toBe("If money is not input, it can not be checked");
    expect(MESSAGES.ja.validation.bidRow).toBe("金額を入力してからチェックしてください");
  });

  it("write out the spec's exact texts", () => {
    expect(formatMessage("default", "en", { field: "Name" })).toBe("Name is not valid");
    expect(formatMessage("yamatoShukaDate", "en")).toBe(
      "Today's reception has ended. Please choose tomorrow or later",
    );
    expect(formatMessage("yamatoShukaDate", "ja")).toBe(
      "本日の受付は終了しました。明日以降の日付を選択してください",
    );
  });
});

describe("formatMessage", () => {
  it("fills placeholders in the requested language", () => {
    expect(formatMessage("required", "ja", { field: "氏名" })).toBe("氏名を入力してください");
    expect(formatMessage("required", "en", { field: "Name" })).toBe("Name is required");
  });

  it("formats numbers with digit grouping in both languages", () => {
    for (const locale of LOCALES) {
      expect(formatMessage("maxValue", locale, { field: "x", max: 9_999_999 })).toContain("9,999,999");
    }
    expect(formatMessage("minValue", "ja", { field: "価格", min: 1000 })).toBe(
      "価格は1,000以上で入力してください",
    );
  });

  it("leaves a placeholder without a value visible", () => {
    expect(formatMessage("default", "en")).toBe("{field} is not valid");
  });
});

describe("isRuleMessageKey", () => {
  it("knows only the message keys", () => {
    expect(isRuleMessageKey("imei")).toBe(true);
    expect(isRuleMessageKey("toString")).toBe(false);
    expect(isRuleMessageKey("nope")).toBe(false);
    expect(isRuleMessageKey(1)).toBe(false);
  });
});
