import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatIssues } from "./format.ts";
import {
  bankHolderName,
  digits,
  email,
  imei,
  katakana,
  maxLength,
  maxValue,
  minLength,
  minValue,
  mobilePhoneNumber,
  numeric,
  passwordStrength,
  phone,
  postalDigits,
  printSafeText,
  required,
  text,
  yamatoShukaDate,
} from "./rules.ts";

/** A text as the test expects it in each language. */
type InBoth = { readonly ja: string; readonly en: string };

const LABEL: InBoth = { ja: "項目", en: "Field" };

/** The message shown for one field holding `value`, in both languages; undefined when it is valid. */
function errorOf(schema: z.ZodType, value: unknown, label: InBoth = LABEL): InBoth | undefined {
  const result = z.object({ value: schema }).safeParse({ value }, { reportInput: true });
  if (result.success) return undefined;
  return {
    ja: formatIssues(result.error, "ja", { value: label.ja }).value as string,
    en: formatIssues(result.error, "en", { value: label.en }).value as string,
  };
}

function outputOf(schema: z.ZodType, value: unknown): unknown {
  return z.object({ value: schema }).parse({ value }).value;
}

describe("text", () => {
  it("trims half- and full-width spaces and turns a missing value into an empty string", () => {
    expect(outputOf(text(), "  abc \n")).toBe("abc");
    expect(outputOf(text(), "　ヤマダ　タロウ　")).toBe("ヤマダ　タロウ");
    expect(outputOf(text(), undefined)).toBe("");
    expect(outputOf(text(), null)).toBe("");
  });

  it("rejects a value that is not text", () => {
    expect(errorOf(text(), 12)).toEqual({ ja: "項目が正しくありません", en: "Field is not valid" });
  });
});

describe("required", () => {
  it.each(["a", " a ", "0"])("accepts %j", (value) => {
    expect(errorOf(text(required()), value)).toBeUndefined();
  });

  it.each(["", "   ", "　", "\n", null, undefined])("rejects %j", (value) => {
    expect(errorOf(text(required()), value, { ja: "氏名", en: "Name" })).toEqual({
      ja: "氏名を入力してください",
      en: "Name is required",
    });
  });

  it("treats an unticked checkbox and an empty selection as missing", () => {
    expect(errorOf(z.boolean().check(required()), false)).toEqual({
      ja: "項目を入力してください",
      en: "Field is required",
    });
    expect(errorOf(z.boolean().check(required()), true)).toBeUndefined();
    expect(errorOf(z.array(z.string()).check(required()), [])).toBeDefined();
    expect(errorOf(z.array(z.string()).check(required()), ["05"])).toBeUndefined();
  });

  it("is the only rule that fails on an empty value", () => {
    const everything = text(
      numeric(),
      minLength(3),
      minValue(50),
      email(),
      digits(4),
      imei(),
      katakana(),
      mobilePhoneNumber(),
      bankHolderName(),
      postalDigits(),
      phone(),
      printSafeText(),
      yamatoShukaDate({ now: new Date("2025-07-01T00:00:00Z") }),
    );
    expect(errorOf(everything, "")).toBeUndefined();
    expect(errorOf(everything, undefined)).toBeUndefined();
  });
});

describe("numeric", () => {
  it.each(["0", "123", "0012"])("accepts %j", (value) => {
    expect(errorOf(text(numeric()), value)).toBeUndefined();
  });

  it("accepts full-width digits and outputs them as ASCII", () => {
    expect(outputOf(text(numeric()), "１２３")).toBe("123");
  });

  it.each(["12.5", "12.0", "-1", "12a", "1,000", "1e3", "１２.５"])("rejects %j", (value) => {
    expect(errorOf(text(numeric()), value, { ja: "価格", en: "Price" })).toEqual({
      ja: "価格は数字で入力してください",
      en: "Price may only contain digits",
    });
  });

  it("works on numbers too", () => {
    expect(errorOf(z.number().check(numeric()), 5)).toBeUndefined();
    expect(errorOf(z.number().check(numeric()), 1.5)).toBeDefined();
    expect(errorOf(z.number().check(numeric()), -3)).toBeDefined();
  });
});

