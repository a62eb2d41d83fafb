import type { MarketPrice } from "#core/catalog/market-prices.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatYen } from "../i18n/index.ts";
import { useTranslations } from "../i18n/use-translations.ts";

/** A market's trend in words: rising, falling or steady, with the change. */
function MarketTrendText({ trend }: { trend: MarketPrice["trend"] }) {
  const t = useTranslations("market");
  if (!trend) return null;
  const arrow = trend.direction === "up" ? "↑" : trend.direction === "down" ? "↓" : "→";
  const text =
    trend.direction === "flat"
      ? t("trendFlat")
      : t(trend.direction === "up" ? "trendUp" : "trendDown", {
          percent: `${trend.changePercent > 0 ? "+" : ""}${trend.changePercent}`,
        });
  return (
    <span data-testid="market-trend" data-direction={trend.direction}>
      <span aria-hidden="true">{arrow} </span>
      {text}
    </span>
  );
}

/**
 * The market price of a model in a condition (相場), for the item page: the median of the last 90
 * days' sales, the range half of them fell in, how many there were and which way they move. Below
 * five sales it says there are too few, with the count.
 */
export function MarketPriceCard({ market, lang }: { market: MarketPrice; lang: Locale }) {
  const t = useTranslations("market");
  return (
    <section
      aria-labelledby="market-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="market-price"
      data-enough={market.enough}
    >
      <h2 id="market-title" className="mb-2 text-base font-bold">
        {t("title")}
      </h2>
      {market.enough && market.median !== null && market.q1 !== null && market.q3 !== null ? (
        <div className="flex flex-col gap-1 text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-slate-600">{t("median")}</span>
            <span className="text-2xl font-bold tabular-nums" data-testid="market-median">
              {formatYen(market.median, lang)}
            </span>
          </p>
          <p>
            <span className="font-semibold tabular-nums" data-testid="market-range">
              {t("range", { low: formatYen(market.q1, lang), high: formatYen(market.q3, lang) })}
            </span>
            <span className="ml-2 text-xs text-slate-600">{t("rangeNote")}</span>
          </p>
          <p className="text-slate-700">
            <span data-testid="market-count">
              {t("count", { count: market.count, days: market.windowDays })}
            </span>
            {market.trend && (
              <>
                {" · "}
                <MarketTrendText trend={market.trend} />
              </>
            )}
          </p>
          {market.trend && <p className="text-xs text-slate-500">{t("trendNote")}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="market-not-enough">
          {t("notEnough", { count: market.count, days: market.windowDays })}
        </p>
      )}
    </section>
  );
}
