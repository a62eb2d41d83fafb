/** Media pages are Japanese and live outside the language prefix (§2 unprefixed routes). */
export const MEDIA_HOME_PATH = "/articles/";
export const NEWS_HOME_PATH = "/news/";
/**
 * Where "see details" of the buyback service leads: the guide to selling a broken phone, until the
 * buyback pages exist; then this becomes `/{lang}/buyback/`.
 */
export const BUYBACK_GUIDE_PATH = "/articles/1r4a73tut/";