describe("minLength / maxLength", () => {
  const nickname = { ja: "ニックネーム", en: "Nickname" };

  it("accepts lengths within the bounds", () => {
    expect(errorOf(text(minLength(3), maxLength(5)), "abc")).toBeUndefined();
    expect(errorOf(text(minLength(3), maxLength(5)), "abcde")).toBeUndefined();
    expect(errorOf(text(minLength(3), maxLength(5)), "あいう")).toBeUndefined();
  });

  it("counts characters as the user sees them, not UTF-16 units", () => {
    expect(errorOf(text(minLength(3), maxLength(3)), "𠮷野家")).toBeUndefined();
    expect(errorOf(text(maxLength(2)), "𠮷𠮷")).toBeUndefined();
  });

  it("counts after trimming", () => {
    expect(errorOf(text(maxLength(3)), "  abc  ")).toBeUndefined();
  });

  it("rejects text that is too short", () => {
    expect(errorOf(text(minLength(3)), "ab", nickname)).toEqual({
      ja: "ニックネームは3文字以上で入力してください",
      en: "Nickname must be at least 3 characters",
    });
  });

  it("rejects text that is too long", () => {
    expect(errorOf(text(maxLength(5)), "abcdef", nickname)).toEqual({
      ja: "ニックネームは5文字以内で入力してください",
      en: "Nickname must be at most 5 characters",
    });
  });
});

describe("minValue / maxValue", () => {
  const price = { ja: "価格", en: "Price" };
  const priceRules = text(numeric(), minValue(50), maxValue(9_999_999));

  it.each(["50", "1000", "9999999", "５０"])("accepts %j", (value) => {
    expect(errorOf(priceRules, value)).toBeUndefined();
  });

  it("outputs full-width digits as ASCII even without numeric()", () => {
    expect(outputOf(text(minValue(50)), "１０００")).toBe("1000");
    expect(outputOf(text(maxValue(5000)), "１０００")).toBe("1000");
  });

  it("rejects a value below the minimum", () => {
    expect(errorOf(priceRules, "49", price)).toEqual({
      ja: "価格は50以上で入力してください",
      en: "Price must be 50 or more",
    });
  });

  it("rejects a value above the maximum, with the bound grouped for reading", () => {
    expect(errorOf(priceRules, "10000000", price)).toEqual({
      ja: "価格は9,999,999以下で入力してください",
      en: "Price must be 9,999,999 or less",
    });
  });

  it("rejects text that is not a number", () => {
    expect(errorOf(text(minValue(50)), "abc", price)?.en).toBe("Price must be 50 or more");
    expect(errorOf(text(maxValue(50)), "0x10", price)?.en).toBe("Price must be 50 or less");
  });

  it("works on numbers and decimals", () => {
    expect(errorOf(z.number().check(minValue(50)), 50)).toBeUndefined();
    expect(errorOf(z.number().check(minValue(50)), 49.5)).toBeDefined();
    expect(errorOf(text(maxValue(1)), "0.5")).toBeUndefined();
    expect(errorOf(text(minValue(-1)), "-1")).toBeUndefined();
  });
});

describe("email", () => {
  it.each(["user@example.com", "user.name+tag@example.co.jp", "a_b-c@sub.example.org"])(
    "accepts %s",
    (value) => {
      expect(errorOf(text(email()), value)).toBeUndefined();
    },
  );

  it.each([
    "user@",
    "user@example",
    "@example.com",
    "a b@example.com",
    "ユーザー@example.com",
    "user@@example.com",
  ])("rejects %j", (value) => {
    expect(errorOf(text(email()), value)).toEqual({
      ja: "メールアドレスの形式が正しくありません",
      en: "Enter a valid email address",
    });
  });
});

describe("digits", () => {
  const code = { ja: "確認コード", en: "Code" };

  it.each(["123456", "000000"])("accepts %j", (value) => {
    expect(errorOf(text(digits(6)), value)).toBeUndefined();
  });

  it("accepts full-width digits and outputs them as ASCII", () => {
    expect(outputOf(text(digits(6)), "１２３４５６")).toBe("123456");
  });

  it.each([
    ["a code typed with an IME", "１６８４８３"],
    ["a code read out in two groups", "168 483"],
    ["a code with a hyphen", "168-483"],
    ["full-width digits and a full-width space", "１６８　４８３"],
  ])("converts %s to the digits", (_, value) => {
    expect(errorOf(text(digits(6)), value)).toBeUndefined();
    expect(outputOf(text(digits(6)), value)).toBe("168483");
  });

  it.each(["12345", "1234567", "12345a", "12-345"])("rejects %j", (value) => {
    expect(errorOf(text(digits(6)), value, code)).toEqual({
      ja: "確認コードは6桁の数字で入力してください",
      en: "Code must be 6 digits",
    });
  });
});

