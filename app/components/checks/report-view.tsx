import { Link } from "react-router";
import type { DeviceCheckView } from "#core/checks/device-check-view.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { DeviceFacts, NotTested, OutcomeList } from "./report-parts.tsx";

/** A report as a page carries it (its member's id stays on the server). */
export type ReportForPage = Omit<DeviceCheckView, "memberId">;

export function reportForPage(view: DeviceCheckView): ReportForPage {
  const { memberId: _, ...rest } = view;
  return rest;
}

/**
 * The listing's badge: 「動作チェック済み」 with the date and the counts, what the check could not
 * test, and the way to the full report. A report past its 30 days says so; one whose signature
 * does not hold is shown as untrustworthy, never as a badge.
 */
export function ReportBadge({ report, lang }: { report: ReportForPage; lang: Locale }) {
  const t = useTranslations("checks");
  const good = report.standing === "genuine";
  return (
    <section
      aria-labelledby="device-check-title"
      className={`rounded-xl border p-4 text-sm ${good ? "border-emerald-300 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
      data-testid="device-check-badge"
      data-standing={report.standing}
    >
      <h2 id="device-check-title" className="flex flex-wrap items-center gap-x-2 font-bold text-slate-900">
        <span aria-hidden="true">{good ? "✓" : "!"}</span>
        {report.standing === "tampered"
          ? t("report.title")
          : report.standing === "expired"
            ? t("report.expiredBadge")
            : t("report.badge")}
        <span className="font-normal text-slate-600">
          {t("report.checkedOn", { date: formatDate(report.checkedAt, lang) })}
        </span>
      </h2>
      {report.standing === "tampered" ? (
        <p className="mt-1 text-danger-600">{t("report.tampered")}</p>
      ) : (
        <>
          <p className="mt-1 text-slate-800" data-testid="device-check-counts">
            {t("report.counts", report.counts)}
          </p>
          <p className="mt-1 text-slate-600">
            {t("report.notTestedShort", {
              list: report.notTested
                .map((part) => t(`notTestable.${part}`))
                .join(lang === "ja" ? "、" : ", "),
            })}
          </p>
        </>
      )}
      <Link
        to={`/${lang}/checks/${report.id}/`}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        data-testid="device-check-link"
      >
        {t("report.viewFull")}
      </Link>
    </section>
  );
}

/** The whole report: its verification, each test, the display, battery and network, the device, the limits. */
export function ReportDetail({ report, lang }: { report: ReportForPage; lang: Locale }) {
  const t = useTranslations("checks");
  const unknown = t("page.unknownValue");
  const verification = {
    genuine: "border-emerald-300 bg-emerald-50 text-emerald-900",
    expired: "border-amber-300 bg-amber-50 text-amber-900",
    tampered: "border-danger-600 bg-red-50 text-danger-600",
  }[report.standing];
  return (
    <div className="flex flex-col gap-5">
      <div
        className={`rounded-lg border p-4 text-sm ${verification}`}
        data-testid="report-standing"
        data-standing={report.standing}
      >
        <p className="font-semibold">{t(`report.${report.standing}`)}</p>
        <p className="mt-1">
          {t("report.checkedOn", { date: formatDate(report.checkedAt, lang, true) })} ・{" "}
          {t("report.validUntil", { date: formatDate(report.expiresAt, lang) })}
        </p>
      </div>
      <section aria-labelledby="report-results">
        <h2 id="report-results" className="mb-2 text-lg font-bold">
          {t("report.results")}
        </h2>
        <p className="mb-2 text-sm text-slate-700">{t("report.counts", report.counts)}</p>
        <OutcomeList tests={report.tests} />
      </section>
      {report.displayDefects.length > 0 && (
        <section aria-labelledby="report-display" className="text-sm">
          <h2 id="report-display" className="mb-1 font-bold">
            {t("report.displayFound")}
          </h2>
          <ul className="list-disc pl-5 text-danger-600">
            {report.displayDefects.map((d) => (
              <li key={d}>{t(`displayDefects.${d}`)}</li>
            ))}
          </ul>
        </section>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <dt className="text-slate-600">{t("report.battery")}</dt>
        <dd>
          {report.battery
            ? t("report.batteryValue", {
                level: Math.round(report.battery.level * 100),
                charging: report.battery.charging ? t("page.charging") : t("page.notCharging"),
              })
            : unknown}
        </dd>
        <dt className="text-slate-600">{t("report.network")}</dt>
        <dd>
          {report.network.online ? t("page.online") : t("page.offline")}
          {report.network.type ? ` (${report.network.type})` : ""}
        </dd>
      </dl>
      <DeviceFacts claimed={report.claimed} device={report.device} mismatch={report.mismatch} lang={lang} />
      {report.finishedOnOtherDevice && (
        <p className="text-sm text-slate-700">{t("report.finishedOnOtherDevice")}</p>
      )}
      <NotTested />
    </div>
  );
}
