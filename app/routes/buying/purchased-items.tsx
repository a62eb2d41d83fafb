import { Link } from "react-router";
import { useTranslations } from "use-intl";
import { TRANSACTION_STATES } from "#core/shared/codes.ts";
import { listTransactions } from "#core/trading/get-transaction.ts";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { core, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/purchased-items";

export const meta = titleMeta("buying.purchasedTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return {
    purchases: (await listTransactions(core(context), { userId: user.id, side: "buyer", limit: 100 })).items,
  };
}

export default function PurchasedItems({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("purchasedTitle")}</h1>
      {loaderData.purchases.length === 0 ? (
        <EmptyState>{t("noPurchases")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {loaderData.purchases.map((p) => (
            <li key={p.id}>
              <Link
                to={`/${lang}/items/${p.itemId}/transactions/buyer/`}
                className="flex items-center justify-between gap-3 p-4 text-sm"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{p.title}</span>
                  <span className="text-xs text-slate-500">{formatDate(p.createdAt, lang)}</span>
                </span>
                <span className="text-right">
                  <span className="block">{formatYen(p.price, lang)}</span>
                  <span className="text-xs text-slate-600">{label(TRANSACTION_STATES, p.state, lang)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