describe("imei", () => {
  it.each(["490154203237518", "356938035643809"])("accepts %s", (value) => {
    expect(errorOf(text(imei()), value)).toBeUndefined();
  });

  it("accepts full-width digits and outputs them as ASCII", () => {
    expect(outputOf(text(imei()), "４９０１５４２０３２３７５１８")).toBe("490154203237518");
  });

  it.each([
    ["as iPhone's settings show it", "35 693803 564380 9"],
    ["with hyphens", "35-693803-564380-9"],
    ["with full-width digits and spaces", "３５　６９３８０３　５６４３８０　９"],
    ["with an IME's long vowel mark for a hyphen", "35ー693803ー564380ー9"],
  ])("accepts the number %s and outputs the 15 digits", (_, value) => {
    expect(errorOf(text(imei()), value)).toBeUndefined();
    expect(outputOf(text(imei()), value)).toBe("356938035643809");
  });

  it.each([
    ["a wrong check digit", "490154203237517"],
    ["a wrong check digit, with spaces", "35 693803 564380 8"],
  ])("rejects %s with the spec's message", (_, value) => {
    expect(errorOf(text(imei()), value)).toEqual({
      ja: "IMEIを正しく入力してください",
      en: "Enter the IMEI correctly",
    });
  });

  it.each([
    ["14 digits", "49015420323751"],
    ["16 digits", "4901542032375180"],
    ["a letter", "49015420323751a"],
    ["2 digits", "12"],
  ])("rejects %s saying an IMEI has 15 digits", (_, value) => {
    expect(errorOf(text(imei()), value)).toEqual({
      ja: "IMEIは15桁の数字で入力してください",
      en: "Enter all 15 digits of the IMEI",
    });
  });
});

describe("printSafeText", () => {
  it.each(["東京都千代田区丸の内１－２－３", "Apt. 201\n2F", "【ワレモノ】※天地無用"])(
    "accepts %j",
    (value) => {
      expect(errorOf(text(printSafeText()), value)).toBeUndefined();
    },
  );

  it.each(["Café", "Ω", "Привет", "①", "Ⅳ", "㍉", "㈱", "😀"])("rejects %j", (value) => {
    expect(errorOf(text(printSafeText()), `住所${value}`)).toEqual({
      ja: "使用できない文字が含まれています",
      en: "Contains characters that cannot be used",
    });
  });
});

describe("katakana", () => {
  it.each(["ヤマダ", "ヤマダ　タロウ", "コーヒー"])("accepts %j", (value) => {
    expect(errorOf(text(katakana()), value)).toBeUndefined();
  });

  it.each([
    ["hiragana", "やまだ", "ヤマダ"],
    ["half-width katakana with sound marks", "ﾔﾏﾀﾞ ﾊﾟﾝ", "ヤマダ　パン"],
    ["a half-width space between names", "ヤマダ タロウ", "ヤマダ　タロウ"],
    ["hiragana with a long vowel typed as a hyphen", "こ-ひ-", "コーヒー"],
    ["ゔ and small kana", "ゔぁいおりん", "ヴァイオリン"],
  ])("converts %s instead of refusing it", (_, value, converted) => {
    expect(errorOf(text(katakana()), value)).toBeUndefined();
    expect(outputOf(text(katakana()), value)).toBe(converted);
  });

  it.each(["山田", "Yamada", "ヤマダ1"])("rejects %j", (value) => {
    expect(errorOf(text(katakana()), value)).toEqual({
      ja: "全角カタカナで入力してください",
      en: "Enter full-width katakana",
    });
  });
});

