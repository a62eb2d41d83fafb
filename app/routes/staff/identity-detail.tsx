import { data, Link } from "react-router";
import { claimIdentityReview, releaseIdentityReview } from "#core/account/identity-review-claim.ts";
import { getIdentityReview, type IdentityReviewDetail } from "#core/account/identity-review-detail.ts";
import { approveIdentityCheck, rejectIdentityCheck } from "#core/account/review-identity-check.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { queueNeighbours } from "#core/staff/queue-neighbours.ts";
import { FormError } from "../../components/form.tsx";
import { useAge } from "../../components/staff/age.ts";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { Card } from "../../components/staff/card.tsx";
import { ClaimForm } from "../../components/staff/claim-form.tsx";
import { Comparison, DecisionForm, Overview, Row } from "../../components/staff/identity-review.tsx";
import { QueueStepper } from "../../components/staff/queue-stepper.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
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
  const queue = await queueNeighbours(core(context), { actor, queue: "identity", id: checkId });
  return {
    queue,
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
  const values = formValues(await readForm(request), ["intent", "note", "reasonCode"]);
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
      <QueueStepper nav={loaderData.queue} base={`/${lang}/staff/identity/`} />
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
