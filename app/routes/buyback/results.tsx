import { data, Link } from "react-router";
import { listPublicResults } from "#core/buyback/list-public-results.ts";
import { isAppError } from "#core/shared/errors.ts";
import { parseTimeCursor } from "#core/social/cursor.ts";
import { Breadcrumbs, BuybackNav, GradeBadge } from "../../components/buyback/public.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/results";

export const handle = { back: "/buyback/", tab: "home" };

const PAGE_SIZE = 20;

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, {
    title: t("buybackPublic.results.title"),
    description: t("buybackPublic.results.description"),
    // Later pages are reached from the first; each result has its own page in the sitemap.
    noindex: new URLSearchParams(args.location.search).has("before"),
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before");
  let cursor: ReturnType<typeof parseTimeCursor>;
  try {
    cursor = parseTimeCursor(before);
  } catch (error) {
    if (isAppError(error)) throw data("Page not found", { status: 404 });
    throw error;
  }
  const page = await listPublicResults(core(context), { before: cursor, limit: PAGE_SIZE });
  return {
    paged: cursor !== null,
    nextCursor: page.nextCursor,
    results: page.items.map((r) => ({
      id: r.id,
      modelName: r.modelName,
      brandName: r.brandName,
      storageGb: r.storageGb,
      grade: r.grade,
      amount: r.amount,
      decidedAt: r.decidedAt.toISOString(),
    })),
  };
}

/** `/buyback/results/`: completed buybacks, newest first, twenty a page. */
export default function BuybackResults({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic");
  const grades = useTranslations("buyback.grades");
  const lang = langOf(params);
  const { results, nextCursor, paged } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BuybackNav lang={lang} />
      <Breadcrumbs
        items={[{ label: t("index.title"), to: `/${lang}/buyback/` }, { label: t("results.title") }]}
      />
      <header>
        <h1 className="text-2xl font-bold">{t("results.title")}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("results.lead")}</p>
      </header>
      {results.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          {t("results.empty")}
        </p>
      ) : (
        <ul aria-label={t("results.listLabel")} className="grid gap-3 sm:grid-cols-2" data-testid="results">
          {results.map((r) => (
            <li key={r.id}>
              <Link
                to={`/${lang}/buyback/results/${r.id}/`}
                className="flex h-full items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
              >
                <GradeBadge grade={r.grade} />
                <span className="min-w-0 flex-1">
                  <span className="block font-bold break-words">{r.modelName}</span>
                  <span className="block text-xs text-slate-600">
                    {[
                      r.brandName,
                      r.storageGb ? t("results.storage", { gb: r.storageGb }) : null,
                      grades(r.grade),
                    ]
                      .filter(Boolean)
                      .join(" ・ ")}
                  </span>
                  <span className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="text-lg font-bold text-brand-800">
                      <span className="sr-only">{t("results.price")} </span>
                      {formatYen(r.amount, lang)}
                    </span>
                    <span className="text-xs text-slate-500">
                      {t("results.decided", { date: formatDate(r.decidedAt, lang) })}
                    </span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(nextCursor || paged) && (
        <nav
          className="flex flex-wrap items-center justify-between gap-3 text-sm"
          aria-label={t("results.listLabel")}
        >
          {paged ? (
            <Link to={`/${lang}/buyback/results/`} className="font-semibold text-brand-700 underline">
              {t("results.newest")}
            </Link>
          ) : (
            <span />
          )}
          {nextCursor && (
            <Link
              to={`?before=${encodeURIComponent(nextCursor)}`}
              rel="next"
              className="rounded-full border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("results.more")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
