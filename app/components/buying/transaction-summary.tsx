import { useTranslations } from "use-intl";
import { TRANSACTION_STATES } from "#core/shared/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { label } from "../../lib/labels.ts";

type Summary = {
  title: string;
  state: string;
  price: number;
  fee: number;
  proceeds: number;
  role: string;
  buyer: { nickname: string };
  seller: { nickname: string };
  createdAt: Date | string;
};

/** The head of every transaction page: item, status, the other party and the money. */
export function TransactionSummary({ view, lang }: { view: Summary; lang: Locale }) {
  const t = useTranslations("buying");
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold">{view.title}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>{t("state")}</dt>
        <dd className="font-semibold" data-testid="transaction-state">
          {label(TRANSACTION_STATES, view.state, lang)}
        </dd>
        <dt>{view.role === "seller" ? t("buyer") : t("seller")}</dt>
        <dd>{view.role === "seller" ? view.buyer.nickname : view.seller.nickname}</dd>
        <dt>{t("orderedAt")}</dt>
        <dd>{formatDate(view.createdAt, lang, true)}</dd>
        <dt>{t("price")}</dt>
        <dd>{formatYen(view.price, lang)}</dd>
        {view.role === "seller" && (
          <>
            <dt>{t("fee")}</dt>
            <dd>−{formatYen(view.fee, lang)}</dd>
            <dt className="font-bold">{t("proceeds")}</dt>
            <dd className="font-bold">{formatYen(view.proceeds, lang)}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
