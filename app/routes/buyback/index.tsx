import { Link } from "react-router";
import { BUYBACK_GRADES } from "#core/buyback/codes.ts";
import { getModelPrices, listPriceCategories, listPriceModels } from "#core/buyback/public-prices.ts";
import { BUYBACK_RULES, DEDUCTION_PERCENT } from "#core/buyback/rules.ts";
import { isAppError } from "#core/shared/errors.ts";
import { ApplyButton, BuybackNav } from "../../components/buyback/public.tsx";
import { QuoteBox } from "../../components/buyback/quote-box.tsx";
import { formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
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
