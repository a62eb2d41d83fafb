import { type SelectHTMLAttributes, useId } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useTranslations } from "use-intl";
import { BUYBACK_GRADES } from "#core/buyback/codes.ts";
import { getModelPrices, listPriceCategories, listPriceModels } from "#core/buyback/public-prices.ts";
import { BUYBACK_RULES, DEDUCTION_PERCENT } from "#core/buyback/rules.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { isAppError } from "#core/shared/errors.ts";
import { ApplyButton, BuybackNav, byBrand, GradeBadge } from "../../components/buyback/public.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/index";

export const handle = { tab: "home" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  // A quote is one visitor's choice: only the page itself is for search engines.
  const quote = args.location.search !== "";
  return seo(args, {
    title: t("buybackPublic.index.title"),
    description: t("buybackPublic.index.description"),
    noindex: quote,
  });
}

/** The quote box's choice from the address: a category with prices, then one of its priced models. */
async function quote(ctx: ReturnType<typeof core>, search: URLSearchParams) {
  const category = search.get("category") ?? "";
  const modelParam = search.get("model") ?? "";
  const categories = (await listPriceCategories(ctx)).filter((c) => c.pricedModels > 0);
  if (!categories.some((c) => c.categoryCode === category)) {
    return { categories, category: "", models: [], model: null };
  }
  const models = await listPriceModels(ctx, { categoryCode: category, priced: true });
  const modelId = /^[1-9]\d{0,14}$/.test(modelParam) ? Number(modelParam) : null;
  let model = null;
  if (modelId !== null) {
    try {
      const view = await getModelPrices(ctx, { modelId, categoryCode: category });
      model = {
        id: view.model.id,
        name: view.model.name,
        topPrice: view.topPrice,
        byGrade: BUYBACK_GRADES.map((grade) => {
          const cell = view.prices.find((p) => p.grade === grade && p.ngCondition === "none");
          return { grade, price: cell?.price ?? null, updatedAt: cell?.updatedAt.toISOString() ?? null };
        }),
      };
    } catch (error) {
      if (!isAppError(error) || error.code !== "NOT_FOUND") throw error;
    }
  }
  return {
    categories,
    category,
    models: models.map((m) => ({ id: m.id, name: m.name, brandName: m.brandName })),
    model,
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return quote(core(context), new URL(request.url).searchParams);
}

/**
 * One of the quote box's two choices: a plain labelled select (nothing is submitted to be kept, so
 * no required/optional badge), grouped options, a hint tied to it.
 */
function QuoteSelect({
  label: text,
  hint,
  groups,
  options,
  ...select
}: {
  label: string;
  hint?: string | undefined;
  groups?: { label: string; options: { value: string; label: string }[] }[];
  options?: { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const choose = useTranslations("catalog");
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {text}
      </label>
      <select
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1.5 block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base disabled:bg-slate-50 disabled:text-slate-500"
        {...select}
      >
        <option value="">{choose("selectPlaceholder")}</option>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

function QuoteBox({
  loaderData,
  lang,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  lang: "ja" | "en";
}) {
  const t = useTranslations("buybackPublic.index");
  const common = useTranslations("buybackPublic");
  const grades = useTranslations("buyback.grades");
  const submit = useSubmit();
  const { categories, category, models, model } = loaderData;
  const change = (form: HTMLFormElement | null, dropModel: boolean) => {
    if (!form) return;
    const data = new FormData(form);
    if (dropModel) data.delete("model");
    void submit(data, { method: "get", preventScrollReset: true, replace: true });
  };
  return (
    <section
      id="quote"
      aria-labelledby="quote-title"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="quote-title" className="text-xl font-bold">
        {t("quoteTitle")}
      </h2>
      {categories.length === 0 ? (
        <p className="mt-3 text-sm leading-relaxed text-slate-700" data-testid="quote-nothing">
          {t("quoteNothing")}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("quoteLead")}</p>
          <Form
            method="get"
            className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            data-testid="quote-form"
          >
            <QuoteSelect
              name="category"
              label={t("quoteCategory")}
              defaultValue={category}
              options={categories.map((c) => ({
                value: c.categoryCode,
                label: label(CATEGORIES, c.categoryCode, lang),
              }))}
              onChange={(e) => change(e.currentTarget.form, true)}
            />
            <QuoteSelect
              key={category}
              name="model"
              label={t("quoteModel")}
              defaultValue={model ? String(model.id) : ""}
              disabled={category === ""}
              hint={category === "" ? t("quoteModelFirst") : undefined}
              groups={byBrand(models)}
              onChange={(e) => change(e.currentTarget.form, false)}
            />
            <button
              type="submit"
              className="h-12 rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700 sm:mt-[26px]"
            >
              {t("quoteSubmit")}
            </button>
          </Form>
        </>
      )}
      <div aria-live="polite">
        {model && (
          <div className="mt-6 border-t border-slate-200 pt-5" data-testid="quote-result">
            <h3 className="font-bold">{t("quoteResult", { model: model.name })}</h3>
            {model.byGrade.some((g) => g.price !== null) ? (
              <table className="mt-3 w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-600">
                    <th scope="col" className="py-2 font-semibold">
                      {t("quoteGrade")}
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      {t("quotePrice")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {model.byGrade.map((g) => (
                    <tr key={g.grade} className="border-b border-slate-100">
                      <th scope="row" className="py-2 text-left font-normal">
                        <span className="flex items-center gap-2">
                          <GradeBadge grade={g.grade} />
                          {grades(g.grade)}
                        </span>
                      </th>
                      <td className="py-2 text-right">
                        {g.price === null ? (
                          <span className="text-slate-500">{common("noPrice")}</span>
                        ) : (
                          <>
                            <span className="font-bold">{formatYen(g.price, lang)}</span>
                            {g.updatedAt && (
                              <span className="block text-xs text-slate-500">
                                {common("updatedAt", { date: formatDate(g.updatedAt, lang, true) })}
                              </span>
                            )}
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="mt-2 text-sm text-slate-700">
                {model.topPrice === null ? t("quoteNone") : t("quoteNoneByGrade")}
              </p>
            )}
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <Link
                to={`/${lang}/buyback/items/${category}/${model.id}/`}
                className="text-sm font-semibold text-brand-700 underline underline-offset-2"
              >
                {t("quoteDetail")}
              </Link>
              <ApplyButton lang={lang} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

export default function BuybackIndex({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic.index");
  const lang = langOf(params);
  const days = BUYBACK_RULES.offerDays;
  const points = [
    [t("point1Title"), t("point1Body")],
    [t("point2Title"), t("point2Body")],
    [t("point3Title", { days }), t("point3Body", { days })],
  ] as const;
  const steps = [
    [t("step1Title"), t("step1Body", { max: BUYBACK_RULES.maxDevicesPerApplication })],
    [t("step2Title"), t("step2Body", { days: BUYBACK_RULES.shipWithinDays })],
    [t("step3Title"), t("step3Body")],
    [t("step4Title"), t("step4Body")],
    [t("step5Title"), t("step5Body", { days })],
    [t("step6Title"), t("step6Body")],
  ] as const;
  const exempt = formatYen(BUYBACK_RULES.identityExemptBelow, lang);
  const faq = [
    ["whatQ", t("faq.whatQ"), t("faq.whatA")],
    ["priceQ", t("faq.priceQ"), t("faq.priceA")],
    [
      "deductQ",
      t("faq.deductQ"),
      t("faq.deductA", {
        extra: DEDUCTION_PERCENT.extra_defect,
        network: DEDUCTION_PERCENT.network_pending,
        parts: DEDUCTION_PERCENT.non_genuine_parts,
      }),
    ],
    ["declineQ", t("faq.declineQ"), t("faq.declineA", { days })],
    ["idQ", t("faq.idQ"), t("faq.idA", { amount: exempt, age: BUYBACK_RULES.minimumAge })],
    ["payQ", t("faq.payQ"), t("faq.payA")],
    ["feeQ", t("faq.feeQ"), t("faq.feeA")],
    ["prepareQ", t("faq.prepareQ"), t("faq.prepareA", { days: BUYBACK_RULES.unlockWaitDays })],
    ["refuseQ", t("faq.refuseQ"), t("faq.refuseA")],
    ["deadlineQ", t("faq.deadlineQ"), t("faq.deadlineA", { days: BUYBACK_RULES.shipWithinDays })],
  ] as const;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10">
      <BuybackNav lang={lang} />
      <section className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="text-sm font-semibold text-brand-100">{t("title")}</h1>
        <p className="mt-2 text-2xl leading-snug font-bold whitespace-pre-line sm:text-4xl">
          {t("heroTitle")}
        </p>
        <p className="mt-4 text-sm leading-relaxed text-brand-50 sm:text-base">{t("heroBody")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ApplyButton lang={lang} light />
          <Link
            to={`/${lang}/buyback/items/`}
            className="inline-flex h-12 items-center rounded-full border border-white/60 px-6 font-semibold text-white hover:bg-white/10"
          >
            {t("seePrices")}
          </Link>
        </div>
      </section>

      <QuoteBox loaderData={loaderData} lang={lang} />

      <section aria-labelledby="points-title">
        <h2 id="points-title" className="mb-4 text-xl font-bold">
          {t("pointsTitle")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {points.map(([title, body]) => (
            <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 className="font-bold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="mb-4 text-xl font-bold">
          {t("stepsTitle")}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {steps.map(([title, body], i) => (
            <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm font-bold text-brand-700">STEP {i + 1}</p>
              <h3 className="mt-1 font-bold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="id-title"
        className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6"
      >
        <h2 id="id-title" className="font-bold">
          {t("idTitle")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">
          {t("idBody", { amount: exempt, age: BUYBACK_RULES.minimumAge })}
        </p>
      </section>

      <section aria-labelledby="faq-title">
        <h2 id="faq-title" className="mb-4 text-xl font-bold">
          {t("faqTitle")}
        </h2>
        <div className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {faq.map(([key, q, a]) => (
            <details key={key} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-3 font-semibold">
                <span>{q}</span>
                <span aria-hidden="true" className="text-brand-700 transition group-open:rotate-45">
                  ＋
                </span>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-slate-700">{a}</p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="more-title">
        <h2 id="more-title" className="mb-3 text-xl font-bold">
          {t("moreTitle")}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-3">
          {(
            [
              ["results/", t("resultsLink")],
              ["spots/", t("spotsLink")],
              ["shop/", t("shopLink")],
            ] as const
          ).map(([path, text]) => (
            <li key={path}>
              <Link
                to={`/${lang}/buyback/${path}`}
                className="flex h-full items-center rounded-xl bg-white px-4 py-3 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
              >
                {text}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="cta-title"
        className="flex flex-col items-center gap-3 rounded-3xl bg-white px-5 py-8 text-center shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="cta-title" className="text-xl font-bold">
          {t("ctaTitle")}
        </h2>
        <p className="text-sm text-slate-600">{t("ctaBody")}</p>
        <ApplyButton lang={lang} />
      </section>
    </div>
  );
}
