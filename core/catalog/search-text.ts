// Keyword search that finds what people mean, in Japanese and English alike (decision 024).
//
// Listings and queries are read the same way: NFKC (full-width ASCII to half width, half-width
// katakana to full width), lower case, hiragana to katakana, and the catalogue's other spellings of
// model and brand names read as the names themselves (アイフォン → iphone). The text is then cut
// into pieces: words of Latin letters, numbers, and runs of Japanese characters.
//
// - A Latin word or a number is one index token and matches only as a whole: "12" is not in
//   "128gb", which is the two words "128" and "gb".
// - Two words next to each other (glued, or with spaces between) also give a pair token, so
//   "iphone12" and "iPhone 12" are the same pair, and a query can ask for the words side by side.
// - A Japanese run gives its characters and character pairs: a one- or two-character term is one
//   lookup, a longer one needs its pairs, and the listing's text is checked for the whole term.
// - The same tokens for the title and the model name carry a `t:` prefix, for relevance.

import { DEVICE_CATALOGUE, NAME_SPELLINGS } from "./device-catalogue.ts";

function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, " ")
    .trim();
}

/** Katakana (and kanji) spellings, longest first, each read as its Latin name. */
const JAPANESE_SPELLINGS: [string, string][] = NAME_SPELLINGS.flatMap(([name, spellings]) =>
  spellings
    .filter((s) => !/^[a-z0-9 ]+$/.test(s))
    .map((s): [string, string] => [normalizeSearchText(s), name]),
).sort((a, b) => b[0].length - a[0].length);
const JAPANESE_SPELLING = JAPANESE_SPELLINGS.length
  ? new RegExp(JAPANESE_SPELLINGS.map(([s]) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g")
  : null;
const JAPANESE_NAME = new Map(JAPANESE_SPELLINGS);
/** Latin words written another way ("promax" → "pro max"). */
const LATIN_SPELLINGS = new Map(
  NAME_SPELLINGS.flatMap(([name, spellings]) =>
    spellings.filter((s) => /^[a-z0-9]+$/.test(s)).map((s): [string, string[]] => [s, name.split(" ")]),
  ),
);

/** The text as search reads it: normalised, the catalogue's Japanese spellings as names. */
export function canonicalSearchText(text: string): string {
  const normalized = normalizeSearchText(text);
  if (!JAPANESE_SPELLING) return normalized;
  return normalized
    .replace(JAPANESE_SPELLING, (s) => ` ${JAPANESE_NAME.get(s) ?? s} `)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Pieces of the typed text as the person wrote them: each piece (as search reads it) is looked for,
 * in order, in `typed`, and given back in its typed spelling (画面割れ, not 画面割レ; JUNK, not junk).
 * A piece search reads from another spelling (アイフォン as iphone) keeps the form search reads.
 */
export function typedSpellings(typed: string, pieces: string[]): string[] {
  let from = 0;
  return pieces.map((piece) => {
    for (let start = from; start < typed.length; start++) {
      if (/\s/.test(typed[start]!)) continue;
      if (!normalizeSearchText(typed.slice(start, start + 2)).startsWith(piece[0]!)) continue;
      // NFKC may join two typed characters into one (ｶﾞ → ガ): up to twice the piece's length.
      for (let end = start + 1; end <= Math.min(typed.length, start + 2 * piece.length); end++) {
        if (normalizeSearchText(typed.slice(start, end)) === piece) {
          from = end;
          return typed.slice(start, end);
        }
      }
    }
    return piece;
  });
}

/** Every Latin word of the catalogue's names and spellings: for splitting glued names and fixing typos. */
const CATALOGUE_WORDS = new Set(
  [
    ...DEVICE_CATALOGUE.flatMap((model) => [model.name, ...(model.aliases ?? [])]),
    ...NAME_SPELLINGS.map(([name]) => name),
  ].flatMap((name) => normalizeSearchText(name).match(/[a-z]+/g) ?? []),
);

/**
 * A word glued from a series name and another catalogue word ("galaxys" in "galaxys23",
 * "iphonese"), as its two words; any other word as it is.
 */
function splitGlued(word: string): string[] {
  if (CATALOGUE_WORDS.has(word) || !/^[a-z]+$/.test(word)) return [word];
  for (let cut = 3; cut < word.length; cut++) {
    if (CATALOGUE_WORDS.has(word.slice(0, cut)) && CATALOGUE_WORDS.has(word.slice(cut))) {
      return [word.slice(0, cut), word.slice(cut)];
    }
  }
  return [word];
}

const JAPANESE = /[\p{Script=Han}\p{Script=Katakana}\u3005\u3006\u30fc]/u;
const LETTER = /[\p{L}\p{M}]/u;

/** A piece of text: a word (letters or a number) or a run of Japanese characters. */
export type Piece = {
  kind: "word" | "ja";
  text: string;
  /** Whether it follows the previous word with nothing or only spaces between (words only). */
  linked: boolean;
  /** Whether it follows the previous word with nothing at all between (words only). */
  glued: boolean;
};

/** Cuts a canonical text into words and Japanese runs; anything else separates them. */
export function piecesOf(canonical: string): Piece[] {
  const pieces: Piece[] = [];
  let current = null as { kind: "letters" | "digits" | "ja"; text: string } | null;
  // What lay between the last word and the current position: nothing, spaces, or anything else.
  let gap = "other" as "none" | "space" | "other";
  const flush = () => {
    if (!current) return;
    const kind = current.kind === "ja" ? "ja" : "word";
    const previous = pieces.at(-1);
    const afterWord = previous?.kind === "word" && kind === "word";
    pieces.push({
      kind,
      text: current.text,
      linked: afterWord && gap !== "other",
      glued: afterWord && gap === "none",
    });
    gap = "none";
    current = null;
  };
  for (const c of canonical) {
    const kind = /[0-9]/.test(c) ? "digits" : JAPANESE.test(c) ? "ja" : LETTER.test(c) ? "letters" : null;
    if (kind && current?.kind === kind) {
      current.text += c;
      continue;
    }
    flush();
    if (kind) current = { kind, text: c };
    else if (c === " ") {
      if (gap === "none") gap = "space";
    } else gap = "other";
  }
  flush();
  // A Latin word written another way is read as its words ("promax" → "pro", "max"), and so is a
  // series name glued to the next word of a model's name ("galaxys" → "galaxy", "s").
  return pieces.flatMap((p) => {
    if (p.kind !== "word") return [p];
    const words = LATIN_SPELLINGS.get(p.text) ?? splitGlued(p.text);
    if (words.length === 1) return [{ ...p, text: words[0]! }];
    return words.map(
      (text, i): Piece => (i === 0 ? { ...p, text } : { kind: "word", text, linked: true, glued: true }),
    );
  });
}

const pairOf = (a: string, b: string) => `${a} ${b}`;

/** The characters and character pairs of a Japanese run. */
function japaneseGrams(text: string, into: Set<string>) {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    into.add(chars[i]!);
    if (i + 1 < chars.length) into.add(chars[i]! + chars[i + 1]!);
  }
}

/** Every index token of a canonical text: words, pairs of neighbouring words, Japanese grams. */
export function indexTokensOf(canonical: string): string[] {
  const tokens = new Set<string>();
  const pieces = piecesOf(canonical);
  pieces.forEach((p, i) => {
    if (p.kind === "ja") japaneseGrams(p.text, tokens);
    else {
      tokens.add(p.text);
      if (p.linked) tokens.add(pairOf(pieces[i - 1]!.text, p.text));
    }
  });
  return [...tokens];
}

/** The word sequences of every catalogue name and alias ("iphone 12 pro" → iphone, 12, pro). */
export const CATALOGUE_NAMES: { model: string; words: string[] }[] = DEVICE_CATALOGUE.flatMap((model) =>
  [model.name, ...(model.aliases ?? [])].map((name) => ({
    model: model.name,
    words: piecesOf(canonicalSearchText(name))
      .filter((p) => p.kind === "word")
      .map((p) => p.text),
  })),
);
/** Every catalogue name and alias as the pieces search reads ("iphone se (第2世代)": iphone, se, 第, 2, 世代). */
const CATALOGUE_PIECES: { model: string; parts: Piece[] }[] = DEVICE_CATALOGUE.flatMap((model) =>
  [model.name, ...(model.aliases ?? [])].map((name) => ({
    model: model.name,
    parts: piecesOf(canonicalSearchText(name)),
  })),
);
/** The same names as their words only, as a query names a model. */
const CATALOGUE_WORD_NAMES = CATALOGUE_NAMES.map(({ model, words }) => ({ model, parts: words }));

/**
 * Whether a name's piece is the text's: a word exactly; a Japanese run may go on in the text after
 * the name's last piece (第2世代ジャンク) or before its first.
 */
function samePiece(name: Piece, text: Piece, first: boolean, last: boolean): boolean {
  if (name.kind !== text.kind) return false;
  if (name.kind === "word" || name.text === text.text) return name.text === text.text;
  return (last && text.text.startsWith(name.text)) || (first && text.text.endsWith(name.text));
}

/**
 * The catalogue models a listing's text names, by their names or aliases, the longest name at each
 * place ("iPhone 13 Pro" names the 13 Pro, not the 13). A listing whose seller chose no model is
 * found by the other names of the model its title names (SE2 finds 「iPhone SE 第2世代」).
 */
export function modelsNamedIn(text: string): string[] {
  const pieces = piecesOf(canonicalSearchText(text.slice(0, 500)));
  return longestNames(
    CATALOGUE_PIECES,
    pieces.length,
    (parts, i) =>
      i + parts.length <= pieces.length &&
      parts.every((p, k) => samePiece(p, pieces[i + k]!, k === 0, k === parts.length - 1)),
  );
}

/**
 * The models whose names `fits` finds along `size` places, the longest name at each place; the
 * next name is looked for after it.
 */
function longestNames<T>(
  names: readonly { model: string; parts: readonly T[] }[],
  size: number,
  fits: (parts: readonly T[], at: number) => boolean,
): string[] {
  const found = new Set<string>();
  let i = 0;
  while (i < size) {
    let best: { model: string; length: number } | null = null;
    for (const name of names) {
      const n = name.parts.length;
      if (n === 0 || (best && n <= best.length)) continue;
      if (fits(name.parts, i)) best = { model: name.model, length: n };
    }
    if (best) {
      found.add(best.model);
      i += best.length;
    } else i++;
  }
  return [...found];
}

/** Pairs of words that stand side by side in some catalogue name: a query asks for them together. */
const CATALOGUE_PAIRS = new Set(
  CATALOGUE_NAMES.flatMap(({ words }) => words.slice(1).map((w, i) => pairOf(words[i]!, w))),
);
/** What a query asks of a listing. */
export type KeywordPlan = {
  /** Index tokens a listing must hold: words, pairs asked for together, Japanese grams. */
  tokens: string[];
  /** Japanese terms of three characters or more: the listing's text must contain each whole. */
  phrases: string[];
  /** Catalogue models the query names exactly ("iphone 12 mini" names iPhone 12 mini). */
  models: string[];
};

const MAX_TERMS = 8;

/** Reads a query: the tokens every match holds, the phrases its text contains, the models it names. */
export function keywordPlan(query: string): KeywordPlan {
  const canonical = canonicalSearchText(query.slice(0, 200));
  const tokens = new Set<string>();
  const phrases = new Set<string>();
  let terms = 0;
  const pieces = piecesOf(canonical);
  for (const [i, p] of pieces.entries()) {
    if (terms >= MAX_TERMS) break;
    terms++;
    if (p.kind === "ja") {
      const chars = Array.from(p.text).slice(0, 64);
      if (chars.length <= 2) tokens.add(chars.join(""));
      else {
        for (let j = 0; j + 1 < chars.length; j++) tokens.add(chars[j]! + chars[j + 1]!);
        phrases.add(chars.join(""));
      }
      continue;
    }
    const word = p.text.slice(0, 64);
    tokens.add(word);
    const previous = pieces[i - 1];
    if (p.linked && previous) {
      const pair = pairOf(previous.text, word);
      if (p.glued || CATALOGUE_PAIRS.has(pair)) tokens.add(pair);
    }
  }
  return { tokens: [...tokens], phrases: [...phrases], models: namedModels(pieces) };
}

/** The catalogue models whose whole name a query's words spell out, the longest name at each place. */
function namedModels(pieces: Piece[]): string[] {
  const words = pieces.map((p) => (p.kind === "word" ? p.text : null));
  return longestNames(CATALOGUE_WORD_NAMES, words.length, (parts, i) =>
    parts.every((w, k) => words[i + k] === w && (k === 0 || pieces[i + k]!.linked)),
  );
}

/** The same query with each mistyped catalogue word put right (one letter off), or null if none is. */
export function correctedQuery(query: string): string | null {
  const canonical = canonicalSearchText(query.slice(0, 200));
  let changed = false;
  const corrected = canonical.replace(/\p{L}+/gu, (word) => {
    if (word.length < 4 || CATALOGUE_WORDS.has(word) || JAPANESE.test(word)) return word;
    const near = [...CATALOGUE_WORDS].filter((w) => oneEditApart(word, w));
    if (near.length !== 1) return word;
    changed = true;
    return near[0]!;
  });
  return changed ? corrected : null;
}

/** Whether two words differ by one letter: one changed, added, removed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
    if (diff.length === 1) return true;
    return (
      diff.length === 2 &&
      diff[1] === diff[0]! + 1 &&
      a[diff[0]!] === b[diff[1]!] &&
      a[diff[1]!] === b[diff[0]!]
    );
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}
