import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "#core/shared/locale.ts";

/** The locale for `/`: the remembered cookie, then the browser's languages, then Japanese. */
export function pickLocale(
  cookieLocale: string | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  if (isLocale(cookieLocale)) return cookieLocale;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((x) => x.lang && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) {
    if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * Page paths always end in a slash. Paths the router serves as data or files keep theirs: React
 * Router's `.data` requests, its manifest, anything with a file extension, and the API.
 */
export function needsTrailingSlash(pathname: string): boolean {
  if (pathname.endsWith("/")) return false;
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/webhooks/")) return false;
  if (pathname.startsWith("/__manifest")) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}

/** The locale a page path is under, if any. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : null;
}

/**
 * Sections served outside the language prefix (§2 "unprefixed routes"): the media, which is
 * written in Japanese only. Their pages are `lang="ja"` and set no language cookie.
 */
const UNPREFIXED_SECTIONS: readonly string[] = ["articles", "authors", "news"];

/**
 * Public sections people type or link without a language (`/about/`, `/laws/`): sent to the same
 * page in the remembered or browser language, as `/` is. Anything else unprefixed stays a 404.
 */
const LOCALIZED_ENTRY_SECTIONS = new Set([
  "about",
  "flema",
  "laws",
  "privacy",
  "terms-of-service",
  "imei-checker",
  "items",
  "login",
  "signup",
]);

export type LocaleRedirect = { to: string; permanent: boolean };

/**
 * Where a slashed page path belongs when it is under the wrong prefix: the media under a language
 * goes to its one unprefixed address (permanently); a localized section without a language goes
 * to the chosen language (temporarily, since it depends on who asks).
 */
export function localeRedirect(
  pathname: string,
  search: string,
  chosen: () => Locale,
): LocaleRedirect | null {
  const [, first = "", second = ""] = pathname.split("/");
  if (isLocale(first) && UNPREFIXED_SECTIONS.includes(second)) {
    return { to: `${pathname.slice(first.length + 1)}${search}`, permanent: true };
  }
  if (!isLocale(first) && LOCALIZED_ENTRY_SECTIONS.has(first)) {
    return { to: `/${chosen()}${pathname}${search}`, permanent: false };
  }
  return null;
}
