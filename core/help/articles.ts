import type { Locale } from "../shared/locale.ts";
import { HELP_SECTIONS, type HelpArticle, type HelpSection } from "./article.ts";
import { ACCOUNT_ARTICLES } from "./content/account.ts";
import { BALANCE_ARTICLES } from "./content/balance.ts";
import { BUYBACK_ARTICLES } from "./content/buyback.ts";
import { BUYING_ARTICLES } from "./content/buying.ts";
import { SELLING_ARTICLES } from "./content/selling.ts";

/** When the help articles' words last changed (for the sitemap). */
export const HELP_UPDATED = "2026-12-05";

/** Every help article, in the order each section lists them. */
export const HELP_ARTICLES: readonly HelpArticle[] = [
  ...BUYING_ARTICLES,
  ...SELLING_ARTICLES,
  ...BUYBACK_ARTICLES,
  ...BALANCE_ARTICLES,
  ...ACCOUNT_ARTICLES,
];

const BY_SLUG = new Map(HELP_ARTICLES.map((a) => [a.slug, a]));

export type HelpArticleLink = { slug: string; section: HelpSection; title: string; summary: string };

function linkOf(article: HelpArticle, lang: Locale): HelpArticleLink {
  const { title, summary } = article[lang];
  return { slug: article.slug, section: article.section, title, summary };
}

/** The help home: each section with its articles' titles and summaries, in the page's language. */
export function listHelpSections(lang: Locale): { section: HelpSection; articles: HelpArticleLink[] }[] {
  return HELP_SECTIONS.map((section) => ({
    section,
    articles: HELP_ARTICLES.filter((a) => a.section === section).map((a) => linkOf(a, lang)),
  }));
}

/** The body's links written for the page's language (`/:lang/…` → `/ja/…`). */
function localiseLinks(markdown: string, lang: Locale): string {
  return markdown.replaceAll("](/:lang/", `](/${lang}/`);
}

/**
 * One article in the page's language, its body as Markdown with the page's links, and the other
 * articles of its section; null for a slug no article has.
 */
export function getHelpArticle(slug: string, lang: Locale) {
  const article = BY_SLUG.get(slug);
  if (!article) return null;
  const text = article[lang];
  return {
    slug,
    section: article.section,
    title: text.title,
    summary: text.summary,
    markdown: localiseLinks(text.body, lang),
    related: HELP_ARTICLES.filter((a) => a.section === article.section && a.slug !== slug).map((a) =>
      linkOf(a, lang),
    ),
  };
}
