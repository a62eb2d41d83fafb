import { listTransactions } from "#core/trading/list-transactions.ts";
import { TransactionList } from "../../components/buying/transaction-list.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
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
        <TransactionList rows={loaderData.purchases} side="buyer" lang={lang} label={t("purchasedTitle")} />
      )}
    </div>
  );
}
