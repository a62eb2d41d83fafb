import { useTranslations } from "use-intl";
import { getBalance, listBalanceHistory } from "#core/ledger/get-balance.ts";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/balance";

export const meta = titleMeta("buying.balanceTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const ctx = core(context);
  const [balance, history] = await Promise.all([
    getBalance(ctx, { userId: user.id }),
    listBalanceHistory(ctx, { userId: user.id, limit: 50 }),
  ]);
  return { balance, history: history.items };
}

const KINDS = ["sale_proceeds", "escrow", "escrow_return", "points_top_up", "transfer_out"] as const;

export default function Balance({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const { balance, history } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("balanceTitle")}</h1>
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <dt>{t("proceedsBalance")}</dt>
        <dd className="text-right text-xl font-bold" data-testid="proceeds">
          {formatYen(balance.proceeds, lang)}
        </dd>
        <dt>{t("pointsBalance")}</dt>
        <dd className="text-right font-semibold">{formatYen(balance.points, lang)}</dd>
        <dt className="text-sm text-slate-600">{t("escrowBalance")}</dt>
        <dd className="text-right text-sm text-slate-600">{formatYen(balance.escrow, lang)}</dd>
      </dl>
      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-2 font-bold">
          {t("history")}
        </h2>
        {history.length === 0 ? (
          <EmptyState>{t("noHistory")}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {history.map((h) => (
              <li key={h.lineId} className="flex items-center justify-between p-4 text-sm">
                <span>
                  {(KINDS as readonly string[]).includes(h.kind)
                    ? t(`historyKind.${h.kind as (typeof KINDS)[number]}`)
                    : h.kind}
                  <span className="ml-2 text-xs text-slate-500">{formatDate(h.createdAt, lang, true)}</span>
                </span>
                <span className={h.amount < 0 ? "text-danger-600" : "font-semibold"}>
                  {h.amount > 0 ? "+" : ""}
                  {formatYen(h.amount, lang)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
