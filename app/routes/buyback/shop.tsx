import { Link } from "react-router";
import type { DIAGNOSTIC_FIELDS } from "#core/buyback/diagnostic-fields.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { COMPANY } from "#core/shared/company.ts";
import { Breadcrumbs, BuybackNav } from "../../components/buyback/public.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/shop";

export const handle = { back: "/buyback/", tab: "home" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, {
    title: t("buybackPublic.shop.title"),
    description: t("buybackPublic.shop.description"),
  });
}

/** The checks a buyer reads first on a device page: identity, battery, restrictions, locks, data. */
const SHOWN_DIAGNOSTICS = [
  "imei",
  "batteryMaxCapacity",
  "batteryCycleCount",
  "networkRestriction",
  "activationLock",
  "nonGenuineParts",
  "testResult",
  "dataDeletionDate",
] as const satisfies readonly (typeof DIAGNOSTIC_FIELDS)[number]["key"][];

/** `/buyback/shop/`: the service for shops and businesses, and how a company becomes a buyer. */
export default function BuybackShop({ params }: Route.ComponentProps) {
  const t = useTranslations("buybackPublic.shop");
  const common = useTranslations("buybackPublic");
  const diagnostics = useTranslations("buyback.diagnostics");
  const lang = langOf(params);
  const login = `/${lang}/buyback/login/`;
  const features = [
    ["bids", t("bidsTitle"), t("bidsBody")],
    ["win", t("winTitle"), t("winBody")],
    ["deliveries", t("deliveriesTitle"), t("deliveriesBody", { fee: BUYBACK_RULES.buyerFeePercent })],
    [
      "recommend",
      t("recommendTitle"),
      t("recommendBody", { days: BUYBACK_RULES.recommendWindowDays, min: BUYBACK_RULES.recommendMinSample }),
    ],
  ] as const;
  const steps = [
    [t("join1Title"), t("join1Body")],
    [t("join2Title"), t("join2Body")],
    [t("join3Title"), t("join3Body")],
    [t("join4Title"), t("join4Body")],
  ] as const;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10">
      <div className="flex flex-col gap-4">
        <BuybackNav lang={lang} />
        <Breadcrumbs
          items={[{ label: common("index.title"), to: `/${lang}/buyback/` }, { label: t("title") }]}
        />
      </div>
      <section className="rounded-3xl bg-gradient-to-br from-slate-700 to-slate-900 px-5 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="text-sm font-semibold text-slate-200">{t("title")}</h1>
        <p className="mt-2 text-2xl leading-snug font-bold whitespace-pre-line sm:text-4xl">
          {t("heroTitle")}
        </p>
        <p className="mt-4 text-sm leading-relaxed text-slate-100 sm:text-base">{t("heroBody")}</p>
        <Link
          to={login}
          className="mt-6 inline-flex h-12 items-center rounded-full bg-white px-6 font-semibold text-slate-900 hover:bg-slate-100"
        >
          {t("login")}
        </Link>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="mb-4 text-xl font-bold">
          {t("featuresTitle")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {features.slice(0, 2).map(([key, title, body]) => (
            <li key={key} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 className="font-bold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
          <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:col-span-2">
            <h3 className="font-bold">{t("diagnosticsTitle")}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("diagnosticsBody")}</p>
            <ul className="mt-3 flex flex-wrap gap-2" data-testid="diagnostics">
              {SHOWN_DIAGNOSTICS.map((key) => (
                <li
                  key={key}
                  className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700"
                >
                  {diagnostics(key)}
                </li>
              ))}
            </ul>
          </li>
          {features.slice(2).map(([key, title, body]) => (
            <li key={key} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 className="font-bold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="join-title">
        <h2 id="join-title" className="mb-4 text-xl font-bold">
          {t("joinTitle")}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
        aria-labelledby="contact-title"
        className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6"
      >
        <h2 id="contact-title" className="font-bold">
          {t("contactTitle")}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("contactBody")}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <Link
            to={`/${lang}/mypage/support/`}
            className="inline-flex h-11 items-center justify-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("contactSupport")}
          </Link>
          <p className="text-sm">
            {t("contactEmail")}
            <a href={`mailto:${COMPANY.email}`} className="text-brand-700 underline">
              {COMPANY.email}
            </a>
          </p>
        </div>
      </section>

      <section className="flex flex-col items-center gap-3 rounded-3xl bg-white px-5 py-8 text-center shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-700">{t("loginLead")}</p>
        <Link
          to={login}
          className="inline-flex h-12 items-center rounded-full bg-slate-900 px-8 font-semibold text-white hover:bg-slate-700"
        >
          {t("login")}
        </Link>
      </section>
    </div>
  );
}
