import { describe, expect, it } from "vitest";
import {
  compactDigits,
  hasValidLuhnChecksum,
  hiraganaToKatakana,
  isBankHolderName,
  isKatakana,
  isPrintSafeText,
  toBankHolderName,
  toFullWidthKatakana,
  toHalfWidthDigits,
  toKatakana,
} from "./characters.ts";

describe("isPrintSafeText", () => {
  it.each([
    ["ASCII printable", "Hello, World! 123 #$%&'()*+-./:;<=>?@[\\]^_`{|}~"],
    ["an address", "東京都千代田区丸の内１－２－３　丸の内ビル５Ｆ"],
    ["kana and kanji", "ひらがな カタカナ 漢字 々〆〇ヶ"],
    ["newlines", "一行目\n二行目\r\n三行目"],
    ["Japanese punctuation and brackets", "「」『』【】（）〔〕〈〉《》、。・…‥〜～ー―‐"],
    ["JIS symbols", "※〒→←↑↓○●◎△▲□■◇◆☆★♪±×÷℃°§"],
    ["full-width letters and digits", "ＡＢＣａｂｃ０１２！？＃"],
    ["full-width currency", "￥１，０００"],
    ["half-width katakana", "ｱｲﾌｫﾝ ｶﾞﾗｹｰ"],
    ["empty text", ""],
  ])("allows %s", (_, value) => {
    expect(isPrintSafeText(value)).toBe(true);
  });

  it.each([
    ["accented Latin", "Café"],
    ["accented Latin (diaeresis)", "naïve"],
    ["accented capital", "Ångström"],
    ["Greek", "αβγ"],
    ["Greek capital", "Ω"],
    ["Cyrillic", "Привет"],
    ["circled numbers", "①②"],
    ["Roman numerals", "Ⅳ"],
    ["small Roman numerals", "ⅱ"],
    ["unit symbols", "㍉㌔"],
    ["squared units", "㎏㎝"],
    ["parenthesised ideographs", "㈱"],
    ["numero sign", "№"],
    ["telephone sign", "℡"],
    ["era name ligature", "㍻"],
    ["compatibility ideograph", "﨑"],
    ["ideograph outside the BMP", "𠮷"],
    ["emoji", "😀"],
    ["tab", "a\tb"],
    ["zero-width space", "a\u200Bb"],
    ["broken bar", "￤"],
  ])("forbids %s", (_, value) => {
    expect(isPrintSafeText(value)).toBe(false);
    expect(isPrintSafeText(`普通の文字${value}`)).toBe(false);
  });
});

describe("isKatakana", () => {
  it.each(["ヤマダ", "ヤマダ　タロウ", "ヴァイオリン", "コーヒー", "ァィゥェォッャュョヮヶ"])(
    "allows %s",
    (value) => {
      expect(isKatakana(value)).toBe(true);
    },
  );

  it.each([
    "やまだ",
    "ﾔﾏﾀﾞ",
    "ヤマダ タロウ",
    "山田",
    "ヤマダ・タロウ",
    "YAMADA",
    "ＹＡＭＡＤＡ",
    "ヤマダ１",
    "ヽ",
    "",
  ])("rejects %j", (value) => {
    expect(isKatakana(value)).toBe(false);
  });
});

describe("isBankHolderName", () => {
  it.each([
    "ヤマダ　タロウ",
    "（カ）ツグ",
    "ツグ（カ",
    "ヤマダ・タロウ",
    "ＡＢＣ１２３",
    "ｔｓｕｇｕ",
    "ヴィーナス",
  ])("allows %s", (value) => {
    expect(isBankHolderName(value)).toBe(true);
  });

  it.each(["ﾔﾏﾀﾞ ﾀﾛｳ", "やまだ", "山田", "Yamada", "123", "カ(ツグ)", "ヤマダ タロウ", "ヤマダ．タロウ", ""])(
    "rejects %j",
    (value) => {
      expect(isBankHolderName(value)).toBe(false);
    },
  );
});

describe("toHalfWidthDigits", () => {
  it("turns full-width digits into ASCII digits", () => {
    expect(toHalfWidthDigits("０１２３４５６７８９")).toBe("0123456789");
  });

  it.each(["－", "‐", "‑", "‒", "–", "—", "―", "−", "ー", "ｰ"])("reads %s as a hyphen", (dash) => {
    expect(toHalfWidthDigits(`090${dash}1234${dash}5678`)).toBe("090-1234-5678");
  });

  it("leaves everything else alone", () => {
    expect(toHalfWidthDigits("abc ＡＢＣ 123 ()")).toBe("abc ＡＢＣ 123 ()");
  });
});

