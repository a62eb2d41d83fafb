import { describe, expect, it } from "vitest";
import { z } from "zod";
import { msg, renderMessage } from "../i18n/translate.ts";
import { formatIssues, localizeIssues, parseForm } from "./format.ts";
import { email, katakana, maxLength, postalDigits, required, text } from "./rules.ts";

const ZProfile = z.object({
  name: text(required(), maxLength(10)),
  kana: text(required(), katakana()),
  email: text(required(), email()),
  address: z.object({ postal: text(postalDigits()) }),
});

function errorOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be invalid");
  return result.error;
}

describe("formatIssues", () => {
  const error = errorOf(ZProfile, { name: "", kana: "山田", email: "nope", address: { postal: "123" } });

  it("gives one message per field, keyed by the dot-joined path, in the requested language", () => {
    const labels = { name: "氏名", kana: "フリガナ", email: "メールアドレス", "address.postal": "郵便番号" };
    expect(formatIssues(error, "ja", labels)).toEqual({
      name: "氏名を入力してください",
      kana: "全角カタカナで入力してください",
      email: "メールアドレスの形式が正しくありません",
      "address.postal": "7桁の数字で入力してください",
    });
    expect(formatIssues(error, "en", { name: "Name" })).toEqual({
      name: "Name is required",
      kana: "Enter full-width katakana",
      email: "Enter a valid email address",
      "address.postal": "Enter 7 digits",
    });
  });

  it("keeps only the first issue of a field", () => {
    const ZTwoRules = z.object({ name: z.string().check(required(), maxLength(2)).check(katakana()) });
    const twoIssues = errorOf(ZTwoRules, { name: "山田太" });
    expect(twoIssues.issues).toHaveLength(2);
    expect(formatIssues(twoIssues, "en", { name: "Name" })).toEqual({
      name: "Name must be at most 2 characters",
    });
  });

  it("looks a label up by full path, then by field name, and falls back to the field name", () => {
    const ZNested = z.object({
      seller: z.object({ name: text(required()) }),
      buyer: z.object({ name: text(required()) }),
      note: text(required()),
    });
    const nested = errorOf(ZNested, { seller: {}, buyer: {} });
    expect(formatIssues(nested, "en", { "seller.name": "Seller name", name: "Name" })).toEqual({
      "seller.name": "Seller name is required",
      "buyer.name": "Name is required",
      note: "note is required",
    });
  });

  it("does not take labels from the object prototype", () => {
    const ZOdd = z.object({ constructor: text(required()) });
    expect(formatIssues(errorOf(ZOdd, {}), "en")).toEqual({ constructor: "constructor is required" });
  });

  it("keys an object-level issue without a path by the empty string", () => {
    const ZWhole = z.object({ a: z.string() }).refine(() => false, { params: { key: "default" } });
    expect(formatIssues(errorOf(ZWhole, { a: "x" }), "ja", { "": "入力内容" })).toEqual({
      "": "入力内容が正しくありません",
    });
  });

  it("uses the key attached through refine params by code outside this module", () => {
    const ZRefined = z.object({
      kana: z.string().refine((value) => value.startsWith("ア"), { params: { key: "katakana" } }),
    });
    expect(formatIssues(errorOf(ZRefined, { kana: "イ" }), "en")).toEqual({
      kana: "Enter full-width katakana",
    });
  });

  it("falls back to the default message for a custom issue without a key", () => {
    const ZRefined = z.object({ code: z.string().refine(() => false, "some fixed text") });
    expect(formatIssues(errorOf(ZRefined, { code: "x" }), "en", { code: "Code" })).toEqual({
      code: "Code is not valid",
    });
  });

  describe("plain zod checks", () => {
    const ZPlain = z.object({
      nickname: z.string().min(3).max(5),
      price: z.number().int().min(50).max(9_999_999),
      mail: z.email(),
      kind: z.enum(["a", "b"]),
      tags: z.array(z.string()).min(1),
    });
    const labels = { nickname: "ニックネーム", price: "価格" };

    it("map onto the same messages", () => {
      const tooSmall = errorOf(ZPlain, { nickname: "ab", price: 10, mail: "x", kind: "c", tags: [] });
      expect(formatIssues(tooSmall, "ja", labels)).toEqual({
        nickname: "ニックネームは3文字以上で入力してください",
        price: "価格は50以上で入力してください",
        mail: "メールアドレスの形式が正しくありません",
        kind: "kindが正しくありません",
        tags: "tagsが正しくありません",
      });
      const tooBig = errorOf(ZPlain, {
        nickname: "abcdef",
        price: 10_000_000,
        mail: "a@b.jp",
        kind: "a",
        tags: ["x"],
      });
      expect(formatIssues(tooBig, "en", { nickname: "Nickname", price: "Price" })).toEqual({
        nickname: "Nickname must be at most 5 characters",
        price: "Price must be 9,999,999 or less",
      });
    });

    it("ask to choose when nothing was chosen from a list (an empty select)", () => {
      const empty = ZPlain.safeParse({ kind: "", tags: ["x"] }, { reportInput: true });
      expect(empty.success).toBe(false);
      const messages = formatIssues(empty.error!, "ja", { kind: "配送方法" });
      expect(messages.kind).toBe("配送方法を選択してください");
      expect(formatIssues(empty.error!, "en", { kind: "Shipping method" }).kind).toBe(
        "Please select an option for Shipping method",
      );
      // A code that is not one of the choices is still "not valid".
      const wrong = ZPlain.safeParse({ kind: "c", tags: ["x"] }, { reportInput: true });
      expect(formatIssues(wrong.error!, "ja", { kind: "配送方法" }).kind).toBe("配送方法が正しくありません");
    });

    it("report a missing field as required", () => {
      expect(
        formatIssues(errorOf(ZPlain, { kind: "a", tags: ["x"] }), "en", { nickname: "Nickname" }),
      ).toMatchObject({
        nickname: "Nickname is required",
        price: "price is required",
        mail: "mail is required",
      });
    });
  });
});

