import type { Locale } from "../locale.ts";
import { joinParts } from "./join-parts.ts";
import type { CataloguePart, Messages } from "./messages.ts";

/**
 * The message catalogue in the browser (decision 031): only the languages the page has loaded, the
 * page's own before it hydrates. Each language is two files of its own, the site's messages and the
 * back office's, so a page carries one language and a public page no back-office text. Outside the
 * browser `#i18n/catalogue` is `catalogue.ts`, with both whole; the two answer the same functions.
 */
const PARTS = {
  ja: {
    site: async () => (await import("./messages/ja-site.ts")).jaSite,
    office: async () => (await import("./messages/ja-office.ts")).jaBackOffice,
  },
  en: {
    site: async () => (await import("./messages/en-site.ts")).enSite,
    office: async () => (await import("./messages/en-office.ts")).enBackOffice,
  },
} satisfies Record<Locale, Record<CataloguePart, () => Promise<object>>>;

const loaded = new Map<Locale, Messages>();
const withOffice = new Set<Locale>();

/** A language's messages; reading a language that was not loaded is a mistake of the page's code. */
export function messagesFor(locale: Locale): Messages {
  const messages = loaded.get(locale);
  if (!messages) throw new Error(`The ${locale} messages are not loaded in this page`);
  return messages;
}

/** Whether a language's messages are loaded (its site's part; the office's when asked). */
export function hasMessages(locale: Locale, part: CataloguePart = "site"): boolean {
  return part === "site" ? loaded.has(locale) : withOffice.has(locale);
}

/**
 * Loads a language's messages (one file, once); with `office`, the back office's part as well, the
 * two files side by side. Until then a page has the site's messages only, typed as the whole.
 */
export async function loadMessages(locale: Locale, part: CataloguePart = "site"): Promise<void> {
  if (part === "site") {
    if (!loaded.has(locale)) loaded.set(locale, (await PARTS[locale].site()) as Messages);
    return;
  }
  if (withOffice.has(locale)) return;
  const [site, office] = await Promise.all([PARTS[locale].site(), PARTS[locale].office()]);
  if (withOffice.has(locale)) return;
  loaded.set(locale, joinParts(loaded.get(locale) ?? site, office) as Messages);
  withOffice.add(locale);
}

/** The messages of any one language, for what all languages share: the keys and their placeholders. */
export function anyMessages(): Messages {
  const [messages] = loaded.values();
  if (!messages) throw new Error("No messages are loaded in this page");
  return messages;
}
