import type { Locale } from "#core/shared/locale.ts";

/** Media pages are Japanese and live outside the language prefix (§2 unprefixed routes). */
export const MEDIA_HOME_PATH = "/articles/";
export const NEWS_HOME_PATH = "/news/";
/** Where "see details" of the buyback service leads: the buyback pages in the page's language. */
export const buybackHomePath = (lang: Locale) => `/${lang}/buyback/`;
