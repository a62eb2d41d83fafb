import { type Message, msg } from "../shared/i18n/translate.ts";

// The media's kinds of post, their addresses and categories: plain data, which pages' browser code
// reads too (the rules that check a draft are in fields.ts).

export const POST_KINDS = ["article", "news"] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Where each kind of post lives (unprefixed, §2). */
const POST_SECTION: Record<PostKind, "articles" | "news"> = { article: "articles", news: "news" };

/** A post's address (the media live outside the language prefix); pure, so pages' scripts may use it. */
export function postPath(kind: PostKind, slug: string): string {
  return `/${POST_SECTION[kind]}/${slug}/`;
}

const ARTICLE_CATEGORIES = [
  { code: "guide", label: msg("posts.categories.article.guide") },
  { code: "repair", label: msg("posts.categories.article.repair") },
  { code: "device", label: msg("posts.categories.article.device") },
  { code: "security", label: msg("posts.categories.article.security") },
  { code: "sustainability", label: msg("posts.categories.article.sustainability") },
] as const;

const NEWS_CATEGORIES = [
  { code: "notice", label: msg("posts.categories.news.notice") },
  { code: "release", label: msg("posts.categories.news.release") },
  { code: "feature", label: msg("posts.categories.news.feature") },
  { code: "maintenance", label: msg("posts.categories.news.maintenance") },
] as const;

export const CATEGORIES_OF: Record<PostKind, readonly { code: string; label: Message }[]> = {
  article: ARTICLE_CATEGORIES,
  news: NEWS_CATEGORIES,
};

export function categoryLabel(kind: PostKind, code: string): Message {
  return CATEGORIES_OF[kind].find((c) => c.code === code)?.label ?? msg("posts.categories.unknown", { code });
}
