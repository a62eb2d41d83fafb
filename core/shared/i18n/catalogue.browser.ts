import type { Locale } from "../locale.ts";
import type { Messages } from "./messages.ts";

/**
 * The message catalogue in the browser (decision 031): only the languages the page has loaded, the
 * page's own before it hydrates. Each language is a file of its own, so a page carries one. Outside the
 * browser `#i18n/catalogue` is `catalogue.ts`, with both; the two answer the same functions.
 */
const LANGUAGES: Record<Locale, () => Promise<Messages>> = {
  ja: async () => (await import("./messages/ja.ts")).ja,
  en: async () => (await import("./messages/en.ts")).en,
};

const loaded = new Map<Locale, Messages>();

/** A language's messages; reading a language that was not loaded is a mistake of the page's code. */
export function messagesFor(locale: Locale): Messages {
  const messages = loaded.get(locale);
  if (!messages) throw new Error(`The ${locale} messages are not loaded in this page`);
  return messages;
}

/** Whether a language's messages are loaded. */
export function hasMessages(locale: Locale): boolean {
  return loaded.has(locale);
}

/** Loads a language's messages (one file, once). */
export async function loadMessages(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) loaded.set(locale, await LANGUAGES[locale]());
}

/** The messages of any one language, for what all languages share: the keys and their placeholders. */
export function anyMessages(): Messages {
  const [messages] = loaded.values();
  if (!messages) throw new Error("No messages are loaded in this page");
  return messages;
}