describe("mobilePhoneNumber", () => {
  it.each(["09012345678", "090-1234-5678", "080-12345678", "0701234-5678", "06012345678"])(
    "accepts %s",
    (value) => {
      expect(errorOf(text(mobilePhoneNumber()), value)).toBeUndefined();
    },
  );

  it.each([
    ["０９０－１２３４－５６７８", "090-1234-5678"],
    ["０８０ー１２３４ー５６７８", "080-1234-5678"],
    ["090−1234−5678", "090-1234-5678"],
  ])("accepts %s typed with an IME and outputs %s", (value, expected) => {
    expect(outputOf(text(mobilePhoneNumber()), value)).toBe(expected);
  });

  it.each([
    "05012345678",
    "0312345678",
    "0901234567",
    "090123456789",
    "090-123-45678",
    "090--1234-5678",
    "+819012345678",
    "090 1234 5678",
  ])("rejects %s", (value) => {
    expect(errorOf(text(mobilePhoneNumber()), value)).toEqual({
      ja: "電話番号を正しく入力してください",
      en: "Enter the phone number correctly",
    });
  });
});

describe("bankHolderName", () => {
  it.each(["ヤマダ　タロウ", "（カ）ツグ", "ヤマダ・タロウ", "ＡＢＣ１２３"])("accepts %j", (value) => {
    expect(errorOf(text(bankHolderName()), value)).toBeUndefined();
  });

  it.each([
    ["half-width katakana, as bank apps show it", "ﾔﾏﾀﾞ ﾀﾛｳ", "ヤマダ　タロウ"],
    ["hiragana", "やまだ　たろう", "ヤマダ　タロウ"],
    ["ASCII letters, in capitals", "Yamada taro", "ＹＡＭＡＤＡ　ＴＡＲＯ"],
    ["ASCII parentheses", "カ(ツグ)", "カ（ツグ）"],
    ["spaces of any kind", "ヤマダ  タロウ", "ヤマダ　タロウ"],
  ])("converts %s", (_, value, converted) => {
    expect(errorOf(text(bankHolderName()), value)).toBeUndefined();
    expect(outputOf(text(bankHolderName()), value)).toBe(converted);
  });

  it.each(["山田", "ヤマダ@タロウ", "ヤマダ.タロウ"])("rejects %j", (value) => {
    expect(errorOf(text(bankHolderName()), value)).toEqual({
      ja: "全角カタカナ・英数字・括弧・全角スペースで入力してください",
      en: "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
    });
  });
});

describe("postalDigits", () => {
  it("is optional", () => {
    expect(errorOf(text(postalDigits()), "")).toBeUndefined();
  });

  it.each([
    ["1000001", "1000001"],
    ["１０００００１", "1000001"],
    [" 0600000 ", "0600000"],
  ])("accepts %j as %s", (value, expected) => {
    expect(errorOf(text(postalDigits()), value)).toBeUndefined();
    expect(outputOf(text(postalDigits()), value)).toBe(expected);
  });

  it.each(["100-0001", "100000", "10000011", "abcdefg", "〒1000001"])("rejects %j", (value) => {
    expect(errorOf(text(postalDigits()), value)).toEqual({
      ja: "7桁の数字で入力してください",
      en: "Enter 7 digits",
    });
  });
});

describe("phone", () => {
  it("is optional", () => {
    expect(errorOf(text(phone()), undefined)).toBeUndefined();
  });

  it.each(["0312345678", "09012345678", "０３１２３４５６７８", "03-1234-5678", "0120-123-456"])(
    "accepts %j",
    (value) => {
      expect(errorOf(text(phone()), value)).toBeUndefined();
    },
  );

  it.each(["031234567", "031234567890", "03(1234)5678", "03--1234-5678", "-0312345678"])(
    "rejects %j",
    (value) => {
      expect(errorOf(text(phone()), value)).toEqual({
        ja: "10桁または11桁の数字で入力してください",
        en: "Enter 10 or 11 digits",
      });
    },
  );

  it.each(["1234567890", "0012345678"])("rejects %j, which has no area code", (value) => {
    expect(errorOf(text(phone()), value)).toEqual({
      ja: "電話番号は0から始まる市外局番から入力してください",
      en: "Enter the phone number from its area code, starting with 0",
    });
  });
});

