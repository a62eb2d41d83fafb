import { useTranslations } from "use-intl";
import type { Locale } from "#core/shared/locale.ts";
import { OfferLines, useGradeLabel, useNgLabel } from "./offer-lines.tsx";

/** An estimate as the pages and the estimate API carry it. */
export type EstimateView = {
  grade: string;
  ngConditions: string[];
  ngCondition: string;
  offer: { bid: number; deductions: { code: string; amount: number }[]; amount: number } | null;
};

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
          <p className="text-xs text-slate-600">{t("estimate.note")}</p>
        </div>
      )}
    </section>
  );
}
