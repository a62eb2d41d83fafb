import { type ReactNode, useId } from "react";
import { data, Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { claimIdentityReview, releaseIdentityReview } from "#core/account/identity-review-claim.ts";
import { getIdentityReview, type IdentityReviewDetail } from "#core/account/identity-review-detail.ts";
import {
  IDENTITY_OFFICE_REJECTION_REASONS,
  IDENTITY_REVIEW_NOTE_MAX,
} from "#core/account/identity-review-rule.ts";
import { approveIdentityCheck, rejectIdentityCheck } from "#core/account/review-identity-check.ts";
import type { Locale } from "#core/shared/locale.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { FormError } from "../../components/form.tsx";
import { useAge } from "../../components/staff/age.ts";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { ClaimForm } from "../../components/staff/claim-form.tsx";
import { formatDate } from "../../i18n/index.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/identity-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("identityReview.queue.title", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "identity:review");
  const checkId = pathIdOf(params);
  const detail = await orNotFound(() =>
    getIdentityReview(core(context), { actor, checkId, meta: requestMeta(context) }),
  );
  return {
    detail,
    assignees: detail.canDecide ? await queueOperators(core(context), { actor, queue: "identity" }) : [],
  };
}

/**
 * The office's steps on one check: take it, let go of it, approve or reject it (each with a note).
 * Whatever is posted goes to the core, which checks the operator's roles again.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "identity:review");
  const checkId = pathIdOf(params);
  const values = formValues(await request.formData(), ["intent", "note", "reasonCode"]);
  const ctx = core(context);
  const meta = requestMeta(context);
  const here = `/${lang}/staff/identity/${checkId}/`;
  try {
    switch (values.intent) {
      case "claim":
        await claimIdentityReview(ctx, { actor, checkId, meta });
        return redirectWithFlash(context, here, "identityReview.flash.claimed");
      case "release":
        await releaseIdentityReview(ctx, { actor, checkId, meta });
        return redirectWithFlash(context, here, "identityReview.flash.released");
      case "approve":
        await approveIdentityCheck(ctx, { actor, checkId, input: { note: values.note }, meta });
        return redirectWithFlash(context, here, "identityReview.flash.approved");
      case "reject":
        await rejectIdentityCheck(ctx, {
          actor,
          checkId,
          input: { note: values.note, reasonCode: values.reasonCode },
          meta,
        });
        return redirectWithFlash(context, here, "identityReview.flash.rejected");
      default:
        throw data("Bad request", { status: 400 });
    }
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

const BADGE: Record<IdentityReviewDetail["check"]["status"], string> = {
  pending: "bg-slate-200 text-slate-700",
  review: "bg-amber-100 text-amber-900",
  verified: "bg-emerald-100 text-emerald-800",
  rejected: "bg-red-100 text-danger-700",
  expired: "bg-slate-200 text-slate-700",
};

export default function StaffIdentityCheck({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("identityReview");
  const lang = langOf(params);
  const age = useAge();
  const { detail } = loaderData;
  const { check, claim } = detail;
  const failed = actionData?.values?.intent;
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/identity/`} className="self-start text-sm text-brand-700 underline">
        {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("detail.title", { id: String(check.id) })}</h1>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${BADGE[check.status]}`}
          data-testid="check-status"
        >
          {t(`statuses.${check.status}`)}
        </span>
        {check.overdue && (
          <span className="rounded bg-danger-600 px-2 py-0.5 text-xs font-bold text-white">
            {t("queue.overdue")}
          </span>
        )}
      </div>
      {(failed === "claim" || failed === "release" || !detail.canDecide) && (
        <FormError message={actionData?.formError} />
      )}

      {detail.canDecide && (
        <section
          aria-label={t("queue.claim")}
          className={`flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ${check.overdue ? "ring-2 ring-danger-500" : "ring-slate-200"}`}
        >
          <p className={`text-sm ${check.overdue ? "font-bold text-danger-700" : "text-slate-700"}`}>
            {t("detail.waiting", { age: age(check.ageMs) })}
          </p>
          <ClaimForm
            claimed={claim ? t("detail.claimedBy", { name: claim.nickname }) : null}
            testId="check-claim"
            labels={{
              unclaimed: t("queue.unclaimed"),
              claim: t("queue.claimAction"),
              release: t("detail.release"),
            }}
          />
          <AssignForm
            lang={lang}
            queue="identity"
            itemId={check.id}
            operators={loaderData.assignees}
            current={claim?.operatorId ?? null}
            back={`/${lang}/staff/identity/${check.id}/`}
          />
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Overview detail={detail} lang={lang} />
          <Comparison detail={detail} />
          {detail.decision && (
            <Card id="decision-title" title={t("detail.decision")}>
              <dl className="divide-y divide-slate-100 text-sm" data-testid="decision">
                <Row label={t("detail.status")}>
                  {detail.decision.action === "identity:approve" ||
                  detail.decision.action === "identity:reject"
                    ? t(`detail.actions.${detail.decision.action}`)
                    : detail.decision.action}
                  <span className="ml-2 text-xs text-slate-500">
                    {t("detail.decidedBy", {
                      name: detail.decision.operator ?? "—",
                      date: formatDate(detail.decision.at, lang, true),
                    })}
                  </span>
                </Row>
                {detail.decision.note && (
                  <Row label={t("detail.decisionNote")}>
                    <span className="whitespace-pre-wrap">{detail.decision.note}</span>
                  </Row>
                )}
              </dl>
            </Card>
          )}
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label={t("detail.decide")}>
          {detail.canDecide ? (
            <>
              <DecisionForm intent="approve" state={failed === "approve" ? actionData : undefined} />
              <DecisionForm intent="reject" state={failed === "reject" ? actionData : undefined} />
            </>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="not-in-review">
              {t("detail.closed")}
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Overview({ detail, lang }: { detail: IdentityReviewDetail; lang: Locale }) {
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
function Comparison({ detail }: { detail: IdentityReviewDetail }) {
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
        <div className="overflow-x-auto">
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
        </div>
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
function DecisionForm({ intent, state }: { intent: "approve" | "reject"; state: FormState | undefined }) {
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
