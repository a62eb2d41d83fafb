import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import type { TradeUnderWay } from "#core/trading/trades-under-way.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

export type TradesUnderWayData = { trades: TradeUnderWay[]; total: number; yourTurn: number };

/**
 * A member's purchases and sales still under way, those waiting for them first, each with its
 * photo, price and where it stands, leading to its transaction page. (What the member has to do
 * about them is said once, in their to-do list.)
 */
export function TradesUnderWay({
  data,
  lang,
  headingLevel = 2,
}: {
  data: TradesUnderWayData;
  lang: Locale;
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations("mypage.trades");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="trades-title" data-testid="trades-under-way">
      <Heading id="trades-title" className="mb-1 text-lg font-bold">
        {t("title")}
        {data.total > 0 && <span className="ml-2 text-sm font-normal text-slate-500">{data.total}</span>}
      </Heading>
      {data.trades.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t("none")}
        </p>
      ) : (
        <ul
          aria-label={t("label")}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {data.trades.map((trade) => (
            <li key={trade.id}>
              <Link
                to={`/${lang}/items/${trade.itemId}/transactions/${trade.side}/`}
                className="flex items-center gap-3 p-3 hover:bg-slate-50"
                data-testid="trade-row"
                data-your-turn={trade.yourTurn}
              >
                {trade.thumbUrl ? (
                  <img
                    src={trade.thumbUrl}
                    alt=""
                    className="size-14 shrink-0 rounded-lg bg-slate-100 object-contain"
                    loading="lazy"
                  />
                ) : (
                  <span aria-hidden="true" className="size-14 shrink-0 rounded-lg bg-slate-100" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2 text-xs text-slate-500">
                    <span>{t(trade.side === "buyer" ? "buying" : "selling")}</span>
                    {trade.yourTurn && (
                      <span className="rounded bg-danger-600 px-1.5 py-0.5 text-[10px] font-bold text-white">
                        {t("badge")}
                      </span>
                    )}
                  </span>
                  <span className="block truncate text-sm font-semibold text-slate-900">{trade.title}</span>
                  <span
                    className={`block text-xs ${trade.yourTurn ? "font-semibold text-danger-600" : "text-slate-600"}`}
                  >
                    {t(`steps.${trade.step}`)}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {formatYen(trade.price, lang)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data.total > data.trades.length && (
        <p className="mt-2 text-right text-sm text-slate-600">
          {t("more", { count: data.total - data.trades.length })}
        </p>
      )}
    </section>
  );
}
