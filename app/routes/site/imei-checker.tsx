import { Form, Link } from "react-router";
import { getModelPrices } from "#core/buyback/public-prices.ts";
import { checkImei } from "#core/catalog/check-imei.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { NETWORK_RESTRICTIONS } from "#core/catalog/device-facts.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { SubmitButton, TextField } from "../../components/form.tsx";
import { formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requestInfo } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/imei-checker";

export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const imei = new URL(request.url).searchParams.get("imei");
  if (imei === null) return { imei: "", result: null, buyback: null, error: null };
  try {
    const ctx = core(context);
    const result = await checkImei(ctx, { input: { imei }, ip: requestInfo(context).ip });
    // The model's buyback prices: where to sell it, and for how much at most today.
    const prices = result.model ? await getModelPrices(ctx, { modelId: result.model.id }) : null;
    const buyback = prices
      ? {
          path: `/${lang}/buyback/items/${prices.model.categoryCode}/${prices.model.id}/`,
          topPrice: prices.topPrice,
        }
      : null;
    return { imei, result, buyback, error: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const text = localizeError(error, lang);
    return { imei, result: null, buyback: null, error: text.fields.imei ?? text.message };
  }
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  // A result page is one person's lookup: only the empty checker is for search engines.
  const lookup = new URLSearchParams(args.location.search).has("imei");
  return seo(args, {
    title: t("imeiChecker.title"),
    description: t("imeiChecker.description"),
    noindex: lookup,
  });
}

export default function ImeiChecker({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("imeiChecker");
  const b = useTranslations("buybackPublic.imei");
  const lang = langOf(params);
  const { imei, result, buyback, error } = loaderData;
  const restriction = result
    ? NETWORK_RESTRICTIONS.find((r) => r.code === result.networkRestriction)
    : undefined;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("lead")}</p>
      </div>
      <Form
        method="get"
        className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        noValidate
      >
        <TextField
          name="imei"
          label={t("label")}
          hint={t("howTo")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          placeholder={t("placeholder")}
          defaultValue={imei}
          error={error ?? undefined}
        />
        <SubmitButton>{t("submit")}</SubmitButton>
        <p className="text-xs text-slate-500">{t("limitNote")}</p>
      </Form>
      {result && (
        <section
          aria-labelledby="result-title"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-live="polite"
        >
          <h2 id="result-title" className="font-bold">
            {t("resultTitle")}
          </h2>
          {result.known ? (
            <p className="mt-2 text-sm font-semibold text-emerald-700" data-testid="imei-verdict">
              {t("valid")}
            </p>
          ) : (
            <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <p className="font-semibold" data-testid="imei-verdict">
                {t("unknownDevice")}
              </p>
              <p className="mt-1 leading-relaxed">{t("unknownDeviceBody")}</p>
            </div>
          )}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">IMEI</dt>
            <dd className="font-mono">{result.imei}</dd>
            <dt className="text-slate-600">{t("brand")}</dt>
            <dd data-testid="imei-brand">{result.brand?.name ?? t("unknown")}</dd>
            <dt className="text-slate-600">{t("model")}</dt>
            <dd data-testid="imei-model">{result.model?.name ?? t("unknown")}</dd>
            <dt className="text-slate-600">{t("category")}</dt>
            <dd data-testid="imei-category">
              {label(CATEGORIES, result.model?.categoryCode, lang) || t("unknown")}
            </dd>
            <dt className="text-slate-600">{t("restriction")}</dt>
            <dd data-testid="network-restriction" className="font-semibold">
              {restriction
                ? renderMessage(restriction.label, lang)
                : result.known && !result.restrictionChecked
                  ? t("notChecked")
                  : t("unknown")}
            </dd>
          </dl>
          <p className="mt-3 text-xs text-slate-500">
            {!result.known
              ? t("unknownRestrictionNote")
              : result.restrictionChecked
                ? t("restrictionNote")
                : t("notCheckedNote")}
          </p>
          {result.model && (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Link
                to={`/${lang}/items/search/?model=${result.model.id}`}
                className="inline-flex h-11 items-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t("listings")}
              </Link>
              {buyback && (
                <Link
                  to={buyback.path}
                  className="inline-flex min-h-11 flex-col justify-center rounded-full border border-brand-600 px-6 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  data-testid="buyback-price-link"
                >
                  {b("price")}
                  {buyback.topPrice !== null && (
                    <span className="text-xs font-normal text-slate-600">
                      {b("upTo", { price: formatYen(buyback.topPrice, lang) })}
                    </span>
                  )}
                </Link>
              )}
            </div>
          )}
          <Link
            to={`/${lang}/buyback/${result.model ? `application/?model=${result.model.id}` : ""}`}
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2"
            data-testid="imei-buyback-link"
          >
            {result.model ? b("sell") : b("about")}
          </Link>
        </section>
      )}
    </div>
  );
}
