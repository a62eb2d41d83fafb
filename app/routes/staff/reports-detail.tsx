import { data, Link } from "react-router";
import { claimReport, releaseReport } from "#core/moderation/claim-report.ts";
import type { ModerationAction } from "#core/moderation/codes.ts";
import { dismissReport } from "#core/moderation/dismiss-report.ts";
import { getReport } from "#core/moderation/get-report.ts";
import { hideComment, restoreComment } from "#core/moderation/moderate-comment.ts";
import { hideItem, restoreItem } from "#core/moderation/moderate-item.ts";
import { restoreMember, suspendMember } from "#core/moderation/suspend-member.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { hasPermission } from "#core/staff/permissions.ts";
import { queueNeighbours } from "#core/staff/queue-neighbours.ts";
import { FormError } from "../../components/form.tsx";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { ClaimForm } from "../../components/staff/claim-form.tsx";
import { Decisions, ModerationForm } from "../../components/staff/moderation.tsx";
import { QueueStepper } from "../../components/staff/queue-stepper.tsx";
import {
  BADGE,
  DismissForm,
  OtherReports,
  TargetPreview,
  useReason,
} from "../../components/staff/report-parts.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  readForm,
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
  const queue = await queueNeighbours(core(context), { actor, queue: "reports", id: reportId });
  return {
    queue,
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
  const form = await readForm(request);
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
      <QueueStepper nav={loaderData.queue} base={`/${lang}/staff/reports/`} />
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
