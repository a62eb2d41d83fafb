import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { useTranslations } from "use-intl";
import type { CheckOutcome } from "#core/checks/tests.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import type { QrMatrix } from "../../lib/qr-code.server.ts";
import { SAVED_KEY } from "./check-runner.tsx";

/** A report the member may put on the listing, as the listing form offers it. */
export type PickableReport = {
  id: string;
  checkedAt: Date;
  counts: Record<CheckOutcome, number>;
  /** The listing's defects the check's failures point to. */
  proposed: string[];
  mismatch: boolean;
};

/** The answer of the listing form's `intent=checkLink`: the QR code that opens the check on the device. */
export type CheckLinkAnswer = { checkLink: { url: string; qr: QrMatrix; expiresAt: string } };

/** How often the form looks for the report while its QR code is shown. */
const POLL_MS = 4000;

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
}: {
  lang: Locale;
  reports: PickableReport[];
  selected: string;
  error?: string | undefined;
  defectLabels: Record<string, string>;
}) {
  const t = useTranslations("checks.picker");
  const [selected, setSelected] = useState(initial);
  const [applied, setApplied] = useState(false);
  const known = useRef(new Set(reports.map((r) => r.id)));
  const revalidator = useRevalidator();
  const link = useFetcher<CheckLinkAnswer>();
  const qr = link.data?.checkLink;
  // A report saved in another tab of this browser, or on the phone that scanned the QR code.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SAVED_KEY) revalidator.revalidate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [revalidator]);
  useEffect(() => {
    if (!qr) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [qr, revalidator]);
  useEffect(() => {
    const fresh = reports.find((r) => !known.current.has(r.id));
    for (const r of reports) known.current.add(r.id);
    if (fresh) {
      setSelected(fresh.id);
      setApplied(false);
    }
  }, [reports]);
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
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t("choose")}</legend>
          <div className="mt-2 flex flex-col gap-2">
            <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 text-sm">
              <input
                type="radio"
                name="deviceCheckChoice"
                className="size-5 accent-brand-600"
                checked={!chosen}
                onChange={() => setSelected("")}
              />
              {t("none")}
            </label>
            {reports.map((report) => (
              <label
                key={report.id}
                className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
              >
                <input
                  type="radio"
                  name="deviceCheckChoice"
                  className="size-5 accent-brand-600"
                  checked={selected === report.id}
                  onChange={() => {
                    setSelected(report.id);
                    setApplied(false);
                  }}
                  data-testid={`check-choice-${report.id}`}
                />
                <span>
                  <span className="font-semibold">
                    {t("checkedAt", { date: formatDate(report.checkedAt, lang, true) })}
                  </span>
                  <span className="block text-slate-600">{t("counts", report.counts)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
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
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          to={`/${lang}/check/?from=sell`}
          target="_blank"
          className="flex min-h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800"
          data-testid="check-here"
        >
          {t("checkHere")}
        </Link>
        <button
          type="button"
          onClick={() => link.submit({ intent: "checkLink" }, { method: "post" })}
          className="flex min-h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800"
          data-testid="check-qr"
        >
          {t("checkOnPhone")}
        </button>
      </div>
      {qr && (
        <div
          className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-4 text-center text-sm"
          data-testid="check-qr-code"
        >
          <svg
            viewBox={`-2 -2 ${qr.qr.size + 4} ${qr.qr.size + 4}`}
            className="size-48"
            role="img"
            aria-label={t("qrLabel")}
            shapeRendering="crispEdges"
          >
            <rect x={-2} y={-2} width={qr.qr.size + 4} height={qr.qr.size + 4} fill="#fff" />
            <path d={qr.qr.path} fill="#000" />
          </svg>
          <p className="text-slate-700">{t("qrHelp", { time: formatDate(qr.expiresAt, lang, true) })}</p>
          <p role="status" className="text-slate-600">
            {t("waiting")}
          </p>
          <a href={qr.url} className="break-all text-xs text-brand-700 underline" data-testid="check-qr-url">
            {qr.url}
          </a>
        </div>
      )}
    </div>
  );
}
