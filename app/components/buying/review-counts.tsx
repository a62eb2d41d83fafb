import { useTranslations } from "../../i18n/use-translations.ts";

export type ReviewCountsData = { good: number; normal: number; bad: number };

/** A member's ratings in one line, or "no reviews yet". */
export function ReviewCounts({ counts, className = "" }: { counts: ReviewCountsData; className?: string }) {
  const t = useTranslations("people");
  const total = counts.good + counts.normal + counts.bad;
  return (
    <span className={className} data-testid="reviews-summary">
      {total === 0 ? t("noReviews") : t("reviewCounts", counts)}
    </span>
  );
}
