import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#core/shared/locale.ts";
import { translator } from "../i18n/index.ts";

/**
 * Sections whose English pages are kept out of search engines (the Japanese pages are the ones
 * indexed). "" is the English home.
 */
const EN_NOINDEX_SECTIONS = new Set([
  "",
  "mypage",
  "users",
  "notifications",
  "login",
  "signup",
  "reset-password",
  "settings",
  "setup",
  "balance",
  "ekyc",
  "sell",
  "items",
  "home",
  "buyback",
  "imei-checker",
  "laws",
  "privacy",
  "terms-of-service",
  "dev",
]);

export function isNoindexPath(pathname: string): boolean {
  const [, lang = "", section = "", sub = ""] = pathname.split("/");
  if (section === "dev" || section === "staff") return true;
  if (lang !== "en") return false;
  return EN_NOINDEX_SECTIONS.has(section) || (section === "about" && sub === "company");
}

type RootData = { publicUrl: string };

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

export type SeoInput = {
  title: string;
  description?: string;
  noindex?: boolean;
  image?: string;
  jsonLd?: Record<string, unknown>[];
};

export function localeOf(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The head of every page: title template, description, canonical, alternates, Open Graph, robots, JSON-LD. */
export function seo(args: MetaArgsLike, input: SeoInput): MetaDescriptor[] {
  const { pathname } = args.location;
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const publicUrl = root?.publicUrl ?? "";
  const locale = localeOf(pathname);
  const t = translator(locale);
  const localized = isLocale(pathname.split("/")[1]);
  const rest = localized ? pathname.replace(/^\/(ja|en)/, "") : pathname;
  const pathIn = (l: Locale) => `${publicUrl}/${l}${rest || "/"}`;
  // Pages outside the language prefix (media) exist in one language: they are their own canonical.
  const canonical = localized ? pathIn(DEFAULT_LOCALE) : `${publicUrl}${pathname}`;
  const description = input.description ?? t("site.description");
  const title = `${input.title} - ${t("site.name")}`;
  const noindex = input.noindex || isNoindexPath(pathname);
  const image = input.image ?? `${publicUrl}/og-image.png`;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Tsugu",
    url: `${publicUrl}/`,
    logo: `${publicUrl}/logo.png`,
    description: t("site.organizationDescription"),
    foundingDate: "2018-01",
    areaServed: "JP",
  };
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: "Tsugu",
    url: `${publicUrl}/`,
    inLanguage: "ja",
  };
  return [
    { title },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { tagName: "link", rel: "canonical", href: canonical },
    ...(localized
      ? [
          { tagName: "link", rel: "alternate", hrefLang: "ja", href: pathIn("ja") },
          { tagName: "link", rel: "alternate", hrefLang: "en", href: pathIn("en") },
          { tagName: "link", rel: "alternate", hrefLang: "x-default", href: pathIn(DEFAULT_LOCALE) },
        ]
      : []),
    { property: "og:type", content: rest === "/" ? "website" : "article" },
    { property: "og:site_name", content: t("site.name") },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${publicUrl}${pathname}` },
    { property: "og:image", content: image },
    { property: "og:locale", content: locale === "ja" ? "ja_JP" : "en_US" },
    { property: "og:locale:alternate", content: locale === "ja" ? "en_US" : "ja_JP" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: t("site.name") },
    { "script:ld+json": organization },
    { "script:ld+json": website },
    ...(input.jsonLd ?? []).map((j) => ({ "script:ld+json": j })),
  ];
}

type TitleKey = Parameters<ReturnType<typeof translator>>[0];

/** `meta` for a page whose head needs only its title from the catalogue. */
export function titleMeta(key: TitleKey, extra: Omit<SeoInput, "title"> = {}) {
  return (args: MetaArgsLike) => {
    const t = translator(localeOf(args.location.pathname));
    return seo(args, { title: t(key), ...extra });
  };
}
