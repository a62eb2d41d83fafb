// Character classes behind the text rules, kept apart from zod so they can be read (and tested) as data.

/**
 * Text that ends up printed on courier labels and slips must survive a Shift_JIS (JIS X 0208) printer,
 * so this is an allow-list: ASCII printable, newlines, kana, CJK unified ideographs, full-width ASCII,
 * half-width katakana, Japanese punctuation and the standard JIS symbols. Everything else is rejected,
 * notably accented Latin, Greek, Cyrillic, circled numbers, Roman numerals, unit symbols (㍉, ㎏),
 * parenthesised ideographs (㈱), compatibility ideographs (﨑) and emoji.
 */
const PRINT_SAFE_TEXT = new RegExp(
  "^[" +
    "\\n\\r\\x20-\\x7E" +
    "\\u3000-\\u3003\\u3005-\\u3015\\u301C" + // 　、。〃 々〆〇 brackets 〒〓〔〕 〜
    "\\u3041-\\u3096\\u309B-\\u309E" + // hiragana, ゛゜ゝゞ
    "\\u30A1-\\u30F6\\u30FB-\\u30FE" + // katakana, ・ーヽヾ
    "\\u4E00-\\u9FFF" +
    "\\uFF01-\\uFF5E\\uFF61-\\uFF9F\\uFFE0-\\uFFE3\\uFFE5" + // full-width ASCII, half-width kana, ￠￡￢￣￥
    "\\u00A7\\u00A8\\u00B0\\u00B1\\u00B4\\u00B6\\u00D7\\u00F7" + // § ¨ ° ± ´ ¶ × ÷
    "\\u2010\\u2015\\u2016\\u2018\\u2019\\u201C\\u201D\\u2020\\u2021\\u2025\\u2026\\u2030\\u2032\\u2033\\u203B" +
    "\\u2103\\u2190-\\u2193\\u21D2\\u21D4" + // ℃ arrows
    "\\u2200\\u2202\\u2203\\u2207\\u2208\\u220B\\u2212\\u221A\\u221D\\u221E\\u2220\\u2225\\u2227-\\u222C" +
    "\\u2234\\u2235\\u223D\\u2252\\u2260\\u2261\\u2266\\u2267\\u226A\\u226B\\u2282\\u2283\\u2286\\u2287" +
    "\\u22A5\\u2312" + // ⊥ ⌒
    "\\u25A0\\u25A1\\u25B2\\u25B3\\u25BC\\u25BD\\u25C6\\u25C7\\u25CB\\u25CE\\u25CF\\u25EF" + // ■□▲△▼▽◆◇○◎●◯
    "\\u2605\\u2606\\u2640\\u2642\\u266A\\u266D\\u266F" + // ★☆♀♂♪♭♯
    "]*$",
  "u",
);

export function isPrintSafeText(value: string): boolean {
  return PRINT_SAFE_TEXT.test(value);
}

/** Full-width katakana (ァ-ヶ), the long vowel mark and the full-width space. */
export function isKatakana(value: string): boolean {
  return /^[\u30A1-\u30F6\u30FC\u3000]+$/u.test(value);
}

/**
 * What banks accept for an account holder, in the full-width form users type: katakana, letters,
 * digits, full-width parentheses, middle dot, long vowel mark and full-width space.
 */
export function isBankHolderName(value: string): boolean {
  return /^[\u30A1-\u30F6\u30FB\u30FC\u3000\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A\uFF08\uFF09]+$/u.test(
    value,
  );
}

/**
 * Japanese IMEs often produce full-width digits, and a katakana long vowel mark or a dash where a hyphen
 * was meant. In a field that may only hold digits and hyphens none of these can mean anything else, so
 * they are rewritten to ASCII before checking (and the rewritten value is what the schema outputs).
 */
export function toHalfWidthDigits(value: string): string {
  return value
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[－‐‑‒–—―−ーｰ]/g, "-");
}

// Half-width katakana (JIS X 0201) and their full-width forms, in code point order from U+FF61.
const HALF_WIDTH_KANA =
  "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン゛゜";
const VOICED: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from("カキクケコサシスセソタチツテトハヒフヘホウ", (kana) => [
    kana,
    kana === "ウ" ? "ヴ" : String.fromCharCode(kana.charCodeAt(0) + 1),
  ]),
);
const SEMI_VOICED: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from("ハヒフヘホ", (kana) => [kana, String.fromCharCode(kana.charCodeAt(0) + 2)]),
);

/**
 * Half-width katakana (ｽｽﾞｷ, as bank apps and old systems write names) to full width (スズキ), a
 * sound mark joined with the kana before it (ｶﾞ → ガ, ﾊﾟ → パ, ｳﾞ → ヴ); half-width ｰ｡｢｣､･ too.
 */
export function toFullWidthKatakana(value: string): string {
  return value
    .replace(/([\uFF61-\uFF9D])([\uFF9E\uFF9F]?)/gu, (_, kana: string, mark: string) => {
      const full = HALF_WIDTH_KANA[kana.charCodeAt(0) - 0xff61] as string;
      if (mark === "\uFF9E" && VOICED[full]) return VOICED[full];
      if (mark === "\uFF9F" && SEMI_VOICED[full]) return SEMI_VOICED[full];
      return full + (mark === "\uFF9E" ? "゛" : mark === "\uFF9F" ? "゜" : "");
    })
    .replace(/[\uFF9E\uFF9F]/gu, (mark) => (mark === "\uFF9E" ? "゛" : "゜"));
}

/** Hiragana to katakana (すずき → スズキ), ゝゞ to ヽヾ; everything else stays as it is. */
export function hiraganaToKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096\u309D\u309E]/gu, (kana) =>
    String.fromCharCode(kana.charCodeAt(0) + 0x60),
  );
}

/**
 * What a field that holds katakana makes of what people type, instead of refusing it: hiragana
 * (an IME left in hiragana mode) and half-width katakana become full-width katakana, a dash after a
 * kana is the long vowel mark (ｺｰﾋｰ, コ-ヒ-), and a half-width space between names is full width.
 */
export function toKatakana(value: string): string {
  return hiraganaToKatakana(toFullWidthKatakana(value))
    .replace(/(?<=[\u30A1-\u30F6\u30FC])[-－‐‑‒–—―−]/gu, "ー")
    .replace(/ +/g, "\u3000");
}

/**
 * A bank account holder as banks hold it: the katakana conversions of `toKatakana`, letters and
 * digits in full-width capitals (abc → ＡＢＣ), ASCII parentheses full width, and any run of
 * spaces one full-width space.
 */
export function toBankHolderName(value: string): string {
  return toKatakana(value)
    .replace(/[A-Za-z0-9()]/g, (c) => String.fromCharCode(c.toUpperCase().charCodeAt(0) + 0xfee0))
    .replace(/[\uFF41-\uFF5A]/gu, (letter) => String.fromCharCode(letter.charCodeAt(0) - 0x20))
    .replace(/[ \u3000]+/gu, "\u3000");
}

/**
 * Digits people type into a code field the way they read it: full-width digits (１６８４８３),
 * and spaces or hyphens between groups (35 693803 564380 9, 168-483) dropped.
 */
export function compactDigits(value: string): string {
  return toHalfWidthDigits(value).replace(/[-\s\u3000]/g, "");
}

/** Luhn (mod 10) checksum, as used by the 15th digit of an IMEI. */
export function hasValidLuhnChecksum(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