describe("hasValidLuhnChecksum", () => {
  it.each(["490154203237518", "356938035643809", "352099001761481", "0"])("accepts %s", (value) => {
    expect(hasValidLuhnChecksum(value)).toBe(true);
  });

  it.each(["490154203237517", "356938035643808", "1"])("rejects %s", (value) => {
    expect(hasValidLuhnChecksum(value)).toBe(false);
  });
});

describe("toFullWidthKatakana", () => {
  it.each([
    ["ﾔﾏﾀﾞ ﾊﾅｺ", "ヤマダ ハナコ"],
    ["ｶﾞｷﾞｸﾞｹﾞｺﾞ", "ガギグゲゴ"],
    ["ﾊﾟﾋﾟﾌﾟﾍﾟﾎﾟ", "パピプペポ"],
    ["ｳﾞｧｲｵﾘﾝ", "ヴァイオリン"],
    ["ｷｬﾉﾝ ﾊﾟｰﾄﾅｰｽﾞ", "キャノン パートナーズ"],
    ["｢ﾃｽﾄ｣､･｡", "「テスト」、・。"],
    ["ﾞ", "゛"],
    ["カタカナ and ASCII", "カタカナ and ASCII"],
  ])("turns %j into %j", (value, expected) => {
    expect(toFullWidthKatakana(value)).toBe(expected);
  });
});

describe("hiraganaToKatakana", () => {
  it.each([
    ["すずき いちろう", "スズキ イチロウ"],
    ["ぁぃぅぇぉっゃゅょゎ", "ァィゥェォッャュョヮ"],
    ["ゔ", "ヴ"],
    ["ゝゞ", "ヽヾ"],
    ["漢字とカタカナ", "漢字トカタカナ"],
  ])("turns %j into %j", (value, expected) => {
    expect(hiraganaToKatakana(value)).toBe(expected);
  });
});

describe("toKatakana", () => {
  it.each([
    ["すずき", "スズキ"],
    ["ｽｽﾞｷ", "スズキ"],
    ["すずき いちろう", "スズキ　イチロウ"],
    ["こーひー", "コーヒー"],
    ["ｺｰﾋｰ", "コーヒー"],
    ["コ-ヒ-", "コーヒー"],
    ["ヤマダ", "ヤマダ"],
  ])("makes %j katakana: %j", (value, expected) => {
    expect(toKatakana(value)).toBe(expected);
    expect(isKatakana(toKatakana(value))).toBe(true);
  });

  it("leaves what cannot be katakana for the rule to refuse", () => {
    expect(toKatakana("山田")).toBe("山田");
    expect(toKatakana("Yamada")).toBe("Yamada");
    // A hyphen that follows no kana is not a long vowel mark.
    expect(toKatakana("-ヤ")).toBe("-ヤ");
  });
});

describe("toBankHolderName", () => {
  it.each([
    ["ﾔﾏﾀﾞ ﾊﾅｺ", "ヤマダ　ハナコ"],
    ["やまだ　はなこ", "ヤマダ　ハナコ"],
    ["Tsugu co", "ＴＳＵＧＵ　ＣＯ"],
    ["ｶ)ﾂｸﾞ", "カ）ツグ"],
    ["(ｶ)ﾂｸﾞ", "（カ）ツグ"],
    ["ｔｓｕｇｕ", "ＴＳＵＧＵ"],
    ["ヤマダ   ハナコ", "ヤマダ　ハナコ"],
  ])("turns %j into %j, which banks accept", (value, expected) => {
    expect(toBankHolderName(value)).toBe(expected);
    expect(isBankHolderName(expected)).toBe(true);
  });
});

describe("compactDigits", () => {
  it.each([
    ["１６８４８３", "168483"],
    ["168 483", "168483"],
    ["35 693803 564380 9", "356938035643809"],
    ["35-693803-564380-9", "356938035643809"],
    ["３５　６９３８０３", "35693803"],
    ["０９０ー１２３４ー５６７８", "09012345678"],
  ])("reads %j as %j", (value, expected) => {
    expect(compactDigits(value)).toBe(expected);
  });
});
