import { describe, expect, it } from "vitest";
import { isBankHolderName } from "../shared/validation/characters.ts";
import { isZenginKana, toZenginKana, ZenginCharacterError } from "./kana.ts";

describe("toZenginKana", () => {
  it.each([
    ["ヤマダ　タロウ", "ﾔﾏﾀﾞ ﾀﾛｳ"],
    ["キャノン（カ", "ｷﾔﾉﾝ(ｶ"],
    ["カ）ヤマダショウテン", "ｶ)ﾔﾏﾀﾞｼﾖｳﾃﾝ"],
    ["ジョン・スミス", "ｼﾞﾖﾝ.ｽﾐｽ"],
    ["ヴァイオレット", "ｳﾞｱｲｵﾚﾂﾄ"],
    ["パーカー　ピーター", "ﾊﾟ-ｶ- ﾋﾟ-ﾀ-"],
    ["ヶ　ヵ　ヮ　ヰ　ヱ　ヲ", "ｹ ｶ ﾜ ｲ ｴ ｦ"],
    ["ＡＢＣ　ｘｙｚ　１２３", "ABC XYZ 123"],
    ["ボッチャ　ギュウ", "ﾎﾞﾂﾁﾔ ｷﾞﾕｳ"],
  ])("%s → %s", (input, expected) => {
    expect(isBankHolderName(input)).toBe(true);
    const converted = toZenginKana(input);
    expect(converted).toBe(expected);
    expect(isZenginKana(converted)).toBe(true);
  });

  it("also takes hiragana, half-width kana and ASCII, so converting twice changes nothing", () => {
    expect(toZenginKana("やまだ　たろう")).toBe("ﾔﾏﾀﾞ ﾀﾛｳ");
    expect(toZenginKana("ﾔﾏﾀﾞ ﾀﾛｳ")).toBe("ﾔﾏﾀﾞ ﾀﾛｳ");
    expect(toZenginKana("ｷｬﾉﾝ(ｶ")).toBe("ｷﾔﾉﾝ(ｶ");
    for (const name of ["ヤマダ　タロウ", "キャノン（カ", "ジョン・スミス", "ヴァイオレット"]) {
      expect(toZenginKana(toZenginKana(name))).toBe(toZenginKana(name));
    }
  });

  it("writes the bank directory's full-width hyphen, full stop and letters as ASCII", () => {
    expect(toZenginKana("ミツビシユ－エフジエイ")).toBe("ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ");
    expect(toZenginKana("ドコモＳＭＴＢネツト")).toBe("ﾄﾞｺﾓSMTBﾈﾂﾄ");
    expect(toZenginKana("エ．ユ－")).toBe("ｴ.ﾕ-");
  });

  it("throws, naming the character, on what a 全銀 file cannot carry", () => {
    for (const bad of ["山田", "ヤマダ＠", "ヤマダ😀", "ヤマダ&", "Müller"]) {
      expect(() => toZenginKana(bad)).toThrow(ZenginCharacterError);
    }
    try {
      toZenginKana("ヤマダ太郎");
    } catch (error) {
      expect(error).toBeInstanceOf(ZenginCharacterError);
      expect((error as ZenginCharacterError).character).toBe("太");
    }
  });

  it("converts every character the bankHolderName rule accepts", () => {
    const accepted: string[] = [];
    for (let code = 0x3000; code <= 0xffef; code++) {
      const character = String.fromCharCode(code);
      if (isBankHolderName(character)) accepted.push(character);
    }
    expect(accepted.length).toBeGreaterThan(100);
    for (const character of accepted) expect(isZenginKana(toZenginKana(character))).toBe(true);
  });
});

describe("isZenginKana", () => {
  it("accepts the 全銀 half-width set", () => {
    expect(isZenginKana("ﾔﾏﾀﾞ ﾀﾛｳ")).toBe(true);
    expect(isZenginKana("ｶ)ABC-123./,｢｣ﾊﾟ")).toBe(true);
  });

  it("rejects small kana, the half-width long vowel, lower case, full-width text and the empty string", () => {
    for (const bad of ["ｷｬﾉﾝ", "ﾊﾟｰｶｰ", "yamada", "ヤマダ", "ﾔﾏﾀﾞ　ﾀﾛｳ", "ﾔﾏﾀﾞ@", ""]) {
      expect(isZenginKana(bad)).toBe(false);
    }
  });
});
