import type { Locale } from "../locale.ts";
import { en } from "./messages/en.ts";
import { ja } from "./messages/ja.ts";
import type { CataloguePart, Messages } from "./messages.ts";

/**
 * The one message catalogue: every sentence the product shows, mails or answers, whether a page, the
 * API or the core says it. `ja` is the reference; `en` has exactly the same keys (decision 020).
 *
 * This is the catalogue outside the browser (the server, its page renderer, scripts and tests), with
 * both languages. Code that runs in pages reads it through `#i18n/catalogue`, which in the browser is
 * `catalogue.browser.ts`: one language, the page's own (decision 031). Both answer the same functions.
 */
export const MESSAGES: Record<Locale, Messages> = { ja, en };

/** A language's messages. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** Whether a language's messages can be read here (outside the browser: always, both parts). */
export function hasMessages(_locale: Locale, _part?: CataloguePart): boolean {
  return true;
}

/** Makes a language's messages readable (outside the browser they always are, whole). */
export async function loadMessages(_locale: Locale, _part?: CataloguePart): Promise<void> {}

/** The messages of any one language, for what all languages share: the keys and their placeholders. */
export function anyMessages(): Messages {
  return ja;
}
