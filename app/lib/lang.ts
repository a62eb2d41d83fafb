import { isLocale, type Locale } from "#core/shared/locale.ts";

/** The page's language from the route's `:lang` parameter (the layout has already refused others). */
export function langOf(params: { lang?: string }): Locale {
  return isLocale(params.lang) ? params.lang : "ja";
}
