import { useEffect, useRef } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import type { CheckOutcome } from "#core/checks/tests.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { QrMatrix } from "../../lib/qr-code.server.ts";
import { SAVED_KEY } from "./check-runner.tsx";

// What the forms that take a self-check report share (the listing form, each device of the buyback
// application): the member's reports to choose from, and the ways to run a check on the device.

/** A form's `intent=checkLink` answer: the QR code that opens the check on the device itself. */
export type CheckLinkAnswer = { checkLink: { url: string; qr: QrMatrix; expiresAt: string } };

/** A report as a form offers it: when the check was done and what it found. */
export type ReportChoice = { id: string; checkedAt: Date; counts: Record<CheckOutcome, number> };

/** How often a form looks for the report while its QR code is shown. */
const POLL_MS = 4000;

/**
 * The member's reports as radio buttons, with "none" first. `name` is the radio group's; each
 * button's value is its report's id ("" for none).
 */
export function ReportChoices({
  lang,
  name,
  legend,
  noneLabel,
  reports,
  selected,
  onSelect,
}: {
  lang: Locale;
  name: string;
  legend: string;
  noneLabel: string;
  reports: readonly ReportChoice[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations("checks.picker");
  const chosen = reports.some((r) => r.id === selected);
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-col gap-2">
        <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 text-sm">
          <input
            type="radio"
            name={name}
            value=""
            className="size-5 accent-brand-600"
            checked={!chosen}
            onChange={() => onSelect("")}
          />
          {noneLabel}
        </label>
        {reports.map((report) => (
          <label
            key={report.id}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <input
              type="radio"
              name={name}
              value={report.id}
              className="size-5 accent-brand-600"
              checked={selected === report.id}
              onChange={() => onSelect(report.id)}
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
  );
}

/**
 * Calls `onFresh` with a report that was not among the form's reports before: one just saved in
 * another tab or on the device that scanned the QR code.
 */
export function useFreshReport<T extends { id: string }>(
  reports: readonly T[],
  onFresh: (report: T) => void,
) {
  const known = useRef(new Set(reports.map((r) => r.id)));
  const latest = useRef(onFresh);
  latest.current = onFresh;
  useEffect(() => {
    const fresh = reports.find((r) => !known.current.has(r.id));
    for (const r of reports) known.current.add(r.id);
    if (fresh) latest.current(fresh);
  }, [reports]);
}

/**
 * The two ways to run the check: on this device in another tab (`href`), or on the device being
 * sold through a QR code of a check link (the form's own `intent=checkLink`). The page's data is
 * read again when a check is saved in another tab of this browser, and every few seconds while the
 * QR code is shown, so the new report appears by itself. `onAsk` hears either way being used.
 */
export function CheckElsewhere({ lang, href, onAsk }: { lang: Locale; href: string; onAsk?: () => void }) {
  const t = useTranslations("checks.picker");
  const revalidator = useRevalidator();
  const link = useFetcher<CheckLinkAnswer>();
  const qr = link.data?.checkLink;
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
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          to={href}
          target="_blank"
          onClick={onAsk}
          className="flex min-h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800"
          data-testid="check-here"
        >
          {t("checkHere")}
        </Link>
        <button
          type="button"
          onClick={() => {
            onAsk?.();
            link.submit({ intent: "checkLink" }, { method: "post" });
          }}
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
    </>
  );
}
