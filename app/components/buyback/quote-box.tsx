import { type SelectHTMLAttributes, useId } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { BuybackGrade } from "#core/buyback/codes.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { FieldMessages } from "../form.tsx";
import { SelectOptions } from "../select-field.tsx";
import { ApplyButton, byBrand, GradeBadge } from "./public.tsx";

/** What the quote box shows: the categories with prices, the chosen one's models, a chosen model's prices. */
export type QuoteData = {
  categories: { categoryCode: string }[];
  category: string;
  models: { id: number; name: string; brandName: string }[];
  model: {
    id: number;
    name: string;
    topPrice: number | null;
    byGrade: { grade: BuybackGrade; price: number | null; updatedAt: string | null }[];
  } | null;
};

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
        <SelectOptions options={options} groups={groups} />
      </select>
      <FieldMessages id={id} name={select.name ?? ""} hint={hint} />
    </div>
  );
}

export function QuoteBox({ loaderData, lang }: { loaderData: QuoteData; lang: Locale }) {
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
