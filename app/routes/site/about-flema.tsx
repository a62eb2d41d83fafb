import { Link } from "react-router";
import { PRICE_RESTRICTION_THRESHOLD, SALES_FEE_RATE_PERCENT } from "#core/catalog/codes.ts";
import { PAYOUT_FEES } from "#core/money/balance/fees.ts";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/about-flema";

export const handle = { back: "history" };

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  return seo(args, { title: t("aboutFlema.title"), description: t("aboutFlema.description") });
}

export default function AboutFlema({ params }: Route.ComponentProps) {
  const t = useTranslations("aboutFlema");
  const lang = langOf(params);
  const steps = [
    [t("step1Title"), t("step1Body")],
    [t("step2Title"), t("step2Body")],
    [t("step3Title"), t("step3Body")],
  ] as const;
  const threshold = PRICE_RESTRICTION_THRESHOLD.toLocaleString(lang === "ja" ? "ja-JP" : "en-US");
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-10" aria-labelledby="page-title">
      <header>
        <h1 id="page-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-slate-700">{t("lead")}</p>
      </header>
      <section aria-labelledby="how-title">
        <h2 id="how-title" className="mb-4 text-xl font-bold">
          {t("howTitle")}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {steps.map(([title, body], i) => (
            <li key={title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm font-bold text-brand-700">STEP {i + 1}</p>
              <h3 className="mt-1 font-bold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="fees-title">
        <h2 id="fees-title" className="mb-3 text-xl font-bold">
          {t("feesTitle")}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-relaxed">
          <li>{t("feeListing")}</li>
          <li>{t("feeSales", { rate: SALES_FEE_RATE_PERCENT })}</li>
          <li>
            {t("feeTransfer", {
              bank: PAYOUT_FEES.bank,
              cvs: PAYOUT_FEES.seven,
              wallet: PAYOUT_FEES.kyash,
            })}
          </li>
        </ul>
      </section>
      <section aria-labelledby="safety-title">
        <h2 id="safety-title" className="mb-3 text-xl font-bold">
          {t("safetyTitle")}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm leading-relaxed">
          <li>{t("safety1")}</li>
          <li>{t("safety2", { threshold })}</li>
          <li>{t("safety3")}</li>
        </ul>
      </section>
      <Link
        to={`/${lang}/flema/`}
        className="inline-flex h-12 items-center justify-center self-center rounded-full bg-brand-600 px-8 font-semibold text-white hover:bg-brand-700"
      >
        {t("cta")}
      </Link>
    </article>
  );
}
