import { useId } from "react";
import { data, Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { claimReport, releaseReport } from "#core/moderation/claim-report.ts";
import { type ModerationAction, REPORT_REASONS, type ReportReason } from "#core/moderation/codes.ts";
import { dismissReport } from "#core/moderation/dismiss-report.ts";
import { getReport, type ReportDetail } from "#core/moderation/get-report.ts";
import { hideComment, restoreComment } from "#core/moderation/moderate-comment.ts";
import { hideItem, restoreItem } from "#core/moderation/moderate-item.ts";
import { restoreMember, suspendMember } from "#core/moderation/suspend-member.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { hasPermission } from "#core/staff/permissions.ts";
import { FormError } from "../../components/form.tsx";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { ClaimForm } from "../../components/staff/claim-form.tsx";
import { Decisions, type FormState, ModerationForm } from "../../components/staff/moderation.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import type { FlashKey } from "../../lib/flash.ts";
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
import type { Route } from "./+types/reports-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("moderation.queue.title", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "reports:read");
  const reportId = pathIdOf(params);
  const detail = await orNotFound(() => getReport(core(context), { actor, reportId }));
  return {
    detail,
    mayReadMembers: hasPermission(actor.staffRoles, "members:read"),
    assignees: await queueOperators(core(context), { actor, queue: "reports" }),
  };
}

