import { Link } from "react-router";
import { COMPANY } from "#core/shared/company.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { CompanyTable } from "../../components/site/company-table.tsx";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import { buybackHomePath, MEDIA_HOME_PATH } from "../../lib/site-links.ts";
import type { Route } from "./+types/about";

export const handle = { back: "history" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, { title: t("about.title"), description: t("about.description") });
}

const BUTTON =
  "inline-flex h-11 items-center rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700";

function Service({ name, body, to, more }: { name: string; body: string; to: string; more: string }) {
  return (
    <li className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-lg font-bold">{name}</h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{body}</p>
      <Link to={to} className="mt-4 self-start text-sm font-semibold text-brand-700 underline">
        {more}
      </Link>
    </li>
  );
}

export default function About({ params }: Route.ComponentProps) {
  const t = useTranslations("about");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-12">
      <section className="rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-5 py-8 text-white sm:px-10">
        <p className="text-sm font-semibold text-brand-100">{t("title")}</p>
        <h1 className="mt-2 text-2xl leading-snug font-bold sm:text-3xl">{t("heroTitle")}</h1>
        <p className="mt-4 text-sm leading-relaxed text-brand-50 sm:text-base">{t("heroBody")}</p>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title" className="mb-4 text-xl font-bold">
          {t("servicesTitle")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          <Service
            name={t("flemaName")}
            body={t("flemaBody")}
            to={`/${lang}/about/flema/`}
            more={t("seeDetail")}
          />
          <Service
            name={t("buybackName")}
            body={t("buybackBody")}
            to={buybackHomePath(lang)}
            more={t("seeDetail")}
          />
        </ul>
      </section>

      <section
        aria-labelledby="vision-title"
        className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <h2 id="vision-title" className="text-sm font-semibold tracking-wide text-brand-700">
          {t("visionTitle")}
        </h2>
        <p className="mt-2 text-xl font-bold sm:text-2xl">{t("visionHeading")}</p>
        <p className="mt-4 text-sm leading-relaxed text-slate-700">{t("visionBody1")}</p>
        <p className="mt-3 text-sm leading-relaxed text-slate-700">{t("visionBody2")}</p>
        <Link to={MEDIA_HOME_PATH} className={`mt-6 ${BUTTON}`}>
          {t("visionButton")}
        </Link>
      </section>

      <section aria-labelledby="company-title">
        <h2 id="company-title" className="mb-4 text-xl font-bold">
          {t("companyTitle")}
        </h2>
        <CompanyTable lang={lang} />
      </section>

      <section aria-labelledby="contact-title">
        <h2 id="contact-title" className="mb-3 text-xl font-bold">
          {t("contactTitle")}
        </h2>
        <p className="text-sm leading-relaxed text-slate-700">{t("contactBody")}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-600">{t("contactEmail")}</dt>
          <dd>
            <a href={`mailto:${COMPANY.email}`} className="text-brand-700 underline">
              {COMPANY.email}
            </a>
          </dd>
          <dt className="font-semibold text-slate-600">{t("contactHours")}</dt>
          <dd>{renderMessage(COMPANY.supportHours, lang)}</dd>
        </dl>
      </section>
    </div>
  );
}
