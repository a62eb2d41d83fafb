import { Link } from "react-router";
import type { HelpSection } from "#core/help/article.ts";
import { type HelpArticleLink, listHelpSections } from "#core/help/articles.ts";
import { searchHelp } from "#core/help/search-help.ts";
import { ContactBox } from "../../components/help/contact-box.tsx";
import { HelpSearch } from "../../components/help/help-search.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const handle = { back: "history" };

/** The help home: the sections and their articles, or what a search found. */
export function loader({ request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const search = query.trim() ? searchHelp(query, lang) : null;
  return { query: search?.query ?? "", search, sections: search ? [] : listHelpSections(lang) };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  // A results page is one person's search: only the help home is for search engines.
  const searching = new URLSearchParams(args.location.search).has("q");
  return seo(args, { title: t("help.title"), description: t("help.description"), noindex: searching });
}

function ArticleList({ lang, articles }: { lang: string; articles: HelpArticleLink[] }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {articles.map((a) => (
        <li key={a.slug}>
          <Link to={`/${lang}/help/${a.slug}/`} className="block px-4 py-3 hover:bg-slate-50">
            <span className="font-semibold text-brand-700">{a.title}</span>
            <span className="mt-0.5 block text-sm leading-relaxed text-slate-600">{a.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function HelpHome({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("help");
  const lang = params.lang;
  const { query, search, sections } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-sm leading-relaxed text-slate-600">{t("lead")}</p>
        <HelpSearch lang={lang} query={query} />
      </header>
      {search ? (
        <section aria-labelledby="help-results" className="flex flex-col gap-3">
          <h2 id="help-results" className="font-bold" aria-live="polite">
            {search.articles.length > 0
              ? t("results", { query: search.query, count: search.articles.length })
              : t("noResults", { query: search.query })}
          </h2>
          {!search.allTermsFound && search.articles.length > 0 && (
            <p className="text-sm text-slate-600">{t("partial")}</p>
          )}
          {search.articles.length > 0 && <ArticleList lang={lang} articles={search.articles} />}
          <Link to={`/${lang}/help/`} className="text-sm text-brand-700 underline">
            {t("clearSearch")}
          </Link>
        </section>
      ) : (
        sections.map(({ section, articles }) => (
          <section key={section} aria-labelledby={`help-${section}`} className="flex flex-col gap-2">
            <h2 id={`help-${section}`} className="text-lg font-bold">
              {t(`sections.${section as HelpSection}`)}
            </h2>
            <ArticleList lang={lang} articles={articles} />
          </section>
        ))
      )}
      <ContactBox lang={lang} />
    </div>
  );
}
