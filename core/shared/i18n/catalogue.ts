import type { Locale } from "../locale.ts";
import { en } from "./messages/en.ts";
import { ja } from "./messages/ja.ts";
import type { Messages } from "./messages.ts";

/**
 * The one message catalogue: every sentence the product shows, mails or answers, whether a page, the
 * API or the core says it. `ja` is the reference; `en` has exactly the same keys (decision 020).
 *
 * This is the catalogue outside the browser (the server, its page renderer, scripts and tests), with
 * both languages. Code that runs in pages reads it through `#i18n/catalogue`, which in the browser is
 * `catalogue.browser.ts`: the page's own language, file by file (decisions 031, 052). Both answer the same functions.
 */
export const MESSAGES: Record<Locale, Messages> = { ja, en };

/** A language's messages. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** Whether messages can be read here (outside the browser: always, every namespace). */
export function hasMessages(_locale: Locale, _key?: string): boolean {
  return true;
}

/** Makes message files of a language readable (outside the browser they always are, all of them). */
export async function loadMessages(_locale: Locale, _names?: readonly string[]): Promise<void> {}

/** Makes sure a key's namespace can be read while a page renders (outside the browser it always can). */
export function requireMessages(_locale: Locale, _key: string): void {}

/** The loading of a key's namespace still to come: outside the browser, never. */
export function pendingMessages(_locale: Locale, _key: string): Promise<void> | null {
  return null;
}

/** The messages of any one language, for what all languages share: the keys and their placeholders. */
export function anyMessages(): Messages {
  return ja;
}