/** Each decision, the core's use case that takes it, and what the next page says. */
const DECISIONS = {
  hide_item: { run: hideItem, flash: "moderation.flash.hidden" },
  restore_item: { run: restoreItem, flash: "moderation.flash.restored" },
  hide_comment: { run: hideComment, flash: "moderation.flash.hidden" },
  restore_comment: { run: restoreComment, flash: "moderation.flash.restored" },
  suspend_member: { run: suspendMember, flash: "moderation.flash.suspended" },
  restore_member: { run: restoreMember, flash: "moderation.flash.unsuspended" },
} as const satisfies Record<ModerationAction, { flash: FlashKey; run: unknown }>;

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "reports:read");
  const reportId = pathIdOf(params);
  const form = await request.formData();
  const values = formValues(form, ["intent", "action", "reasonCode", "note", "dismissNote"]);
  const ctx = core(context);
  const meta = requestMeta(context);
  const here = `/${lang}/staff/reports/${reportId}/`;
  try {
    switch (values.intent) {
      case "claim":
        await claimReport(ctx, { actor, reportId, meta });
        return redirectWithFlash(context, here, "moderation.flash.claimed");
      case "release":
        await releaseReport(ctx, { actor, reportId, meta });
        return redirectWithFlash(context, here, "moderation.flash.released");
      case "dismiss":
        await dismissReport(ctx, { actor, reportId, input: { note: values.dismissNote }, meta });
        return redirectWithFlash(context, here, "moderation.flash.dismissed");
      case "moderate": {
        if (!Object.hasOwn(DECISIONS, values.action)) throw data("Bad request", { status: 400 });
        const decision = DECISIONS[values.action as ModerationAction];
        // The decision is about this report's target, whatever the form says.
        const { report } = await getReport(ctx, { actor, reportId });
        const input = { reasonCode: values.reasonCode, note: values.note };
        const id = report.targetId;
        if (values.action === "hide_item" || values.action === "restore_item") {
          if (report.targetType !== "item") throw data("Bad request", { status: 400 });
          await DECISIONS[values.action].run(ctx, { actor, itemId: id, input, meta });
        } else if (values.action === "hide_comment" || values.action === "restore_comment") {
          if (report.targetType !== "comment") throw data("Bad request", { status: 400 });
          await DECISIONS[values.action].run(ctx, { actor, commentId: id, input, meta });
        } else {
          if (report.targetType !== "user") throw data("Bad request", { status: 400 });
          await DECISIONS[values.action as "suspend_member"].run(ctx, { actor, userId: id, input, meta });
        }
        return redirectWithFlash(context, here, decision.flash);
      }
      default:
        throw data("Bad request", { status: 400 });
    }
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

const BADGE = {
  OPEN: "bg-amber-100 text-amber-900",
  ACTIONED: "bg-emerald-100 text-emerald-800",
  DISMISSED: "bg-slate-200 text-slate-700",
} as const;

function useReason() {
  const t = useTranslations("moderation");
  return (code: string) =>
    REPORT_REASONS.some((r) => r.code === code) ? t(`reasons.${code as ReportReason}`) : code;
}

export default function StaffReport({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("moderation");
  const lang = langOf(params);
  const reason = useReason();
  const { detail, mayReadMembers } = loaderData;
  const { report, claim } = detail;
  const open = report.state === "OPEN";
  const failedIntent = actionData?.values?.intent;
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/reports/`} className="text-sm text-brand-700 underline">
        {t("report.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("report.title", { id: String(report.id) })}</h1>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${BADGE[report.state]}`}
          data-testid="report-state"
        >
          {t(`reportStates.${report.state}`)}
        </span>
        {report.overdue && (
          <span className="rounded bg-danger-600 px-2 py-0.5 text-xs font-bold text-white">
            {t("queue.overdue")}
          </span>
        )}
      </div>
      {(failedIntent === "claim" || failedIntent === "release") && (
        <FormError message={actionData?.formError} />
      )}
      {open && (
        <ClaimForm
          claimed={claim ? t("report.claimedBy", { name: claim.nickname }) : null}
          testId="report-claim"
          labels={{
            unclaimed: t("queue.unclaimed"),
            claim: t("queue.claimAction"),
            release: t("report.release"),
          }}
        />
      )}
      {open && (
        <AssignForm
          lang={lang}
          queue="reports"
          itemId={report.id}
          operators={loaderData.assignees}
          current={claim?.operatorId ?? null}
          back={`/${lang}/staff/reports/${report.id}/`}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <section
            aria-labelledby="report-heading"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="report-heading" className="mb-2 text-base font-bold">
              {t("report.reportHeading")}
            </h2>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <dt className="text-slate-500">{t("report.reason")}</dt>
              <dd className="font-semibold">{reason(report.reason)}</dd>
              <dt className="text-slate-500">{t("report.body")}</dt>
              <dd className="whitespace-pre-wrap break-words">{report.body || t("report.noBody")}</dd>
              <dt className="text-slate-500">{t("report.reporter")}</dt>
              <dd>{report.reporter.nickname}</dd>
              <dt className="text-slate-500">{t("report.received")}</dt>
              <dd>{formatDate(report.createdAt, lang, true)}</dd>
              {!open && (
                <>
                  <dt className="text-slate-500">{t("report.state")}</dt>
                  <dd>
                    {report.handledAt &&
                      t("report.handled", {
                        name: report.handledBy ?? "—",
                        date: formatDate(report.handledAt, lang, true),
                      })}
                    {report.decisionId && (
                      <span className="ml-2 font-semibold">
                        {t("report.decision", { caseNumber: String(report.decisionId) })}
                      </span>
                    )}
                  </dd>
                </>
              )}
            </dl>
          </section>
          <TargetPreview detail={detail} lang={lang} mayReadMembers={mayReadMembers} />
          <OtherReports detail={detail} lang={lang} />
          <Decisions decisions={detail.decisions} lang={lang} />
        </div>

        <aside className="flex min-w-0 flex-col gap-6" aria-label={t("report.moderateHeading")}>
          {!detail.mayModerate ? (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="no-permission">
              {t("report.noPermission")} ({detail.permission})
            </p>
          ) : (
            <>
              {detail.action && (
                <ModerationForm
                  action={detail.action}
                  rules={detail.rules}
                  state={failedIntent === "moderate" ? actionData : undefined}
                />
              )}
              {open && <DismissForm state={failedIntent === "dismiss" ? actionData : undefined} />}
            </>
          )}
          {!open && <p className="text-sm text-slate-600">{t("report.closed")}</p>}
        </aside>
      </div>
    </div>
  );
}

function DismissForm({ state }: { state: FormState }) {
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
function TargetPreview({
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

function OtherReports({ detail, lang }: { detail: ReportDetail; lang: "ja" | "en" }) {
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
