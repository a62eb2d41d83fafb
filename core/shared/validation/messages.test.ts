import { describe, expect, it } from "vitest";
import { LOCALES } from "../locale.ts";
import { formatMessage, isMessageKey, MESSAGES, type MessageKey } from "./messages.ts";

const placeholders = (template: string) =>
  [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("MESSAGES", () => {
  it.each(Object.keys(MESSAGES) as MessageKey[])(
    "%s has both languages with the same placeholders",
    (key) => {
      const { ja, en } = MESSAGES[key];
      expect(ja.trim()).not.toBe("");
      expect(en.trim()).not.toBe("");
      expect(ja).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
      expect(placeholders(ja)).toEqual(placeholders(en));
    },
  );

  it("keeps the spec's exact texts", () => {
    expect(MESSAGES.default.en).toBe("{field} is not valid");
    expect(MESSAGES.imei.ja).toBe("IMEIを正しく入力してください");
    expect(MESSAGES.printSafeText.en).toBe("Contains characters that cannot be used");
    expect(MESSAGES.printSafeText.ja).toBe("使用できない文字が含まれています");
    expect(MESSAGES.katakana.en).toBe("Enter full-width katakana");
    expect(MESSAGES.mobilePhoneNumber.en).toBe("Enter the phone number correctly");
    expect(MESSAGES.yamatoShukaDate.en).toBe("Today's reception has ended. Please choose tomorrow or later");
    expect(MESSAGES.yamatoInvoiceKb.en).toBe("Nekoposu is not eligible for the pickup service");
    expect(MESSAGES.bankHolderName.en).toBe(
      "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
    );
    expect(MESSAGES.postalDigits.en).toBe("Enter 7 digits");
    expect(MESSAGES.phone.en).toBe("Enter 10 or 11 digits");
    expect(MESSAGES.bidRow.en).toBe("If money is not input, it can not be checked");
    expect(MESSAGES.bidRow.ja).toBe("金額を入力してからチェックしてください");
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

describe("isMessageKey", () => {
  it("knows only the message keys", () => {
    expect(isMessageKey("imei")).toBe(true);
    expect(isMessageKey("toString")).toBe(false);
    expect(isMessageKey("nope")).toBe(false);
    expect(isMessageKey(1)).toBe(false);
  });
});
