import { data, Link } from "react-router";
import { getPointsPurchase } from "#core/money/balance/points-purchase.ts";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transfer-points-finish";

export const meta = titleMeta("balancePages.transferFinish.title");
export const handle = { back: "/balance/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const raw = new URL(request.url).searchParams.get("entry") ?? "";
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw data("Page not found", { status: 404 });
  // Only the member's own purchase: anyone else's entry is a page that does not exist.
  return orNotFound(() => getPointsPurchase(core(context), { userId: user.id, entryId: Number(raw) }));
}

export default function TransferPointsFinish({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("balancePages");
  const lang = langOf(params);
  const p = loaderData;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("transferFinish.title")}
      </h1>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <p className="text-lg font-bold" data-testid="moved">
          {t("transferFinish.moved", {
            amount: formatYen(p.amount, lang),
            points: formatPoints(p.amount, lang),
          })}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {t("transferFinish.at", { date: formatDate(p.at, lang, true) })}
        </p>
      </div>
      <section
        aria-labelledby="now-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="now-title" className="font-bold">
          {t("transferFinish.now")}
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-2">
          <dt>{t("proceeds.title")}</dt>
          <dd className="text-right text-xl font-bold tabular-nums" data-testid="proceeds">
            {formatYen(p.proceeds, lang)}
          </dd>
          <dt>{t("points.title")}</dt>
          <dd className="text-right text-xl font-bold tabular-nums" data-testid="points">
            {formatPoints(p.points, lang)}
          </dd>
        </dl>
      </section>
      <Link
        to={`/${lang}/balance/`}
        className="flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700"
      >
        {t("transferFinish.back")}
      </Link>
      <Link
        to={`/${lang}/balance/transfer-history/`}
        className="flex h-12 items-center justify-center rounded-full border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t("transferFinish.history")}
      </Link>
    </section>
  );
}
