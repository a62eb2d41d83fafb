// Keyword search that works for Japanese and English alike, including one- and two-character terms.
//
// Text is normalised the same way when indexed and when queried: NFKC (full-width ASCII to half
// width, half-width katakana to full width), lower case, hiragana to katakana. Each listing stores
// every distinct character and character pair of its text (`item_search.grams`) under a GIN index:
// a one- or two-character term is a single lookup, a longer term needs all of its pairs, so no
// term falls back to scanning the table (decision 009).

/** Brand and model names people type in katakana as well as in Latin letters. */
const ALIASES: [string, string[]][] = [
  ["iphone", ["アイフォン", "アイフォーン"]],
  ["ipad", ["アイパッド"]],
  ["macbook", ["マックブック"]],
  ["galaxy", ["ギャラクシー"]],
  ["xperia", ["エクスペリア"]],
  ["pixel", ["ピクセル"]],
  ["aquos", ["アクオス"]],
  ["arrows", ["アローズ"]],
  ["switch", ["スイッチ"]],
  ["playstation", ["プレイステーション", "プレステ"]],
];

function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, " ")
    .trim();
}

/** The text stored for a listing: its own words plus the other spellings of the names in it. */
export function searchTextOf(parts: (string | null | undefined)[]): string {
  const text = normalizeSearchText(parts.filter(Boolean).join(" "));
  const extra = ALIASES.filter(
    ([latin, kana]) => text.includes(latin) || kana.some((k) => text.includes(k)),
  ).flatMap(([latin, kana]) => [latin, ...kana]);
  return extra.length ? `${text} ${extra.join(" ")}` : text;
}

/** Every distinct character and adjacent pair within each word of a normalised text. */
export function gramsOf(normalized: string): string[] {
  const grams = new Set<string>();
  for (const word of normalized.split(" ")) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i++) {
      grams.add(chars[i]!);
      if (i + 1 < chars.length) grams.add(chars[i]! + chars[i + 1]!);
    }
  }
  grams.delete("");
  return [...grams];
}

export type KeywordTerm = { text: string; grams: string[] };

/** A query's terms, each with the grams a listing must contain to possibly match it. */
export function keywordTerms(query: string): KeywordTerm[] {
  const normalized = normalizeSearchText(query);
  if (!normalized) return [];
  const seen = new Set<string>();
  const terms: KeywordTerm[] = [];
  for (const word of normalized.split(" ").slice(0, 8)) {
    if (seen.has(word)) continue;
    seen.add(word);
    const chars = Array.from(word).slice(0, 64);
    const text = chars.join("");
    const grams =
      chars.length <= 2 ? [text] : [...new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]))];
    terms.push({ text, grams });
  }
  return terms;
}
