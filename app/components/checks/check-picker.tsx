import { useState } from "react";
import { useLocation } from "react-router";
import { DEFECTS } from "#core/catalog/device-facts.ts";
import type { CheckOutcome } from "#core/checks/tests.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { CheckElsewhere, ReportChoices, useFreshReport } from "./report-choices.tsx";

export type { CheckLinkAnswer } from "./report-choices.tsx";

/** The listing's defects by code, in the page's language (what a report's proposals are called). */
export function defectLabels(lang: Locale): Record<string, string> {
  return Object.fromEntries(DEFECTS.map((d) => [d.code, renderMessage(d.label, lang)]));
}

/** A report the member may put on the listing, as the listing form offers it. */
export type PickableReport = {
  id: string;
  checkedAt: Date;
  counts: Record<CheckOutcome, number>;
  /** The listing's defects the check's failures point to. */
  proposed: string[];
  mismatch: boolean;
};

/**
 * The listing form's 動作チェック: run the check on this device (another tab) or on the device being
 * sold through a QR code, pick the report to put on the listing, and take its findings into the
 * defects checklist, which the seller confirms. A report saved meanwhile appears by itself.
 */
export function CheckPicker({
  lang,
  reports,
  selected: initial,
  error,
  defectLabels,
  hasCurrent = false,
}: {
  lang: Locale;
  reports: PickableReport[];
  selected: string;
  error?: string | undefined;
  defectLabels: Record<string, string>;
  /** The listing holds a report already: choosing none keeps it. */
  hasCurrent?: boolean;
}) {
  const t = useTranslations("checks.picker");
  const [selected, setSelected] = useState(initial);
  const [applied, setApplied] = useState(false);
  const { pathname } = useLocation();
  // A report saved in another tab of this browser, or on the phone that scanned the QR code.
  useFreshReport(reports, (fresh) => {
    setSelected(fresh.id);
    setApplied(false);
  });
  const chosen = reports.find((r) => r.id === selected);
  const propose = () => {
    if (!chosen) return;
    for (const code of chosen.proposed) {
      const box = document.querySelector<HTMLInputElement>(`input[name="defects"][value="${code}"]`);
      if (box && !box.checked) box.click();
    }
    setApplied(true);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="check-picker">
      <p className="text-sm text-slate-600">{t("lead")}</p>
      <input type="hidden" name="deviceCheck" value={chosen ? chosen.id : ""} />
      {reports.length > 0 && (
        <ReportChoices
          lang={lang}
          name="deviceCheckChoice"
          legend={t("choose")}
          noneLabel={hasCurrent ? t("keep") : t("none")}
          reports={reports}
          selected={selected}
          onSelect={(id) => {
            setSelected(id);
            setApplied(false);
          }}
        />
      )}
      {error && (
        <p className="text-sm font-medium text-danger-600" role="alert">
          {error}
        </p>
      )}
      {chosen && chosen.proposed.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="check-proposals">
          <p className="font-semibold">{t("proposed")}</p>
          <p className="mt-1">
            {chosen.proposed.map((code) => defectLabels[code] ?? code).join(lang === "ja" ? "、" : ", ")}
          </p>
          {applied ? (
            <p role="status" className="mt-2 font-semibold">
              {t("applied")}
            </p>
          ) : (
            <button
              type="button"
              onClick={propose}
              className="mt-2 min-h-11 rounded-full border border-amber-400 bg-white px-4 font-semibold"
              data-testid="check-apply-defects"
            >
              {t("apply")}
            </button>
          )}
        </div>
      )}
      {chosen?.mismatch && <p className="text-sm text-amber-900">{t("mismatch")}</p>}
      <CheckElsewhere lang={lang} href={`/${lang}/check/?return=${encodeURIComponent(pathname)}`} />
    </div>
  );
}
