import type { Locale } from "../shared/locale.ts";

/** The help centre's sections, in the order the help home shows them. */
export const HELP_SECTIONS = [
  "buying",
  "selling",
  "shipping",
  "buyback",
  "balance",
  "account",
  "safety",
] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

/** One language's text of an article: the body is Markdown, its links written `/:lang/…`. */
type HelpText = { title: string; summary: string; body: string; keywords?: readonly string[] };

/** A help article: its address (`/{lang}/help/{slug}/`), its section, and its text in each language. */
export type HelpArticle = { slug: string; section: HelpSection } & Record<Locale, HelpText>;

/** Yen as each language writes it in running text: 「1,000円」, "¥1,000". */
export const yenJa = (n: number) => `${n.toLocaleString("ja-JP")}円`;
export const yenEn = (n: number) => `¥${n.toLocaleString("en-US")}`;
