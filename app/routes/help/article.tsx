import { data, Link } from "react-router";
import { getHelpArticle } from "#core/help/articles.ts";
import { renderMarkdown } from "#core/media/render-markdown.ts";
import { ContactBox } from "../../components/help/contact-box.tsx";
import { HelpSearch } from "../../components/help/help-search.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { seo } from "../../lib/seo.ts";
import type { Route } from "./+types/article";

export const handle = { back: "/help/" };

export function loader({ params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const article = getHelpArticle(params.slug, lang);
  if (!article) throw data("Page not found", { status: 404 });
  const { markdown, ...rest } = article;
  return { ...rest, html: renderMarkdown(markdown) };
}

export function meta(args: Route.MetaArgs) {
  const a = args.loaderData;
  if (!a) return [];
  return seo(args, { title: a.title, description: a.summary });
}

/** One help article: where it sits, its text, the rest of its section, and the way to ask us. */
export default function HelpArticlePage({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("help");
  const lang = params.lang;
  const a = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <nav aria-label={t("breadcrumb")} className="text-xs text-slate-500">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to={`/${lang}/help/`} className="hover:underline">
              {t("title")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>{t(`sections.${a.section}`)}</li>
        </ol>
      </nav>
      <article className="flex flex-col gap-3">
        <h1 className="text-2xl leading-snug font-bold">{a.title}</h1>
        <p className="text-sm leading-relaxed text-slate-600">{a.summary}</p>
        <div className="media-body mt-3" dangerouslySetInnerHTML={{ __html: a.html }} />
      </article>
      {a.related.length > 0 && (
        <section aria-labelledby="help-related" className="flex flex-col gap-2">
          <h2 id="help-related" className="font-bold">
            {t("related")}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {a.related.map((r) => (
              <li key={r.slug}>
                <Link to={`/${lang}/help/${r.slug}/`} className="text-brand-700 underline">
                  {r.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <HelpSearch lang={lang} query="" />
      <ContactBox lang={lang} />
    </div>
  );
}
