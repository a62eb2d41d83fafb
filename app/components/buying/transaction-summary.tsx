import type { Locale } from "#core/shared/locale.ts";
import { TRANSACTION_STATES } from "#core/trading/codes.ts";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";

type Summary = {
  title: string;
  state: string;
  price: number;
  fee: number;
  courierFee: number;
  proceeds: number;
  postage: string;
  shipment: { fee: number | null; invoiceNumber: string | null } | null;
  /** What the buyer paid with: free points, paid points and card. */
  paidWith: { freePoints: number; points: number; card: number };
  role: string;
  buyer: { nickname: string };
  seller: { nickname: string };
  createdAt: Date | string;
};

/** The facts of a transaction: status, the other party, when, and the money (the item is in `TradeHeader`). */
export function TransactionSummary({ view, lang }: { view: Summary; lang: Locale }) {
  const t = useTranslations("buying");
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
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
            {view.courierFee > 0 && (
              <>
                <dt>{t("courierFee")}</dt>
                <dd data-testid="courier-fee">−{formatYen(view.courierFee, lang)}</dd>
              </>
            )}
            <dt className="font-bold">{t("proceeds")}</dt>
            <dd className="font-bold" data-testid="transaction-proceeds">
              {formatYen(view.proceeds, lang)}
            </dd>
          </>
        )}
      </dl>
      {view.role !== "seller" && view.postage === "ARRIVAL" && (
        <p
          className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="postage-on-arrival"
        >
          {view.shipment?.invoiceNumber && view.shipment.fee
            ? t("postageOnArrivalAmount", { fee: formatYen(view.shipment.fee, lang) })
            : t("postageOnArrival")}
        </p>
      )}
      {view.role !== "seller" && (
        <>
          <h2 className="mt-4 text-sm font-bold">{t("paidWith")}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {view.paidWith.freePoints > 0 && (
              <>
                <dt>{t("freePoints")}</dt>
                <dd data-testid="paid-free-points">{formatPoints(view.paidWith.freePoints, lang)}</dd>
              </>
            )}
            {view.paidWith.points > 0 && (
              <>
                <dt>{t("paidPoints")}</dt>
                <dd data-testid="paid-points">{formatPoints(view.paidWith.points, lang)}</dd>
              </>
            )}
            {view.paidWith.card > 0 && (
              <>
                <dt>{t("cardPart")}</dt>
                <dd data-testid="paid-card">{formatYen(view.paidWith.card, lang)}</dd>
              </>
            )}
          </dl>
        </>
      )}
    </div>
  );
}
