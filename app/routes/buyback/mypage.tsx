import { Link } from "react-router";
import { memberBuybackHome } from "#core/buyback/get-buyback-home.ts";
import { BuybackRows } from "../../components/buyback-member/buyback-rows.tsx";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/mypage";
import { requireMember } from "./member.server.ts";

export const meta = titleMeta("buybackMember.home.title", { noindex: true });
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireMember(context, request, langOf(params));
  return memberBuybackHome(core(context), user.id);
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const menuLink =
  "flex min-h-12 items-center justify-between gap-3 px-4 py-2 text-base text-slate-900 hover:bg-slate-50";

/** The member's buyback home: what needs an answer first, then what is under way, then what ended. */
export default function BuybackMypage({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackMember");
  const lang = langOf(params);
  const { needsAnswer, inProgress, done, totals } = loaderData;
  const section = (id: string, title: string, rows: typeof done, empty: string) => (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="px-1 text-lg font-bold">
        {title}
      </h2>
      {rows.length > 0 ? (
        <BuybackRows rows={rows} lang={lang} label={title} testId={id} />
      ) : (
        <p className="px-1 text-sm text-slate-600">{empty}</p>
      )}
    </section>
  );
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <h1 className="text-2xl font-bold">{t("home.title")}</h1>
      <section aria-labelledby="totals-title" className={card}>
        <h2 id="totals-title" className="text-sm font-bold text-slate-600">
          {t("home.totals")}
        </h2>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="buyback-totals">
          {t("home.totalsValue", { count: totals.bought, amount: formatYen(totals.amount, lang) })}
        </p>
      </section>
      <Link
        to={`/${lang}/buyback/application/`}
        className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
      >
        {t("home.sell")}
      </Link>
      {section("needs-answer", t("home.needsAnswer"), needsAnswer, t("home.needsAnswerEmpty"))}
      {section("in-progress", t("home.inProgress"), inProgress, t("home.inProgressEmpty"))}
      {section("done", t("home.done"), done, t("home.doneEmpty"))}
      <nav
        aria-label={t("home.title")}
        className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <ul className="divide-y divide-slate-200">
          {(
            [
              ["all", "/buyback/transactions/"],
              ["balance", "/balance/"],
              ["prices", "/buyback/items/"],
            ] as const
          ).map(([key, path]) => (
            <li key={key}>
              <Link to={`/${lang}${path}`} className={menuLink}>
                {t(`home.${key}`)}
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
