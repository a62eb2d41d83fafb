import { Link } from "react-router";
import { BUYBACK_GRADES, type DiagnosticValue } from "#core/buyback/codes.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "#core/buyback/diagnostic-fields.ts";
import type { GradingDetail } from "#core/buyback/get-grading.ts";
import { PREFECTURES } from "#core/shared/codes.ts";
import { PICKUP_TIME_SLOTS, type PickupTimeSlot } from "#core/shared/courier.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { label } from "../../lib/labels.ts";
import { ReportDetail } from "../checks/report-view.tsx";
import { Card, Row } from "./card.tsx";

/** The same IMEI elsewhere, or a recorded IMEI that is not the member's: said before anything else. */
export function Warnings({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const codes = useTranslations("codes");
  const { imeiMismatch, otherDevices, reportedListings } = detail.warnings;
  if (!imeiMismatch && otherDevices.length === 0 && reportedListings.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="warnings-title"
      data-testid="imei-warning"
      className="rounded-2xl border-2 border-danger-600 bg-red-50 p-4 text-sm text-danger-600"
    >
      <h2 id="warnings-title" className="mb-2 text-base font-bold">
        {t("warningsTitle")}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {imeiMismatch && <li>{t("imeiMismatch")}</li>}
        {otherDevices.length > 0 && (
          <li>
            {t("otherDevices")}{" "}
            {otherDevices.map((d, i) => (
              <span key={d.id}>
                {i > 0 && "、"}
                <Link to={`/${lang}/staff/buyback/${d.id}/`} className="font-semibold underline">
                  {t("otherDevice", { id: d.id, state: codes(`buybackSellerState.${d.state}`) })}
                </Link>
              </span>
            ))}
          </li>
        )}
        {reportedListings.length > 0 && (
          <li>
            {t("reportedListings")}{" "}
            {reportedListings.map((l, i) => (
              <span key={l.id}>
                {i > 0 && "、"}
                <Link to={`/${lang}/items/${l.id}/`} className="font-semibold underline">
                  {l.title}
                </Link>
              </span>
            ))}
          </li>
        )}
      </ul>
      <p className="mt-2 font-semibold">{t("stolenHint")}</p>
    </section>
  );
}

/** A diagnostic field as recorded: its value in words, or "not applicable (reason)". */
export function useDiagnosticText() {
  const b = useTranslations("buyback");
  return (key: DiagnosticKey, v: DiagnosticValue | undefined): string => {
    if (!v) return "—";
    if ("na" in v) return b("notApplicable", { reason: v.na });
    const field = DIAGNOSTIC_FIELDS.find((f) => f.key === key);
    if (field?.kind === "choices") return b(`diagnosticChoices.${v.value as "pass"}`);
    if (field?.kind === "percent") return `${v.value}%`;
    return v.value || "—";
  };
}

export function Diagnostics({ values }: { values: Record<string, DiagnosticValue> }) {
  const b = useTranslations("buyback");
  const text = useDiagnosticText();
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="recorded-diagnostics">
      {DIAGNOSTIC_FIELDS.map(({ key }) => (
        <Row key={key} label={b(`diagnostics.${key}`)}>
          <span className="whitespace-pre-wrap">{text(key, values[key])}</span>
        </Row>
      ))}
    </dl>
  );
}

export function DeviceCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const b = useTranslations("buyback");
  const { item } = detail;
  return (
    <Card id="device-title" title={t("device")}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("model")}>{item.model}</Row>
        {item.storageGb !== null && <Row label={t("storage")}>{t("storageGb", { gb: item.storageGb })}</Row>}
        <Row label={t("declaredImei")}>
          <span className="font-mono text-xs">{item.imei ?? "—"}</span>
        </Row>
        <Row label={t("grade")}>
          {item.grade ? (
            <span data-testid="device-grade">{b(`grades.${item.grade}`)}</span>
          ) : (
            t("notGradedYet")
          )}
        </Row>
        {item.ngConditions.length > 0 && (
          <Row label={t("ngConditions")}>
            {item.ngConditions.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・")}
          </Row>
        )}
        {item.externalGrade && (
          <Row label={t("externalGrade")}>
            {item.externalGrade.scale} {item.externalGrade.value}
          </Row>
        )}
        {item.gradedAt && (
          <Row label={t("gradedAt")}>
            {formatDate(item.gradedAt, lang, true)}
            {item.gradedBy && <span className="ml-1 text-xs text-slate-500">（{item.gradedBy}）</span>}
          </Row>
        )}
      </dl>
    </Card>
  );
}

