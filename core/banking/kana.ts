// The characters a 全銀 (Zengin) file may carry in its name fields, and the conversion from what
// members type (full-width katakana, letters, digits and a few symbols) to them.

/**
 * A character the 全銀 character set cannot carry (a kanji, an emoji, "@"…). `character` is the
 * one the caller passed in, so a form or an operator can be told exactly what to change.
 */
export class ZenginCharacterError extends RangeError {
  readonly character: string;
  constructor(character: string) {
    super(`"${character}" (U+${codePointHex(character)}) has no 全銀 half-width form`);
    this.name = "ZenginCharacterError";
    this.character = character;
  }
}

function codePointHex(character: string): string {
  return (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}

// The 全銀 set is JIS X 0201: digits, upper-case Latin, half-width katakana without the small
// kana and the long vowel mark (ｧ…ｯ, ｰ), the two sound marks, space and ( ) - . / , ｢ ｣.
// "¥" is in the set too but left out: it shares byte 0x5C with "\" and nothing we write needs it.
const ZENGIN_CHARACTERS = /^[0-9A-Z\uFF66\uFF71-\uFF9F ()\-./,\uFF62\uFF63]+$/u;

/** True when `value` is non-empty and every character of it may be written in a 全銀 file. */
export function isZenginKana(value: string): boolean {
  return ZENGIN_CHARACTERS.test(value);
}

const FULL_KANA =
  "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン";
const HALF_KANA = "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ";
// Banks register names with small kana written large (キャノン is held as ｷﾔﾉﾝ), and the
// historical ヰ ヱ as the vowels they are read as.
const SMALL_AND_OLD_KANA = "ァィゥェォッャュョヮヵヶヰヱ";
const THEIR_HALF_KANA = "ｱｲｳｴｵﾂﾔﾕﾖﾜｶｹｲｴ";

const CONVERSION = new Map<string, string>([
  ...zip(FULL_KANA, HALF_KANA),
  ...zip(SMALL_AND_OLD_KANA, THEIR_HALF_KANA),
  // NFKD splits ガ into カ and a combining mark; the mark becomes the separate half-width ﾞ/ﾟ.
  ["\u3099", "ﾞ"],
  ["\u309A", "ﾟ"],
  // Banks write the long vowel mark as a hyphen and the middle dot as a full stop.
  ["ー", "-"],
  ["・", "."],
  ["「", "｢"],
  ["」", "｣"],
  ...zip("‐‑‒–—―−", "-------"),
  ...zip(" ()-./,", " ()-./,"),
  ...zip("0123456789", "0123456789"),
  ...zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
  ...zip("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
]);

function zip(from: string, to: string): [string, string][] {
  const targets = [...to];
  return [...from].map((character, index) => [character, targets[index]!]);
}

const HIRAGANA = /[\u3041-\u3096]/u;

/**
 * A name as members type it (the `bankHolderName` set: full-width katakana, letters and digits,
 * （）・ー and the full-width space) in the half-width form a 全銀 file carries:
 * "ヤマダ　タロウ" → "ﾔﾏﾀﾞ ﾀﾛｳ", "キャノン（カ" → "ｷﾔﾉﾝ(ｶ", "ジョン・スミス" → "ｼﾞﾖﾝ.ｽﾐｽ".
 * Hiragana, half-width kana and ASCII are accepted too, so the conversion is idempotent and the
 * bank directory's kana goes through the same path. Spacing is kept as given.
 *
 * @throws ZenginCharacterError on a character the 全銀 set cannot carry (kanji, "@", emoji…).
 */
export function toZenginKana(value: string): string {
  let out = "";
  for (const original of value) {
    // NFKD turns full-width ASCII and the ideographic space into ASCII, half-width kana into
    // full-width, and splits voiced kana into base + combining mark.
    for (const part of original.normalize("NFKD")) {
      const katakana = HIRAGANA.test(part) ? String.fromCharCode(part.charCodeAt(0) + 0x60) : part;
      const converted = CONVERSION.get(katakana);
      if (converted === undefined) throw new ZenginCharacterError(original);
      out += converted;
    }
  }
  return out;
}
