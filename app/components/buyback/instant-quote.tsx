import { useEffect, useId, useMemo, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { QuickQuote, QuoteCondition, QuoteModel } from "#core/buyback/quick-quote.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { SelectField } from "../select-field.tsx";
import { byBrand } from "./public.tsx";

/** The instant quote as the page carries it: the choices, what was chosen, and the answer. */
export type InstantQuoteData = {
  models: QuoteModel[];
  conditions: readonly QuoteCondition[];
  chosen: { model: string; condition: string };
  errors: { model?: string; condition?: string };
  quote: QuickQuote | null;
};

/** The application, with the quote's model and condition filled in. */
function applicationPath(lang: Locale, quote: Pick<QuickQuote, "model" | "condition"> | null) {
  const query = quote ? `?model=${quote.model.id}&condition=${quote.condition}` : "";
  return `/${lang}/buyback/application/${query}`;
}

/**
 * The home page's instant quote: a model with a price now and the device's condition give the range
 * of its public prices, then a way on to the application with both filled in. A GET form, so it
 * works without JavaScript; with it, each choice updates the answer in place, and a text box narrows
 * the model list as the visitor types.
 */
export function InstantQuote({ data, lang }: { data: InstantQuoteData; lang: Locale }) {
  const t = useTranslations("home.quote");
  const submit = useSubmit();
  const filterId = useId();
  const { models, conditions, chosen, errors, quote } = data;
  const [filter, setFilter] = useState("");
  // The model picked in the list: it stays in it whatever the text box says.
  const [picked, setPicked] = useState(chosen.model);
  // The text box narrows the list only once the page runs: before that it could not.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const groups = useMemo(() => {
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const shown = models.filter(
      (m) =>
        String(m.id) === picked || words.every((w) => `${m.brandName} ${m.name}`.toLowerCase().includes(w)),
    );
    return byBrand(shown);
  }, [models, filter, picked]);
  const change = (form: HTMLFormElement | null) => {
    if (!form) return;
    const values = new FormData(form);
    // Both chosen: the answer in place. Until then, nothing to ask the server.
    if (!values.get("model") || !values.get("condition")) return;
    void submit(values, { method: "get", preventScrollReset: true, replace: true });
  };
  const range = quote?.range;
  return (
    <section
      id="quote"
      aria-labelledby="quote-title"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      data-testid="home-quote"
    >
      <p className="text-sm font-semibold text-brand-700">{t("kicker")}</p>
      <h2 id="quote-title" className="mt-1 text-xl font-bold sm:text-2xl">
        {t("title")}
      </h2>
      {models.length === 0 ? (
        <p className="mt-3 text-sm leading-relaxed text-slate-700" data-testid="quote-nothing">
          {t("nothing")}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("lead")}</p>
          <Form
            method="get"
            action={`/${lang}/`}
            className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            data-testid="quote-form"
            noValidate
          >
            <div className="flex flex-col gap-2">
              {hydrated && (
                <div>
                  <label htmlFor={filterId} className="text-sm font-semibold text-slate-800">
                    {t("filter")}
                  </label>
                  <input
                    id={filterId}
                    type="search"
                    value={filter}
                    onChange={(e) => setFilter(e.currentTarget.value)}
                    placeholder={t("filterPlaceholder")}
                    autoComplete="off"
                    className="mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
                  />
                </div>
              )}
              <SelectField
                id="quote-model"
                name="model"
                label={t("model")}
                groups={groups}
                defaultValue={chosen.model}
                error={errors.model}
                onChange={(e) => {
                  setPicked(e.currentTarget.value);
                  change(e.currentTarget.form);
                }}
              />
            </div>
            <SelectField
              id="quote-condition"
              name="condition"
              label={t("condition")}
              options={conditions.map((c) => ({ value: c, label: t(`conditions.${c}`) }))}
              defaultValue={chosen.condition}
              error={errors.condition}
              onChange={(e) => change(e.currentTarget.form)}
            />
            <button
              type="submit"
              className="h-12 rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
            >
              {t("submit")}
            </button>
          </Form>
        </>
      )}
      <div aria-live="polite">
        {quote && (
          <div className="mt-6 border-t border-slate-200 pt-5" data-testid="quote-result">
            <h3 className="font-bold">
              {t("result", { model: quote.model.name, condition: t(`conditions.${quote.condition}`) })}
            </h3>
            {range ? (
              <>
                <p className="mt-2 text-3xl font-bold text-brand-800 tabular-nums" data-testid="quote-range">
                  {range.min === range.max
                    ? formatYen(range.max, lang)
                    : t("range", { min: formatYen(range.min, lang), max: formatYen(range.max, lang) })}
                </p>
                <p className="mt-2 text-xs leading-relaxed text-slate-600">{t("rangeNote")}</p>
              </>
            ) : (
              <p className="mt-2 text-sm leading-relaxed text-slate-700" data-testid="quote-none">
                {t("none")}
              </p>
            )}
            <Link
              to={applicationPath(lang, quote)}
              className="mt-4 inline-flex h-12 items-center justify-center rounded-full bg-brand-600 px-8 font-semibold text-white hover:bg-brand-700"
              data-testid="quote-apply"
            >
              {t("apply")}
            </Link>
          </div>
        )}
      </div>
      <Link
        to={`/${lang}/buyback/`}
        className="mt-5 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2"
        data-testid="home-buyback-link"
      >
        {t("more")}
      </Link>
    </section>
  );
}