/** The offer as the member sees it (the bid, each deduction, the amount), plus the buying company. */
export function OfferCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const { item, offer, can } = detail;
  const deduction = (code: string) => {
    const [kind, ng] = code.split(":");
    if (kind === "extra_defect")
      return b("deductions.extra_defect", { defect: b(`ngConditions.${ng as "screen"}`) });
    return b(`deductions.${kind as "network_pending"}`);
  };
  return (
    <>
      {can.noBid && (
        <p
          className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="no-bid"
        >
          {can.bidNow ? t("detail.bidNow") : t("detail.noBid")}
        </p>
      )}
      {offer && (
        <Card id="offer-title" title={t("detail.offerTitle")} testId="offer">
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t("detail.offerBid")}>
              <span className="tabular-nums">{formatYen(offer.bid, lang)}</span>
            </Row>
            {offer.deductions.map((d) => (
              <Row key={d.code} label={deduction(d.code)}>
                <span className="tabular-nums">−{formatYen(d.amount, lang)}</span>
              </Row>
            ))}
            <Row label={t("detail.offerAmount")}>
              <span className="text-lg font-bold tabular-nums" data-testid="offer-amount">
                {formatYen(offer.amount, lang)}
              </span>
            </Row>
            <Row label={t("detail.company")}>{offer.companyName}</Row>
            {offer.offeredAt && (
              <Row label={t("detail.offeredAt")}>{formatDate(offer.offeredAt, lang, true)}</Row>
            )}
            {offer.expiresAt && (
              <Row label={t("detail.expiresAt")}>{formatDate(offer.expiresAt, lang, true)}</Row>
            )}
            {offer.decidedAt && (
              <Row label={t("detail.decidedAt")}>{formatDate(offer.decidedAt, lang, true)}</Row>
            )}
          </dl>
        </Card>
      )}
      {item.endReason && (
        <Card id="ended-title" title={t("detail.ended")} testId="ended">
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t("detail.endReason")}>{t(`endReasonShort.${item.endReason}`)}</Row>
            {item.endNote && (
              <Row label={t("detail.endNote")}>
                <span className="whitespace-pre-wrap">{item.endNote}</span>
              </Row>
            )}
            <Row label={t("detail.returnInvoice")}>
              {item.returnInvoiceNumber ? (
                <span className="font-mono text-xs">{item.returnInvoiceNumber}</span>
              ) : item.endReason === "reported_stolen" || item.endReason === "counterfeit" ? (
                t("detail.held")
              ) : (
                "—"
              )}
            </Row>
          </dl>
        </Card>
      )}
    </>
  );
}

