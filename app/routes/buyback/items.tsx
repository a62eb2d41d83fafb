import { Link } from "react-router";
import { listPriceCategories } from "#core/buyback/public-prices.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { Breadcrumbs, BuybackNav } from "../../components/buyback/public.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/items";

export const handle = { back: "/buyback/", tab: "home" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, {
    title: t("buybackPublic.items.title"),
    description: t("buybackPublic.items.description"),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listPriceCategories(core(context)) };
}

/** `/buyback/items/`: every category, with how many of its models have a price now. */
export default function BuybackItems({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BuybackNav lang={lang} />
      <Breadcrumbs
        items={[{ label: t("index.title"), to: `/${lang}/buyback/` }, { label: t("items.title") }]}
      />
      <header>
        <h1 className="text-2xl font-bold">{t("items.title")}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("items.lead")}</p>
      </header>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="price-categories">
        {loaderData.categories.map((c) => (
          <li key={c.categoryCode}>
            <Link
              to={`/${lang}/buyback/items/${c.categoryCode}/`}
              className="flex h-full items-center justify-between gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
            >
              <span>
                <span className="block font-bold">{label(CATEGORIES, c.categoryCode, lang)}</span>
                <span
                  className={`mt-1 block text-sm ${c.pricedModels > 0 ? "font-semibold text-brand-700" : "text-slate-500"}`}
                >
                  {c.pricedModels > 0 ? t("items.models", { count: c.pricedModels }) : t("items.noModels")}
                </span>
              </span>
              <span aria-hidden="true" className="text-xl text-slate-400">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
