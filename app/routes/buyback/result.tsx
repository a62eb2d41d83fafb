import { Link } from "react-router";
import { deductionMessage } from "#core/buyback/deduction-message.ts";
import { getPublicResult } from "#core/buyback/get-public-result.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { Breadcrumbs, BuybackNav, GradeBadge } from "../../components/buyback/public.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, pathIdOf } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/result";

export const handle = { back: "/buyback/results/", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await orNotFound(() => getPublicResult(core(context), { id: pathIdOf(params) }));
  return { result: { ...r, decidedAt: r.decidedAt.toISOString() } };
}

export function meta(args: Route.MetaArgs) {
  const lang = localeOf(args.location.pathname);
  const t = translator(lang);
  const r = args.loaderData?.result;
  return seo(args, {
    title: t("buybackPublic.result.title", { model: r?.modelName ?? "" }),
    ...(r
      ? {
          description: t("buybackPublic.result.description", {
            model: r.modelName,
            grade: r.grade,
            price: formatYen(r.amount, lang),
            date: formatDate(r.decidedAt, lang),
          }),
        }
      : {}),
  });
}

/** `/buyback/results/{id}/`: one completed buyback, with how its price was made. */
export default function BuybackResult({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic");
  const grades = useTranslations("buyback.grades");
  const notes = useTranslations("buyback.gradeNotes");
  const ng = useTranslations("buyback.ngConditions");
  const lang = langOf(params);
  const r = loaderData.result;
  const defects = r.ngConditions.filter((c) => c !== "none");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <BuybackNav lang={lang} />
      <Breadcrumbs
        items={[
          { label: t("index.title"), to: `/${lang}/buyback/` },
          { label: t("results.title"), to: `/${lang}/buyback/results/` },
          { label: `No.${r.id}` },
        ]}
      />
      <article
        aria-labelledby="result-title"
        className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
        data-testid="result"
      >
        <p className="text-sm text-slate-600">
          {r.brandName} ・ {label(CATEGORIES, r.categoryCode, lang)}
        </p>
        <h1 id="result-title" className="mt-1 text-2xl font-bold">
          {t("result.heading", { model: r.modelName, id: r.id })}
        </h1>
        <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
          <dt className="font-semibold text-slate-600">{t("result.grade")}</dt>
          <dd>
            <span className="flex items-center gap-2">
              <GradeBadge grade={r.grade} />
              <span>
                <span className="block font-semibold">{grades(r.grade)}</span>
                <span className="block text-xs text-slate-600">{notes(r.grade)}</span>
              </span>
            </span>
          </dd>
          <dt className="font-semibold text-slate-600">{t("result.defects")}</dt>
          <dd>{defects.length ? defects.map((d) => ng(d)).join("、") : t("result.noDefects")}</dd>
          {r.storageGb !== null && (
            <>
              <dt className="font-semibold text-slate-600">{t("result.storage")}</dt>
              <dd>{t("results.storage", { gb: r.storageGb })}</dd>
            </>
          )}
          <dt className="font-semibold text-slate-600">{t("result.decidedAt")}</dt>
          <dd>{formatDate(r.decidedAt, lang)}</dd>
        </dl>
        <dl
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-slate-50 px-4 text-sm"
          data-testid="result-price"
        >
          {r.bid !== null && (
            <div className="flex justify-between gap-3 py-2.5">
              <dt className="text-slate-700">{t("result.bid")}</dt>
              <dd className="whitespace-nowrap">{formatYen(r.bid, lang)}</dd>
            </div>
          )}
          {r.deductions.map((d) => (
            <div key={d.code} className="flex justify-between gap-3 py-2.5">
              <dt className="text-slate-700">
                {t("result.deduction", { label: renderMessage(deductionMessage(d.code), lang) })}
              </dt>
              <dd className="whitespace-nowrap">−{formatYen(d.amount, lang)}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-3 py-3">
            <dt className="font-bold">{t("result.amount")}</dt>
            <dd className="text-2xl font-bold text-brand-800">{formatYen(r.amount, lang)}</dd>
          </div>
        </dl>
      </article>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Link
          to={`/${lang}/buyback/items/${r.categoryCode}/${r.modelId}/`}
          className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t("result.modelPrices", { model: r.modelName })}
        </Link>
        <Link
          to={`/${lang}/buyback/results/`}
          className="text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          {t("result.back")}
        </Link>
      </div>
    </div>
  );
}