describe("yamatoShukaDate", () => {
  const pickupDate = { ja: "集荷希望日", en: "Pickup date" };
  const invalid = { ja: "集荷希望日が正しくありません", en: "Pickup date is not valid" };
  const ended = {
    ja: "本日の受付は終了しました。明日以降の日付を選択してください",
    en: "Today's reception has ended. Please choose tomorrow or later",
  };
  const at = (iso: string) => text(yamatoShukaDate({ now: new Date(iso) }));

  it("accepts today before 17:00 Tokyo time, and later dates", () => {
    const justBeforeClosing = at("2025-07-01T07:59:59Z"); // 16:59 in Tokyo
    expect(errorOf(justBeforeClosing, "2025-07-01")).toBeUndefined();
    expect(errorOf(justBeforeClosing, "2025-07-02")).toBeUndefined();
    expect(errorOf(justBeforeClosing, "2026-01-15")).toBeUndefined();
  });

  it("closes today's reception from 17:00 Tokyo time", () => {
    expect(errorOf(at("2025-07-01T08:00:00Z"), "2025-07-01", pickupDate)).toEqual(ended); // 17:00 JST
    expect(errorOf(at("2025-07-01T14:59:00Z"), "2025-07-01", pickupDate)).toEqual(ended); // 23:59 JST
    expect(errorOf(at("2025-07-01T08:00:00Z"), "2025-07-02", pickupDate)).toBeUndefined();
  });

  it("rejects a past date", () => {
    expect(errorOf(at("2025-07-01T01:00:00Z"), "2025-06-30", pickupDate)).toEqual(invalid);
    expect(errorOf(at("2025-07-01T01:00:00Z"), "2024-07-01", pickupDate)).toEqual(invalid);
  });

  it("judges today in Tokyo, not UTC, around midnight", () => {
    // 15:30 UTC on 30 June is 00:30 on 1 July in Tokyo.
    const tokyoAfterMidnight = at("2025-06-30T15:30:00Z");
    expect(errorOf(tokyoAfterMidnight, "2025-06-30", pickupDate)).toEqual(invalid);
    expect(errorOf(tokyoAfterMidnight, "2025-07-01")).toBeUndefined();
    // 14:30 UTC on 30 June is 23:30 the same day in Tokyo: reception has closed, though UTC says 14:30.
    expect(errorOf(at("2025-06-30T14:30:00Z"), "2025-06-30", pickupDate)).toEqual(ended);
  });

  it.each(["2025-02-30", "2025/07/02", "tomorrow", "20250702"])("rejects the malformed date %j", (value) => {
    expect(errorOf(at("2025-01-01T00:00:00Z"), value, pickupDate)).toEqual(invalid);
  });

  it("reads the injected clock when validating, not when the schema is built", () => {
    let instant = new Date("2025-07-01T01:00:00Z");
    const schema = text(required(), yamatoShukaDate({ now: () => instant }));
    expect(errorOf(schema, "2025-07-01")).toBeUndefined();
    instant = new Date("2025-07-01T09:00:00Z");
    expect(errorOf(schema, "2025-07-01", pickupDate)).toEqual(ended);
    expect(errorOf(schema, "", pickupDate)).toEqual({
      ja: "集荷希望日を入力してください",
      en: "Pickup date is required",
    });
  });

  it("accepts the core's Clock", () => {
    const clock = { now: () => new Date("2025-07-01T09:00:00Z") };
    expect(errorOf(text(yamatoShukaDate({ now: clock })), "2025-07-01")?.en).toBe(ended.en);
  });
});

describe("rule order", () => {
  it("shows the first failing rule's message for the field", () => {
    const kana = text(required(), maxLength(3), katakana());
    expect(errorOf(kana, "やまだたろう")?.en).toBe("Field must be at most 3 characters");
    expect(errorOf(kana, "山田")?.en).toBe("Enter full-width katakana");
    expect(errorOf(kana, "")?.en).toBe("Field is required");
  });
});

describe("passwordStrength", () => {
  const schema = z.object({ password: z.string().check(passwordStrength()) });
  it.each(["passw0rd", "パスワード1", "1a"])("accepts %s", (password) => {
    expect(schema.safeParse({ password }).success).toBe(true);
  });
  it.each(["password", "12345678", "!!!!!!!!"])("refuses %s in both languages", (password) => {
    const result = schema.safeParse({ password });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(formatIssues(result.error, "ja", { password: "パスワード" }).password).toBe(
      "パスワードには英字と数字をどちらも含めてください",
    );
    expect(formatIssues(result.error, "en", { password: "Password" }).password).toBe(
      "Password must contain both letters and digits",
    );
  });
});
