import { useId } from "react";
import { Form, Link } from "react-router";
import { REPORT_REASONS, type ReportReason } from "#core/moderation/codes.ts";
import type { ReportDetail } from "#core/moderation/get-report.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { FormError } from "../form.tsx";
import type { FormState } from "./moderation.tsx";

/** A report's state as a badge's colours. */
export const BADGE = {
  OPEN: "bg-amber-100 text-amber-900",
  ACTIONED: "bg-emerald-100 text-emerald-800",
  DISMISSED: "bg-slate-200 text-slate-700",
} as const;

/** A report's reason in the page's language (the raw code for one the catalogue does not know). */
export function useReason() {
  const t = useTranslations("moderation");
  return (code: string) =>
    REPORT_REASONS.some((r) => r.code === code) ? t(`reasons.${code as ReportReason}`) : code;
}

export function DismissForm({ state }: { state: FormState }) {
  const t = useTranslations("moderation");
  const id = useId();
  const error = state?.errors?.note;
  return (
    <Form
      method="post"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 className="text-base font-bold">{t("report.dismissHeading")}</h2>
      <FormError message={state?.formError} />
      <input type="hidden" name="intent" value="dismiss" />
      <label htmlFor={`${id}-dismiss`} className="text-sm font-semibold">
        {t("fields.dismissNote")}
      </label>
      <textarea
        id={`${id}-dismiss`}
        name="dismissNote"
        rows={3}
        maxLength={1000}
        defaultValue={state?.values?.dismissNote}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-dismiss-hint${error ? ` ${id}-dismiss-error` : ""}`}
        className="block w-full rounded-lg border border-slate-300 p-3 text-sm"
      />
      <p id={`${id}-dismiss-hint`} className="text-xs text-slate-500">
        {t("report.dismissHint")}
      </p>
      {error && (
        <p id={`${id}-dismiss-error`} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="h-11 rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t("report.dismiss")}
      </button>
    </Form>
  );
}

/** What was reported, as it is now, with links to its public page and its owner's back-office page. */
export function TargetPreview({
  detail,
  lang,
  mayReadMembers,
}: {
  detail: ReportDetail;
  lang: "ja" | "en";
  mayReadMembers: boolean;
}) {
  const t = useTranslations("moderation");
  const codes = useTranslations("codes");
  const roles = useTranslations("mypage.role");
  const target = detail.target;
  const member = (id: number, nickname: string) =>
    mayReadMembers ? (
      <Link to={`/${lang}/staff/members/${id}/`} className="text-brand-700 underline">
        {nickname}
      </Link>
    ) : (
      nickname
    );
  return (
    <section
      aria-labelledby="target-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="target-heading" className="mb-3 text-base font-bold">
        {t("report.targetHeading")}{" "}
        <span className="text-sm font-normal text-slate-500">
          {t(`targets.${detail.report.targetType}`)} #{detail.report.targetId}
        </span>
      </h2>
      {!target ? (
        <p className="text-sm text-slate-600">{t("report.targetGone")}</p>
      ) : target.type === "item" ? (
        <div className="flex gap-4" data-testid="target-item">
          {target.photoUrl && (
            <img
              src={target.photoUrl}
              alt=""
              className="size-24 shrink-0 rounded-lg bg-slate-100 object-cover"
            />
          )}
          <dl className="grid min-w-0 flex-1 grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="sr-only">{t("queue.target")}</dt>
            <dd className="col-span-2 font-semibold break-words">{target.title}</dd>
            <dt className="text-slate-500">{t("report.price")}</dt>
            <dd>{target.price === null ? "—" : formatYen(target.price, lang)}</dd>
            <dt className="text-slate-500">{t("report.itemState")}</dt>
            <dd>{codes(`itemState.${target.state}`)}</dd>
            <dt className="text-slate-500">{t("report.seller")}</dt>
            <dd>{member(target.ownerId, target.ownerNickname)}</dd>
            <dd className="col-span-2">
              <Link to={`/${lang}/items/${target.id}/`} className="text-brand-700 underline">
                {t("report.openPublic")}
              </Link>
            </dd>
          </dl>
        </div>
      ) : target.type === "comment" ? (
        <div className="flex flex-col gap-2 text-sm" data-testid="target-comment">
          <p className="text-xs text-slate-500">
            <Link to={`/${lang}/items/${target.itemId}/comments/`} className="underline">
              {t("report.commentOn", { title: target.itemTitle })}
            </Link>
          </p>
          <blockquote className="border-l-4 border-slate-200 pl-3 whitespace-pre-wrap break-words">
            {target.body}
          </blockquote>
          <p>
            {t("report.author")}: {member(target.ownerId, target.ownerNickname)}{" "}
            <span
              className={`ml-2 rounded px-2 py-0.5 text-xs font-bold ${target.hidden ? "bg-slate-200 text-slate-700" : "bg-emerald-100 text-emerald-800"}`}
            >
              {target.hidden ? t("report.hidden") : t("report.visible")}
            </span>
          </p>
        </div>
      ) : (
        <div className="flex items-center gap-4 text-sm" data-testid="target-user">
          {target.avatarUrl && (
            <img src={target.avatarUrl} alt="" className="size-16 rounded-full object-cover" />
          )}
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{member(target.id, target.ownerNickname)}</p>
            <p className="text-slate-600">
              {roles(target.role)} ・ {t("report.joined")} {formatDate(target.memberSince, lang)}
            </p>
            <p>
              <span
                className={`rounded px-2 py-0.5 text-xs font-bold ${target.suspendedAt ? "bg-danger-600 text-white" : "bg-emerald-100 text-emerald-800"}`}
              >
                {target.suspendedAt ? t("report.suspended") : t("report.active")}
              </span>
            </p>
            {target.role === "member" && (
              <Link to={`/${lang}/users/${target.id}/`} className="text-brand-700 underline">
                {t("report.openPublic")}
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

export function OtherReports({ detail, lang }: { detail: ReportDetail; lang: "ja" | "en" }) {
  const t = useTranslations("moderation");
  const reason = useReason();
  return (
    <section aria-labelledby="others-heading">
      <h2 id="others-heading" className="mb-2 text-base font-bold">
        {t("report.others")}
      </h2>
      {detail.others.length === 0 ? (
        <p className="text-sm text-slate-600">{t("report.noOthers")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {detail.others.map((o) => (
            <li key={o.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/${lang}/staff/reports/${o.id}/`}
                  className="font-semibold text-brand-700 underline"
                >
                  #{o.id}
                </Link>
                <span className={`rounded px-1.5 py-0.5 text-xs font-bold ${BADGE[o.state]}`}>
                  {t(`reportStates.${o.state}`)}
                </span>
                <span>{reason(o.reason)}</span>
                <span className="text-xs text-slate-500">
                  {o.reporterNickname} ・ {formatDate(o.createdAt, lang, true)}
                </span>
              </p>
              {o.body && <p className="whitespace-pre-wrap break-words text-slate-700">{o.body}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