export function ApplicationCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const codes = useTranslations("codes");
  const { application: a, member, item } = detail;
  const when = (d: Date | null) => (d ? formatDate(d, lang, true) : t("detail.notYet"));
  return (
    <Card id="application-title" title={t("detail.application")}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("detail.applicationId")}>{a.id}</Row>
        <Row label={t("detail.member")}>
          {member.nickname}{" "}
          <span className="text-xs text-slate-500">{t("detail.memberId", { id: String(member.id) })}</span>
        </Row>
        <Row label={t("detail.area")}>
          {label(PREFECTURES, a.area.prefectureCode, lang)}
          {lang === "en" ? " " : ""}
          {a.area.city}
        </Row>
        <Row label={t("detail.shippingMethod")}>{t(`shipping.${a.shippingMethod}`)}</Row>
        {a.pickupDate && (
          <Row label={t("detail.pickup")}>
            {a.pickupDate}{" "}
            {a.pickupSlot && PICKUP_TIME_SLOTS.some((s) => s.code === a.pickupSlot)
              ? codes(`pickupTimeSlot.${a.pickupSlot as PickupTimeSlot}`)
              : t("detail.pickupSlotUnknown")}
          </Row>
        )}
        <Row label={t("detail.invoice")}>
          {a.inboundInvoiceNumber ? (
            <span className="flex flex-col">
              <span className="font-mono text-xs">{a.inboundInvoiceNumber}</span>
              {a.inboundTrackingUrl && (
                <a href={a.inboundTrackingUrl} className="text-xs text-brand-700 underline">
                  {t("detail.track")}
                </a>
              )}
            </span>
          ) : (
            t("queue.noInvoice")
          )}
        </Row>
        <Row label={t("detail.applied")}>{when(a.createdAt)}</Row>
        <Row label={t("detail.shipped")}>{when(a.shippedAt)}</Row>
        <Row label={t("detail.received")}>{when(a.receivedAt)}</Row>
      </dl>
      <h3 className="mt-3 mb-1 text-sm font-bold">{t("detail.devices")}</h3>
      <ul className="flex flex-col gap-1 text-sm" data-testid="application-devices">
        {a.devices.map((d) => (
          <li key={d.id} className="flex flex-wrap items-baseline gap-x-2">
            {d.id === item.id ? (
              <span className="font-semibold">
                {d.id} ({t("detail.thisDevice")})
              </span>
            ) : (
              <Link to={`/${lang}/staff/buyback/${d.id}/`} className="font-semibold text-brand-700 underline">
                {d.id}
              </Link>
            )}
            <span>{d.model}</span>
            <span className="text-xs text-slate-600">
              {codes(`buybackSellerState.${d.state}`)}
              {d.grade ? ` · ${d.grade}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const ANSWER_KEYS = [
  "power",
  "screen",
  "battery",
  "camera",
  "sensor",
  "network",
  "appearance",
  "activationLock",
  "accessories",
] as const;
const ANSWER_VALUES = [
  "yes",
  "no",
  "ok",
  "cracked",
  "faulty",
  "weak",
  "unused",
  "like_new",
  "used",
  "worn",
  "on",
  "off",
  "unknown",
] as const;

/** What the member said about the device when applying, and the estimate they were shown. */
export function AnswersCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const { answers, estimate } = detail.item;
  const entries = Object.entries(answers);
  const keyText = (k: string) =>
    (ANSWER_KEYS as readonly string[]).includes(k) ? t(`answers.${k as "power"}`) : k;
  const valueText = (v: string) =>
    (ANSWER_VALUES as readonly string[]).includes(v) ? t(`answerValues.${v as "yes"}`) : v;
  const grade = typeof estimate?.grade === "string" ? estimate.grade : null;
  const defects = Array.isArray(estimate?.ngConditions) ? (estimate.ngConditions as string[]) : [];
  const amount = typeof estimate?.amount === "number" ? estimate.amount : null;
  return (
    <Card id="answers-title" title={t("detail.answers")}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.noAnswers")}</p>
      ) : (
        <dl className="divide-y divide-slate-100 text-sm" data-testid="answers">
          {entries.map(([k, v]) => (
            <Row key={k} label={keyText(k)}>
              {valueText(v)}
            </Row>
          ))}
        </dl>
      )}
      {estimate && (
        <>
          <h3 className="mt-3 mb-1 text-sm font-bold">{t("detail.estimate")}</h3>
          <dl className="divide-y divide-slate-100 text-sm">
            {grade && (BUYBACK_GRADES as readonly string[]).includes(grade) && (
              <Row label={t("detail.estimateGrade")}>{b(`grades.${grade as "A"}`)}</Row>
            )}
            <Row label={t("detail.estimateDefects")}>
              {defects.length
                ? defects.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・")
                : t("detail.none")}
            </Row>
            {amount !== null && <Row label={t("detail.estimateAmount")}>{formatYen(amount, lang)}</Row>}
          </dl>
        </>
      )}
    </Card>
  );
}

/**
 * The member's self-check report beside the grading form: the whole report with its verification.
 * One that no longer holds (altered, or past its 30 days) is shown as such, and the form took
 * nothing from it.
 */
export function DeviceCheckCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const report = detail.deviceCheck;
  if (!report) return null;
  return (
    <Card id="device-check-title" title={t("deviceCheck")} testId="grading-device-check">
      {report.standing === "genuine" ? (
        <p className="mb-3 text-sm text-slate-700">{t("deviceCheckLead")}</p>
      ) : (
        <p className="mb-3 text-sm font-semibold text-danger-600" data-testid="device-check-unused">
          {t(`deviceCheckUnused.${report.standing}`)}
        </p>
      )}
      <ReportDetail report={report} lang={lang} />
    </Card>
  );
}
