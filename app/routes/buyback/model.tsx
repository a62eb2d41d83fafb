import { Link } from "react-router";
import { BUYBACK_GRADES, BUYBACK_NG_CONDITIONS, type BuybackNgCondition } from "#core/buyback/codes.ts";
import { getModelPrices } from "#core/buyback/public-prices.ts";
import { DEDUCTION_PERCENT } from "#core/buyback/rules.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { ApplyButton, Breadcrumbs, BuybackNav, GradeBadge } from "../../components/buyback/public.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, pathIdOf } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/model";

export const handle = { back: "history", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const modelId = pathIdOf({ id: params.itemId });
  const view = await orNotFound(() =>
    getModelPrices(core(context), { modelId, categoryCode: params.categoryId }),
  );
  return {
    model: view.model,
    topPrice: view.topPrice,
    updatedAt: view.updatedAt?.toISOString() ?? null,
    prices: view.prices.map((p) => ({
      grade: p.grade,
      ngCondition: p.ngCondition,
      price: p.price,
      updatedAt: p.updatedAt.toISOString(),
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const model = args.loaderData?.model;
  return seo(args, {
    title: t("buybackPublic.model.title", { model: model?.name ?? "" }),
    description: t("buybackPublic.model.description", {
      model: model?.name ?? "",
      brand: model?.brandName ?? "",
    }),
  });
}

type Cell = Route.ComponentProps["loaderData"]["prices"][number];

/** One NG condition's prices, grade by grade; a grade with no live bid shows no price. */
function GradeRows({ cells, lang }: { cells: Cell[]; lang: "ja" | "en" }) {
  const t = useTranslations("buybackPublic");
  const grades = useTranslations("buyback.grades");
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
          <th scope="col" className="py-2 font-semibold">
            {t("model.gradeColumn")}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t("model.priceColumn")}
          </th>
        </tr>
      </thead>
      <tbody>
        {BUYBACK_GRADES.map((grade) => {
          const cell = cells.find((c) => c.grade === grade);
          return (
            <tr
              key={grade}
              className="border-b border-slate-100 last:border-0"
              data-testid={`price-${grade}`}
            >
              <th scope="row" className="py-2.5 text-left font-normal">
                <span className="flex items-center gap-2">
                  <GradeBadge grade={grade} />
                  {grades(grade)}
                </span>
              </th>
              <td className="py-2.5 text-right">
                {cell ? (
                  <>
                    <span className="text-base font-bold">{formatYen(cell.price, lang)}</span>
                    <span className="block text-xs text-slate-500">
                      {t("updatedAt", { date: formatDate(cell.updatedAt, lang, true) })}
                    </span>
                  </>
                ) : (
                  <span className="text-slate-500">
                    <span aria-hidden="true">— </span>
                    {t("noPrice")}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const DEFECTS = BUYBACK_NG_CONDITIONS.filter(
  (ng): ng is Exclude<BuybackNgCondition, "none"> => ng !== "none",
);

/** `/buyback/items/{categoryId}/{itemId}/`: one model's prices by grade and by defect, and how offers are made. */
export default function BuybackModel({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic");
  const ng = useTranslations("buyback.ngConditions");
  const grades = useTranslations("buyback.grades");
  const notes = useTranslations("buyback.gradeNotes");
  const lang = langOf(params);
  const { model, prices, topPrice, updatedAt } = loaderData;
  const category = label(CATEGORIES, model.categoryCode, lang);
  const categoryPath = `/${lang}/buyback/items/${model.categoryCode}/`;
  const of = (condition: BuybackNgCondition) => prices.filter((p) => p.ngCondition === condition);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BuybackNav lang={lang} />
      <Breadcrumbs
        items={[
          { label: t("index.title"), to: `/${lang}/buyback/` },
          { label: t("items.title"), to: `/${lang}/buyback/items/` },
          { label: category, to: categoryPath },
          { label: model.name },
        ]}
      />
      <header className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-sm text-slate-600">
          {model.brandName} ・ {category}
        </p>
        <h1 className="mt-1 text-2xl font-bold">{t("model.title", { model: model.name })}</h1>
        {topPrice !== null && updatedAt ? (
          <div className="mt-4" data-testid="top-price">
            <p className="text-sm font-semibold text-slate-600">{t("model.topPrice")}</p>
            <p className="text-3xl font-bold text-brand-800">{formatYen(topPrice, lang)}</p>
            <p className="mt-1 text-xs text-slate-500">
              {t("lastUpdated", { date: formatDate(updatedAt, lang, true) })}
            </p>
            <p className="mt-3 text-sm leading-relaxed text-slate-700">{t("model.lead")}</p>
          </div>
        ) : (
          <div className="mt-4 rounded-xl bg-slate-50 p-4" role="status" data-testid="no-price">
            <p className="font-bold">{t("model.none")}</p>
            <p className="mt-1 text-sm leading-relaxed text-slate-700">{t("model.noneBody")}</p>
          </div>
        )}
      </header>

      {prices.length > 0 && (
        <>
          <section
            aria-labelledby="by-grade-title"
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
            data-testid="prices-none"
          >
            <h2 id="by-grade-title" className="mb-2 text-lg font-bold">
              {t("model.byGradeTitle")}
            </h2>
            <GradeRows cells={of("none")} lang={lang} />
          </section>

          <section aria-labelledby="by-defect-title">
            <h2 id="by-defect-title" className="text-lg font-bold">
              {t("model.byDefectTitle")}
            </h2>
            <p className="mt-1 mb-3 text-sm text-slate-600">{t("model.byDefectLead")}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {DEFECTS.map((condition) => {
                const cells = of(condition);
                const best = cells.length ? Math.max(...cells.map((c) => c.price)) : null;
                return (
                  <details
                    key={condition}
                    className="group rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200"
                    data-testid={`prices-${condition}`}
                  >
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-3">
                      <span className="font-semibold">{ng(condition)}</span>
                      <span className="shrink-0 text-sm">
                        {best === null ? (
                          <span className="text-slate-500">{t("noPrice")}</span>
                        ) : (
                          <span className="font-bold text-brand-800">
                            {t("model.rowMax", { price: formatYen(best, lang) })}
                          </span>
                        )}
                        <span
                          aria-hidden="true"
                          className="ml-2 inline-block text-brand-700 group-open:rotate-90"
                        >
                          ›
                        </span>
                      </span>
                    </summary>
                    <div className="mt-3">
                      <GradeRows cells={cells} lang={lang} />
                    </div>
                  </details>
                );
              })}
            </div>
          </section>

          <section className="flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">{t("model.applyLead")}</p>
            <ApplyButton lang={lang} />
          </section>
        </>
      )}

      <section
        aria-labelledby="grades-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="grades-title" className="text-lg font-bold">
          {t("model.gradesTitle")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("model.gradesLead")}</p>
        <ul className="mt-3 flex flex-col gap-3">
          {BUYBACK_GRADES.map((grade) => (
            <li key={grade} className="flex items-start gap-3">
              <GradeBadge grade={grade} />
              <p className="text-sm">
                <span className="block font-semibold">{grades(grade)}</span>
                <span className="block text-slate-600">{notes(grade)}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="deductions-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="deductions-title" className="text-lg font-bold">
          {t("model.deductionsTitle")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("model.deductionsLead")}</p>
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {(
            [
              [t("model.deductExtra"), DEDUCTION_PERCENT.extra_defect],
              [t("model.deductNetwork"), DEDUCTION_PERCENT.network_pending],
              [t("model.deductParts"), DEDUCTION_PERCENT.non_genuine_parts],
            ] as const
          ).map(([when, percent]) => (
            <div key={when} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between sm:gap-4">
              <dt className="text-slate-700">{when}</dt>
              <dd className="shrink-0 font-semibold">{t("model.deductPercent", { percent })}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Link
        to={categoryPath}
        className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t("model.otherModels", { category })}
      </Link>
    </div>
  );
}
