import { describe, expect, it } from "vitest";
import { renderMessage } from "../../shared/i18n/translate.ts";
import { type CardField, checkCard, formatExpiry, isExpired, parseExpiry } from "./card-input.ts";

// 2026-05-20 in Tokyo.
const NOW = new Date("2026-05-20T03:00:00Z");
const GOOD = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

function problems(typed: Partial<typeof GOOD>, locale: "ja" | "en" = "ja") {
  const { problems: found } = checkCard({ ...GOOD, ...typed }, NOW);
  return Object.fromEntries(
    Object.entries(found).map(([field, message]) => [field, renderMessage(message, locale)]),
  ) as Partial<Record<CardField, string>>;
}

describe("parseExpiry", () => {
  it.each([
    ["08/29", { month: 8, year: 2029 }],
    ["8/29", { month: 8, year: 2029 }],
    ["0829", { month: 8, year: 2029 }],
    ["08/2029", { month: 8, year: 2029 }],
    ["０８／２９", { month: 8, year: 2029 }],
    ["08 / 29", { month: 8, year: 2029 }],
    ["13/29", { month: 13, year: 2029 }],
  ])("reads %j as printed on cards", (typed, expected) => {
    expect(parseExpiry(typed)).toEqual(expected);
  });

  it.each(["", "2029", "8/2", "ab/cd", "08/29/01"])("cannot read %j", (typed) => {
    expect(parseExpiry(typed)).toBeNull();
  });

  it("shows what it read as MM/YY", () => {
    expect(formatExpiry("829")).toBe("829");
    expect(formatExpiry("0829")).toBe("08/29");
    expect(formatExpiry("8/2029")).toBe("08/29");
    expect(formatExpiry("13/29")).toBe("13/29");
  });
});

describe("checkCard", () => {
  it("accepts a good card and gives what the provider takes", () => {
    expect(checkCard(GOOD, NOW)).toEqual({
      problems: {},
      details: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
    });
    expect(
      checkCard({ ...GOOD, number: "４２４２－４２４２－４２４２－４２４２" }, NOW).details?.number,
    ).toBe("4242424242424242");
  });

  it("says the brand's length when a digit is missing, in both languages", () => {
    expect(problems({ number: "4242 4242 4242 424" })).toEqual({
      number: "Visaのカード番号は16桁です（入力は15桁）",
    });
    expect(problems({ number: "4242 4242 4242 424" }, "en")).toEqual({
      number: "A Visa card number has 16 digits (15 entered)",
    });
    // American Express has 15.
    expect(problems({ number: "3782 822463 10005", cvc: "1234" })).toEqual({});
  });

  it("tells a wrong check digit apart from a wrong length", () => {
    expect(problems({ number: "4242 4242 4242 4241" })).toEqual({
      number: "カード番号が正しくありません。カードに書かれた番号を確かめてください",
    });
    expect(problems({ number: "" }).number).toBe("カード番号を入力してください");
    expect(problems({ number: "4242 abcd" }).number).toBe("カード番号は数字で入力してください");
  });

  it("says what is wrong with the expiry: the format, the month, an expired card", () => {
    expect(problems({ expiry: "13/30" })).toEqual({ expiry: "有効期限の月は01〜12で入力してください" });
    expect(problems({ expiry: "04/26" })).toEqual({ expiry: "このカードは有効期限が切れています" });
    expect(problems({ expiry: "05/26" })).toEqual({});
    expect(problems({ expiry: "2030" })).toEqual({
      expiry: "有効期限はカードの表記どおり「月/年」で入力してください（例: 08/29）",
    });
    expect(problems({ expiry: "" })).toEqual({ expiry: "有効期限を入力してください" });
  });

  it("says how long the security code is, and where it is", () => {
    expect(problems({ cvc: "1" })).toEqual({ cvc: "セキュリティコードはカード裏面の3桁の数字です" });
    expect(problems({ cvc: "1" }, "en")).toEqual({
      cvc: "The security code is the 3-digit number on the back of the card",
    });
    expect(problems({ number: "3782 822463 10005", cvc: "123" })).toEqual({
      cvc: "セキュリティコードはカード表面の4桁の数字です",
    });
    expect(problems({ cvc: "" })).toEqual({ cvc: "セキュリティコードを入力してください" });
  });

  it("tells every field's problem at once", () => {
    expect(Object.keys(problems({ number: "4242", expiry: "13/30", cvc: "1" }))).toEqual([
      "number",
      "expiry",
      "cvc",
    ]);
  });
});

describe("isExpired", () => {
  it("keeps a card good to the end of its month, in Tokyo", () => {
    // 2026-04-30 16:00 UTC is already May in Tokyo.
    expect(isExpired({ month: 4, year: 2026 }, new Date("2026-04-30T16:00:00Z"))).toBe(true);
    expect(isExpired({ month: 4, year: 2026 }, new Date("2026-04-30T14:00:00Z"))).toBe(false);
  });
});
