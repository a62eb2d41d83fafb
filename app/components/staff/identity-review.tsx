import { type ReactNode, useId } from "react";
import { Form, Link } from "react-router";
import type { IdentityReviewDetail } from "#core/account/identity-review-detail.ts";
import {
  IDENTITY_OFFICE_REJECTION_REASONS,
  IDENTITY_REVIEW_NOTE_MAX,
} from "#core/account/identity-review-rule.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError } from "../form.tsx";
import { ScrollRegion } from "../scroll-region.tsx";
import { Card, Row as CardRow } from "./card.tsx";

/** One label and its value on the identity check's page. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <CardRow label={label} className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 sm:grid-cols-[10rem_1fr]">
      {children}
    </CardRow>
  );
}

export function Overview({ detail, lang }: { detail: IdentityReviewDetail; lang: Locale }) {
  const t = useTranslations("identityReview.detail");
  const identification = useTranslations("identification");
  const { check, member } = detail;
  const method =
    check.method === "ekyc-photo-id-selfie" ? identification(`methods.${check.method}`) : check.method;
  return (
    <Card id="overview-title" title={t("overview")}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("member")}>
          <Link to={`/${lang}/staff/members/${member.id}/`} className="text-brand-700 underline">
            {member.nickname}
          </Link>{" "}
          <span className="text-xs text-slate-500">{t("memberId", { id: String(member.id) })}</span>
          {member.verifiedAt && (
            <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-800">
              {t("verifiedMember", { date: formatDate(member.verifiedAt, lang, true) })}
            </span>
          )}
        </Row>
        <Row label={t("provider")}>{check.provider}</Row>
        <Row label={t("method")}>{method}</Row>
        <Row label={t("reference")}>
          <span className="font-mono text-xs">{check.reference}</span>
        </Row>
        <Row label={t("submitted")}>{formatDate(check.createdAt, lang, true)}</Row>
        {check.completedAt && <Row label={t("completed")}>{formatDate(check.completedAt, lang, true)}</Row>}
        {check.reason && <Row label={t("reason")}>{check.reason}</Row>}
      </dl>
    </Card>
  );
}

/** The provider's verified facts beside the registered name and address, and how they compare. */
export function Comparison({ detail }: { detail: IdentityReviewDetail }) {
  const t = useTranslations("identityReview.detail");
  const { verified, registered, match } = detail;
  const none = <span className="text-slate-500">{t("none")}</span>;
  const rows: { id: string; label: string; verified: ReactNode; registered: ReactNode }[] = [
    {
      id: "name",
      label: t("name"),
      verified: verified?.name,
      registered: registered ? registered.name : none,
    },
    {
      id: "nameKana",
      label: t("nameKana"),
      verified: "—",
      registered: registered ? registered.nameKana : none,
    },
    {
      id: "address",
      label: t("address"),
      verified: verified?.address,
      registered: registered ? registered.address : none,
    },
    { id: "birthDate", label: t("birthDate"), verified: verified?.birthDate, registered: "—" },
    { id: "occupation", label: t("occupation"), verified: verified?.occupation, registered: "—" },
  ];
  const verdict = (same: boolean) => (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-bold ${same ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-danger-700"}`}
    >
      {same ? t("match") : t("mismatch")}
    </span>
  );
  return (
    <Card id="comparison-title" title={t("comparison")}>
      <p className="mb-3 text-sm text-slate-700">{t("comparisonLead")}</p>
      <p
        className={`mb-3 rounded-lg p-3 text-xs ${detail.masked ? "bg-slate-100 text-slate-700" : "bg-amber-50 text-amber-900"}`}
        data-testid="pii-note"
      >
        {detail.masked ? t("masked") : t("shownInFull")}
      </p>
      {verified ? (
        <ScrollRegion label={t("comparison")}>
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="comparison">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t("item")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("verifiedColumn")}
                </th>
                <th scope="col" className="py-1">
                  {t("registeredColumn")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="py-1.5 pr-3 font-normal text-slate-600">
                    {r.label}
                  </th>
                  <td className="py-1.5 pr-3 break-words" data-testid={`verified-${r.id}`}>
                    {r.verified}
                  </td>
                  <td className="py-1.5 break-words" data-testid={`registered-${r.id}`}>
                    {r.registered}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="text-sm text-slate-600">{t("noFacts")}</p>
      )}
      {match && (
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="match">
          <dt className="sr-only">{t("result")}</dt>
          <dd className="flex items-center gap-2">
            {t("wholeName")} {verdict(match.name)}
          </dd>
          <dd className="flex items-center gap-2">
            {t("familyName")} {verdict(match.familyName)}
          </dd>
          <dd className="flex items-center gap-2">
            {t("givenName")} {verdict(match.givenName)}
          </dd>
        </dl>
      )}
    </Card>
  );
}

/** Approve or reject: a note (and, to reject, the reason the member reads), kept as typed on failure. */
export function DecisionForm({
  intent,
  state,
}: {
  intent: "approve" | "reject";
  state: FormState | undefined;
}) {
  const t = useTranslations("identityReview");
  const id = useId();
  const noteError = state?.errors?.note;
  const reasonError = state?.errors?.reasonCode;
  const reject = intent === "reject";
  return (
    <Form
      method="post"
      noValidate
      data-testid={`${intent}-form`}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-bold">
        {reject ? t("detail.rejectTitle") : t("detail.approveTitle")}
      </h2>
      <p className="text-xs text-slate-600">{reject ? t("detail.rejectHint") : t("detail.approveHint")}</p>
      <FormError message={state?.formError} />
      <input type="hidden" name="intent" value={intent} />
      {reject && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
            {t("fields.reasonCode")}
          </label>
          <select
            id={`${id}-reason`}
            name="reasonCode"
            defaultValue={state?.values?.reasonCode || IDENTITY_OFFICE_REJECTION_REASONS[0]}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          >
            {IDENTITY_OFFICE_REJECTION_REASONS.map((code) => (
              <option key={code} value={code}>
                {t(`reasons.${code}`)}
              </option>
            ))}
          </select>
          {reasonError && (
            <p id={`${id}-reason-error`} className="text-sm font-medium text-danger-600">
              {reasonError}
            </p>
          )}
        </div>
      )}
      <label htmlFor={`${id}-note`} className="text-sm font-semibold">
        {t("fields.note")}
      </label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={IDENTITY_REVIEW_NOTE_MAX}
        required
        defaultValue={state?.values?.note}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={`${id}-note-hint${noteError ? ` ${id}-note-error` : ""}`}
        className="block w-full rounded-lg border border-slate-300 p-3 text-sm"
      />
      <p id={`${id}-note-hint`} className="text-xs text-slate-500">
        {t("detail.noteHint")}
      </p>
      {noteError && (
        <p
          id={`${id}-note-error`}
          className="text-sm font-medium text-danger-600"
          data-testid={`error-${intent}-note`}
        >
          {noteError}
        </p>
      )}
      <button
        type="submit"
        className={`h-11 rounded-full px-5 text-sm font-semibold ${
          reject
            ? "border border-danger-600 bg-white text-danger-700 hover:bg-red-50"
            : "bg-brand-600 text-white hover:bg-brand-700"
        }`}
      >
        {reject ? t("detail.reject") : t("detail.approve")}
      </button>
    </Form>
  );
}
