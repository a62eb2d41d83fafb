import { Link } from "react-router";
import { listPriceModels } from "#core/buyback/public-prices.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { Breadcrumbs, BuybackNav } from "../../components/buyback/public.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/category";

export const handle = { back: "/buyback/items/", tab: "home" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const models = await orNotFound(() => listPriceModels(core(context), { categoryCode: params.categoryId }));
  return {
    categoryCode: params.categoryId,
    models: models.map((m) => ({
      id: m.id,
      name: m.name,
      brandName: m.brandName,
      releasedYear: m.releasedYear,
      topPrice: m.topPrice,
      updatedAt: m.updatedAt?.toISOString() ?? null,
    })),
  };
}

export function meta(args: Route.MetaArgs) {
  const lang = localeOf(args.location.pathname);
  const t = translator(lang);
  const category = args.loaderData ? label(CATEGORIES, args.loaderData.categoryCode, lang) : "";
  return seo(args, {
    title: t("buybackPublic.category.title", { category }),
    description: t("buybackPublic.category.description", { category }),
  });
}

/** `/buyback/items/{categoryId}/`: the category's models, priced ones first with their top price. */
export default function BuybackCategory({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic");
  const lang = langOf(params);
  const { categoryCode, models } = loaderData;
  const category = label(CATEGORIES, categoryCode, lang);
  const priced = models.filter((m) => m.topPrice !== null);
  const others = models.filter((m) => m.topPrice === null);
  const base = `/${lang}/buyback/items/${categoryCode}`;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BuybackNav lang={lang} />
      <Breadcrumbs
        items={[
          { label: t("index.title"), to: `/${lang}/buyback/` },
          { label: t("items.title"), to: `/${lang}/buyback/items/` },
          { label: category },
        ]}
      />
      <header>
        <h1 className="text-2xl font-bold">{t("category.title", { category })}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("category.lead")}</p>
      </header>
      <section aria-labelledby="priced-title">
        <h2 id="priced-title" className="mb-3 text-lg font-bold">
          {t("category.pricedTitle")}
        </h2>
        {priced.length === 0 ? (
          <p className="rounded-2xl bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
            {t("category.pricedEmpty")}
          </p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            data-testid="priced-models"
          >
            {priced.map((m) => (
              <li key={m.id}>
                <Link
                  to={`${base}/${m.id}/`}
                  className="flex items-center gap-3 px-4 py-3 first:rounded-t-2xl last:rounded-b-2xl hover:bg-slate-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-bold break-words">{m.name}</span>
                    <span className="block text-xs text-slate-600">
                      {m.brandName}
                      {m.releasedYear ? ` ・ ${t("category.released", { year: m.releasedYear })}` : ""}
                    </span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block font-bold text-brand-800">
                      {t("upTo", { price: formatYen(m.topPrice as number, lang) })}
                    </span>
                    {m.updatedAt && (
                      <span className="block text-xs text-slate-500">
                        {t("updatedAt", { date: formatDate(m.updatedAt, lang, true) })}
                      </span>
                    )}
                  </span>
                  <span aria-hidden="true" className="text-xl text-slate-400">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {others.length > 0 && (
        <section aria-labelledby="others-title">
          <h2 id="others-title" className="text-lg font-bold">
            {t("category.otherTitle")}
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-600">{t("category.otherLead")}</p>
          <ul className="flex flex-wrap gap-2" data-testid="unpriced-models">
            {others.map((m) => (
              <li key={m.id}>
                <Link
                  to={`${base}/${m.id}/`}
                  className="inline-block rounded-full bg-white px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-200 hover:ring-brand-600"
                >
                  {m.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link
        to={`/${lang}/buyback/items/`}
        className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t("category.allCategories")}
      </Link>
    </div>
  );
}
