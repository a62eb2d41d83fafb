import type { BuybackQuestion } from "#core/buyback/device-fields.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { OfferLines, useGradeLabel, useNgLabel } from "./offer-lines.tsx";

type PriceRange = { min: number; max: number };

/** An estimate as the pages and the estimate API carry it. */
export type EstimateView = {
  grade: string;
  ngConditions: string[];
  ngCondition: string;
  offer: { bid: number; deductions: { code: string; amount: number }[]; amount: number } | null;
  /** From the lowest to the highest amount grading may find (see the core's estimate). */
  range?: PriceRange | null;
  /** What the device's self-check report did to it. */
  check?: { reportId: string; fromCheck: string[]; narrowed: boolean; without: PriceRange | null } | null;
};

/** "¥36,000〜¥45,000", or one price when both ends meet. */
function useRangeText(lang: Locale): (range: PriceRange) => string {
  const t = useTranslations("buybackMember.estimate");
  return (range) =>
    range.min === range.max
      ? formatYen(range.min, lang)
      : t("rangeValue", { min: formatYen(range.min, lang), max: formatYen(range.max, lang) });
}

/**
 * How far the amount may move once the device is graded, and what a self-check report did to
 * that: narrowed it (with the range without it), and which answers it gave. Nothing when the range
 * is one price and no report came with the device.
 */
export function EstimateRange({
  estimate,
  lang,
  testId,
}: {
  estimate: Pick<EstimateView, "range" | "check">;
  lang: Locale;
  testId: string;
}) {
  const t = useTranslations("buybackMember.estimate");
  const q = useTranslations("buybackMember.questions");
  const text = useRangeText(lang);
  const { range, check } = estimate;
  if (!range || (!check && range.min === range.max)) return null;
  const sep = lang === "ja" ? "、" : ", ";
  return (
    <div
      className={`flex flex-col gap-1 rounded-lg p-3 text-sm ${check ? "bg-emerald-50 text-emerald-950 ring-1 ring-emerald-200" : "bg-white ring-1 ring-brand-100"}`}
      data-testid={testId}
      data-narrowed={check?.narrowed ? "true" : undefined}
    >
      {check && <p className="font-semibold">{check.narrowed ? t("narrowed") : t("checked")}</p>}
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-slate-700">{t("range")}</span>
        <span className="text-base font-bold tabular-nums" data-testid={`${testId}-value`}>
          {text(range)}
        </span>
      </p>
      {check?.narrowed && check.without && (
        <p className="text-slate-700" data-testid={`${testId}-without`}>
          {t("without", { range: text(check.without) })}
        </p>
      )}
      {check && check.fromCheck.length > 0 && (
        <p className="text-slate-700">
          {t("fromCheck", {
            list: check.fromCheck.map((k) => q(`${k as BuybackQuestion}.label`)).join(sep),
          })}
        </p>
      )}
      {!check && <p className="text-xs text-slate-600">{t("rangeNote")}</p>}
    </div>
  );
}

/**
 * The estimate of one device: the grade its answers suggest, the defects, then the bid, each
 * deduction and the amount; or, with no bid, that there is no price now and what happens if the
 * member sends it anyway.
 */
export function EstimatePanel({
  estimate,
  lang,
  status,
  testId,
}: {
  estimate: EstimateView | null;
  lang: Locale;
  /** Shown instead while there is nothing to show: choose first, working, or failed. */
  status?: "choose" | "busy" | "failed";
  testId: string;
}) {
  const t = useTranslations("buybackMember");
  const grade = useGradeLabel();
  const ng = useNgLabel();
  return (
    <section
      className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
      aria-live="polite"
      aria-label={t("estimate.title")}
      data-testid={testId}
      data-state={estimate ? (estimate.offer ? "priced" : "no-bid") : (status ?? "choose")}
    >
      <h3 className="text-sm font-bold text-brand-800">{t("estimate.title")}</h3>
      {!estimate || status === "busy" ? (
        <p className="mt-1 text-sm text-slate-700">
          {status === "busy"
            ? t("estimate.busy")
            : status === "failed"
              ? t("estimate.failed")
              : t("estimate.choose")}
        </p>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("estimate.grade")}</dt>
            <dd>{grade(estimate.grade)}</dd>
            <dt className="text-slate-600">{t("estimate.defects")}</dt>
            <dd>
              {estimate.ngConditions.length > 0
                ? estimate.ngConditions.map(ng).join("、")
                : t("estimate.noDefects")}
            </dd>
          </dl>
          {estimate.offer ? (
            <OfferLines
              lang={lang}
              bidLabel={t("detail.bid", { grade: estimate.grade, condition: ng(estimate.ngCondition) })}
              bid={estimate.offer.bid}
              deductions={estimate.offer.deductions}
              amountLabel={t("estimate.amount")}
              amount={estimate.offer.amount}
              testId={`${testId}-offer`}
            />
          ) : (
            <div className="text-sm">
              <p className="font-semibold text-slate-900">{t("estimate.noBid")}</p>
              <p className="mt-1 text-slate-700">{t("estimate.noBidNote")}</p>
            </div>
          )}
          <EstimateRange estimate={estimate} lang={lang} testId={`${testId}-range`} />
          <p className="text-xs text-slate-600">{t("estimate.note")}</p>
        </div>
      )}
    </section>
  );
}
