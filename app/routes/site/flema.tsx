import { Link } from "react-router";
import { SALES_FEE_RATE_PERCENT } from "#core/catalog/codes.ts";
import { CategoryLinks } from "../../components/category-links.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/flema";

export const handle = { tab: "home" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, { title: t("flema.title"), description: t("flema.description") });
}

export default function Flema({ params }: Route.ComponentProps) {
  const t = useTranslations("flema");
  const lang = langOf(params);
  const points = [
    [t("point1Title"), t("point1Body")],
    [t("point2Title"), t("point2Body")],
    [t("point3Title"), t("point3Body", { rate: SALES_FEE_RATE_PERCENT })],
  ] as const;
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="text-2xl leading-snug font-bold whitespace-pre-line sm:text-4xl">{t("heroTitle")}</h1>
        <p className="mt-4 text-sm leading-relaxed text-brand-50 sm:text-base">{t("heroBody")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={`/${lang}/items/`}
            className="inline-flex h-12 items-center rounded-full bg-white px-6 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("browse")}
          </Link>
          <Link
            to={`/${lang}/sell/`}
            className="inline-flex h-12 items-center rounded-full border border-white/60 px-6 font-semibold text-white hover:bg-white/10"
          >
            {t("sell")}
          </Link>
        </div>
      </section>
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
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-3 text-xl font-bold">
          {t("categoriesTitle")}
        </h2>
        <CategoryLinks lang={lang} />
      </section>
      <section
        aria-labelledby="imei-title"
        className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6"
      >
        <h2 id="imei-title" className="font-bold">
          {t("imeiTitle")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("imeiBody")}</p>
        <Link
          to={`/${lang}/imei-checker/`}
          className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
        >
          {t("imeiLink")}
        </Link>
      </section>
      <Link
        to={`/${lang}/about/flema/`}
        className="self-center text-sm font-semibold text-brand-700 underline"
      >
        {t("learnMore")}
      </Link>
    </div>
  );
}