describe("parseForm", () => {
  it("returns the cleaned data when the input is valid", () => {
    const result = parseForm(
      ZProfile,
      {
        name: " 山田 太郎 ",
        kana: "ヤマダ　タロウ",
        email: "taro@example.jp",
        address: { postal: "１０００００１" },
      },
      "ja",
    );
    expect(result).toEqual({
      ok: true,
      data: {
        name: "山田 太郎",
        kana: "ヤマダ　タロウ",
        email: "taro@example.jp",
        address: { postal: "1000001" },
      },
    });
  });

  it("returns the messages in the requested language when it is not", () => {
    const input = { name: "", kana: "ヤマダ", email: "taro@example.jp", address: {} };
    expect(parseForm(ZProfile, input, "ja", { name: "氏名" })).toEqual({
      ok: false,
      errors: { name: "氏名を入力してください" },
    });
    expect(parseForm(ZProfile, input, "en", { name: "Name" })).toEqual({
      ok: false,
      errors: { name: "Name is required" },
    });
  });

  it("tells a missing value from a value of the wrong type", () => {
    const ZPrice = z.object({ price: z.number() });
    expect(parseForm(ZPrice, {}, "en", { price: "Price" })).toEqual({
      ok: false,
      errors: { price: "Price is required" },
    });
    expect(parseForm(ZPrice, { price: "100" }, "en", { price: "Price" })).toEqual({
      ok: false,
      errors: { price: "Price is not valid" },
    });
  });

  it("types the data as the schema's output", () => {
    const result = parseForm(z.object({ n: z.coerce.number() }), { n: "5" }, "en");
    if (!result.ok) throw new Error("expected valid input");
    const n: number = result.data.n;
    expect(n).toBe(5);
  });
});

describe("localizeIssues", () => {
  it("gives every field's message as a catalogue message, the label rendered in each language", () => {
    const error = errorOf(ZProfile, { name: "", kana: "ヤマダ", email: "bad", address: { postal: "" } });
    const messages = localizeIssues(error, { name: msg("identity.fields.nickname") });
    expect(messages).toEqual({
      name: msg("validation.required", { field: msg("identity.fields.nickname") }),
      email: msg("validation.email"),
    });
    const inBoth = (locale: "ja" | "en") =>
      Object.fromEntries(Object.entries(messages).map(([path, m]) => [path, renderMessage(m, locale)]));
    expect(inBoth("ja")).toEqual({
      name: "ニックネームを入力してください",
      email: "メールアドレスの形式が正しくありません",
    });
    expect(inBoth("en")).toEqual({ name: "Nickname is required", email: "Enter a valid email address" });
  });
});

describe("issues raised by the rules", () => {
  it("carry the message key, not a sentence, until they are formatted", () => {
    const [issue] = errorOf(ZProfile, { name: "", kana: "ヤマダ", email: "a@b.jp", address: {} }).issues;
    expect(issue).toMatchObject({
      code: "custom",
      path: ["name"],
      message: "required",
      params: { key: "required" },
    });
  });
});

describe("messages carried by a business rule", () => {
  it("uses the rule's own text in each language", () => {
    const schema = z.object({ price: z.number() }).check((payload) => {
      payload.issues.push({
        code: "custom",
        message: "courier",
        params: { message: msg("validation.bidRow") },
        path: ["price"],
        input: payload.value.price,
      });
    });
    const result = schema.safeParse({ price: 500 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(formatIssues(result.error, "ja").price).toBe("金額を入力してからチェックしてください");
    expect(formatIssues(result.error, "en").price).toBe("If money is not input, it can not be checked");
    expect(localizeIssues(result.error).price).toEqual(msg("validation.bidRow"));
  });
});
