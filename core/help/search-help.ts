import { canonicalSearchText, piecesOf } from "../catalog/search-text.ts";
import type { Locale } from "../shared/locale.ts";
import type { HelpArticle } from "./article.ts";
import { HELP_ARTICLES, type HelpArticleLink } from "./articles.ts";

// Help search reads articles and queries the way the item search does (decision 024): NFKC (full-
// and half-width alike), lower case, hiragana as katakana. Japanese has no spaces, so a Japanese
// term is found anywhere inside the text; a term with particles or okurigana glued on (送料はいくら,
// 振り込み) is also found by its kanji and katakana runs. A Latin word is found at the start of a
// word, so "refund" finds "refunded" and "fees" finds "fee". Every term must be found; when no
// article has them all, the articles with the most of them come back.

const QUERY_MAX = 100;
/** How much a term found in each part of an article counts. */
const WEIGHTS = { title: 10, keywords: 6, summary: 4, body: 1 } as const;
type Part = keyof typeof WEIGHTS;

type Indexed = { article: HelpArticle; parts: Record<Part, string> };

/** Markdown as plain words: no link targets, table bars, emphasis or heading marks. */
function plain(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, " ").replace(/[[\]|*#>`_-]+/g, " ");
}

const INDEX = new Map<Locale, Indexed[]>();

function indexOf(lang: Locale): Indexed[] {
  let index = INDEX.get(lang);
  if (!index) {
    index = HELP_ARTICLES.map((article) => {
      const text = article[lang];
      return {
        article,
        parts: {
          title: canonicalSearchText(text.title),
          keywords: canonicalSearchText((text.keywords ?? []).join(" / ")),
          summary: canonicalSearchText(text.summary),
          body: canonicalSearchText(plain(text.body)),
        },
      };
    });
    INDEX.set(lang, index);
  }
  return index;
}

type Term = { kind: "word" | "ja"; text: string };

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Katakana}ー]/u;

/**
 * The pieces of a Japanese term that can stand on their own: its runs of kanji (2 or more), and of
 * katakana (3 or more, as particles and okurigana are short), e.g. 送料ハイクラ → 送料, ハイクラ.
 */
function japaneseRuns(text: string): string[] {
  const runs: string[] = [];
  let current = "";
  let han = false;
  for (const c of text) {
    const isHan = HAN.test(c);
    if (current && isHan !== han) {
      runs.push(current);
      current = "";
    }
    han = isHan;
    current += c;
  }
  if (current) runs.push(current);
  return runs.filter((r) => (HAN.test(r) ? r.length >= 2 : KANA.test(r) && r.length >= 3));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How well a term is found in a text: 1 as written, 0.8 without okurigana, 0.3 by its parts, 0 not at all. */
function found(term: Term, text: string): number {
  if (term.kind === "word") {
    const words = [term.text];
    if (term.text.length > 3 && term.text.endsWith("s")) words.push(term.text.slice(0, -1));
    return words.some((w) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(w)}`, "u").test(text)) ? 1 : 0;
  }
  if (text.includes(term.text)) return 1;
  // Okurigana dropped: 振リ込ミ (振り込み) → 振込.
  const kanji = Array.from(term.text)
    .filter((c) => HAN.test(c))
    .join("");
  if (kanji.length >= 2 && kanji !== term.text && text.includes(kanji)) return 0.8;
  const runs = japaneseRuns(term.text);
  if (
    runs.length > 0 &&
    !(runs.length === 1 && runs[0] === term.text) &&
    runs.every((r) => text.includes(r))
  ) {
    return 0.3;
  }
  return 0;
}

/** A query's terms: its words and Japanese runs, each once. */
function termsOf(query: string): Term[] {
  const seen = new Set<string>();
  const terms: Term[] = [];
  for (const piece of piecesOf(canonicalSearchText(query.slice(0, QUERY_MAX)))) {
    const key = `${piece.kind}:${piece.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ kind: piece.kind, text: piece.text });
  }
  return terms.slice(0, 10);
}

export type HelpSearchResult = { query: string; articles: HelpArticleLink[]; allTermsFound: boolean };

/**
 * The articles a visitor's words find, in the page's language, best first: a term in the title
 * counts most, then the keywords, the summary and the body. An empty query finds nothing.
 */
export function searchHelp(query: string, lang: Locale): HelpSearchResult {
  const terms = termsOf(query);
  if (terms.length === 0) return { query: query.trim(), articles: [], allTermsFound: true };
  const scored = indexOf(lang).map(({ article, parts }, order) => {
    let score = 0;
    let matched = 0;
    for (const term of terms) {
      let best = 0;
      for (const part of Object.keys(WEIGHTS) as Part[]) {
        best = Math.max(best, found(term, parts[part]) * WEIGHTS[part]);
      }
      if (best > 0) matched += 1;
      score += best;
    }
    return { article, score, matched, order };
  });
  const all = scored.filter((s) => s.matched === terms.length);
  const allTermsFound = all.length > 0;
  const most = Math.max(...scored.map((s) => s.matched));
  const hits = allTermsFound ? all : most > 0 ? scored.filter((s) => s.matched === most) : [];
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  return {
    query: query.trim(),
    allTermsFound,
    articles: hits.map(({ article }) => {
      const { title, summary } = article[lang];
      return { slug: article.slug, section: article.section, title, summary };
    }),
  };
}
