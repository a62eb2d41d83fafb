import { Link, useLocation } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { useRouteHandle } from "./route-handle.ts";

const LINKS = [
  { key: "help", path: "/help/" },
  { key: "buyback", path: "/buyback/" },
  { key: "about", path: "/about/" },
  { key: "imeiChecker", path: "/imei-checker/" },
  { key: "terms", path: "/terms-of-service/" },
  { key: "privacy", path: "/privacy/" },
  { key: "laws", path: "/laws/" },
  { key: "company", path: "/about/company/" },
] as const;

/**
 * The same page in the other language, query kept. It loads from the server: a page carries its own
 * language's messages only (decision 031).
 */
export function LanguageSwitcher({ lang }: { lang: Locale }) {
  const t = useTranslations("footer");
  const { pathname, search } = useLocation();
  // The media lives outside the language prefix and only in Japanese: the other language starts at its home.
  const localized = /^\/(ja|en)\//.test(pathname);
  const rest = localized ? pathname.replace(/^\/(ja|en)(?=\/)/, "") : "/";
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-slate-500">{t("language")}:</span>
      {(["ja", "en"] as const).map((l) =>
        l === lang ? (
          <span key={l} aria-current="true" className="font-semibold text-slate-900">
            {l === "ja" ? "日本語" : "English"}
          </span>
        ) : (
          <Link
            key={l}
            to={`/${l}${rest}${localized ? search : ""}`}
            reloadDocument
            hrefLang={l}
            lang={l}
            className="text-brand-700 underline"
          >
            {l === "ja" ? "日本語" : "English"}
          </Link>
        ),
      )}
    </div>
  );
}

export function Footer({ lang }: { lang: Locale }) {
  const t = useTranslations("footer");
  const { wide, actionBar } = useRouteHandle();
  return (
    // Room at the end for what stays fixed at the bottom of a small screen: the tabs, or the page's own bar.
    <footer
      className={`mt-12 border-t border-slate-200 bg-white ${
        actionBar ? "pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0" : "pb-20 md:pb-0"
      }`}
    >
      <div className={`mx-auto flex ${wide ? "max-w-7xl" : "max-w-6xl"} flex-col gap-4 px-4 py-8`}>
        <nav aria-label={t("label")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {LINKS.map((l) => (
              <li key={l.key}>
                <Link
                  to={`/${lang}${l.path}`}
                  className="text-slate-600 hover:text-brand-700 hover:underline"
                  data-testid={`footer-${l.key}`}
                >
                  {t(l.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher lang={lang} />
        <p className="text-xs text-slate-500">{t("copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
