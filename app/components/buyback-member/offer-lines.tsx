import type { Locale } from "#core/shared/locale.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

type Grade = "S" | "A" | "B" | "C" | "J";
type Ng = "none" | "screen" | "battery" | "camera" | "sensor" | "no_power" | "network_blocked";
const GRADES: readonly string[] = ["S", "A", "B", "C", "J"];
const NGS: readonly string[] = [
  "none",
  "screen",
  "battery",
  "camera",
  "sensor",
  "no_power",
  "network_blocked",
];

export const isGrade = (g: string): g is Grade => GRADES.includes(g);
const isNg = (n: string): n is Ng => NGS.includes(n);

/** A grade's name ("B（使用感あり）"). */
export function useGradeLabel(): (grade: string) => string {
  const t = useTranslations("buyback");
  return (grade) => (isGrade(grade) ? t(`grades.${grade}`) : grade);
}

/** A defect class's name ("画面割れ・表示不良"). */
export function useNgLabel(): (ng: string) => string {
  const t = useTranslations("buyback");
  return (ng) => (isNg(ng) ? t(`ngConditions.${ng}`) : ng);
}

/** A deduction's name: `extra_defect:<ng>` names the defect; the others are fixed rules. */
function useDeductionLabel(): (code: string) => string {
  const t = useTranslations("buyback");
  const ng = useNgLabel();
  return (code) => {
    const [rule, defect] = code.split(":");
    if (rule === "extra_defect") return t("deductions.extra_defect", { defect: ng(defect ?? "") });
    if (rule === "network_pending" || rule === "non_genuine_parts") return t(`deductions.${rule}`);
    return code;
  };
}

/**
 * An offer as the member reads it, in the order the rule makes it: the bid for the grade and worst
 * defect, then each deduction, then the amount. Never who bid.
 */
export function OfferLines({
  lang,
  bidLabel,
  bid,
  deductions,
  amountLabel,
  amount,
  testId,
}: {
  lang: Locale;
  bidLabel: string;
  bid: number;
  deductions: readonly { code: string; amount: number }[];
  amountLabel: string;
  amount: number;
  testId?: string;
}) {
  const deduction = useDeductionLabel();
  return (
    <dl className="flex flex-col gap-1 text-sm" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-slate-700">{bidLabel}</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatYen(bid, lang)}</dd>
      </div>
      {deductions.map((d) => (
        <div key={d.code} className="flex items-baseline justify-between gap-3 text-slate-700">
          <dt>{deduction(d.code)}</dt>
          <dd className="whitespace-nowrap tabular-nums">−{formatYen(d.amount, lang)}</dd>
        </div>
      ))}
      <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-2">
        <dt className="font-bold">{amountLabel}</dt>
        <dd className="text-xl font-bold tabular-nums" data-testid={testId ? `${testId}-amount` : undefined}>
          {formatYen(amount, lang)}
        </dd>
      </div>
    </dl>
  );
}
