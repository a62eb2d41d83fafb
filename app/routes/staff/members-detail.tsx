import { data, Link } from "react-router";
import { twoStepStatus } from "#core/identity/two-step.ts";
import { rulesFor } from "#core/moderation/codes.ts";
import { getMember } from "#core/moderation/get-member.ts";
import { restoreMember, suspendMember } from "#core/moderation/suspend-member.ts";
import { grantFreePoints } from "#core/money/balance/free-points.ts";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { memberBalanceForOffice } from "#core/money/payouts/member-balance-for-office.ts";
import { hasPermission } from "#core/staff/permissions.ts";
import { resetTwoStep } from "#core/staff/reset-two-step.ts";
import { MemberBalance, MemberFreePointsForm } from "../../components/staff/member-money.tsx";
import { Decisions, ModerationForm } from "../../components/staff/moderation.tsx";
import { ResetTwoStepForm } from "../../components/staff/reset-two-step.tsx";
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
import type { Route } from "./+types/members-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("moderation.members.title", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "members:read");
  const userId = pathIdOf(params);
  const detail = await orNotFound(() => getMember(core(context), { actor, userId }));
  const money = detail.member.role === "member";
  return {
    detail,
    mayViewAs: hasPermission(actor.staffRoles, "members:impersonate"),
    // Finance sees the member's balances and may grant free points; the core checks both again.
    balance:
      money && hasPermission(actor.staffRoles, "payouts:read")
        ? await memberBalanceForOffice(core(context), { actor, userId })
        : null,
    grant:
      money && hasPermission(actor.staffRoles, "points:grant")
        ? { requestKey: crypto.randomUUID(), maxDays: BALANCE_LIMITS.freePointsDays }
        : null,
    // Support and admins may reset two-step verification (never their own); the core checks again.
    twoStep: hasPermission(actor.staffRoles, "members:reset_two_step")
      ? { ...(await twoStepStatus(core(context), userId)), self: actor.id === userId }
      : null,
  };
}

/** Suspends or restores the member; the core refuses anyone without `members:suspend`. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "members:read");
  const userId = pathIdOf(params);
  const form = await readForm(request);
  if (form.get("action") === "grant_points") {
    const values = formValues(form, ["action", "amount", "expiresInDays", "reason", "requestKey"]);
    try {
      await grantFreePoints(core(context), actor, {
        userId,
        input: { amount: values.amount, expiresInDays: values.expiresInDays, reason: values.reason },
        requestKey: values.requestKey || crypto.randomUUID(),
        meta: requestMeta(context),
      });
    } catch (error) {
      return formFailure(error, lang, values);
    }
    return redirectWithFlash(context, `/${lang}/staff/members/${userId}/`, "officeMoney.flash.granted");
  }
  if (form.get("action") === "reset_two_step") {
    const values = formValues(form, ["action", "reason"]);
    try {
      await resetTwoStep(core(context), { actor, userId, input: values, meta: requestMeta(context) });
    } catch (error) {
      return formFailure(error, lang, values);
    }
    return redirectWithFlash(context, `/${lang}/staff/members/${userId}/`, "twoStepReset.done");
  }
  const values = formValues(form, ["action", "reasonCode", "note"]);
  const o = {
    actor,
    userId,
    input: { reasonCode: values.reasonCode, note: values.note },
    meta: requestMeta(context),
  };
  const here = `/${lang}/staff/members/${userId}/`;
  try {
    if (values.action === "restore_member") {
      await restoreMember(core(context), o);
      return redirectWithFlash(context, here, "moderation.flash.unsuspended");
    }
    if (values.action !== "suspend_member") throw data("Bad request", { status: 400 });
    await suspendMember(core(context), o);
    return redirectWithFlash(context, here, "moderation.flash.suspended");
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** One member for the back office: who, what they list and trade, reports about them, suspension and decisions. */
export default function StaffMember({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("moderation.members");
  const staff = useTranslations("backOffice");
  const viewAs = useTranslations("viewAs");
  const roles = useTranslations("mypage.role");
  const codes = useTranslations("codes");
  const lang = langOf(params);
  const { member, listings, transactions, openReports, decisions, maySuspend } = loaderData.detail;
  const action = member.suspendedAt ? "restore_member" : "suspend_member";
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/members/`} className="text-sm text-brand-700 underline">
        {t("back")}
      </Link>
      <nav aria-label={staff("pii.title")} className="flex flex-wrap gap-2 text-sm">
        <Link
          to={`/${lang}/staff/members/${member.id}/personal-data/`}
          className="rounded-full px-3 py-1 font-semibold text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50"
        >
          {staff("pii.title")}
        </Link>
        {loaderData.mayViewAs && member.role !== "operator" && (
          <Link
            to={`/${lang}/staff/members/${member.id}/view-as/`}
            className="rounded-full px-3 py-1 font-semibold text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50"
          >
            {viewAs("title")}
          </Link>
        )}
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("detailTitle", { nickname: member.nickname })}</h1>
        <span className="text-sm text-slate-500 tabular-nums">
          {t("number")} {member.id}
        </span>
        {member.suspendedAt ? (
          <span
            className="rounded bg-danger-600 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="member-status"
          >
            {t("suspendedSince", { date: formatDate(member.suspendedAt, lang, true) })}
          </span>
        ) : (
          <span
            className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800"
            data-testid="member-status"
          >
            {t("active")}
          </span>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <section
            aria-labelledby="summary-heading"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="summary-heading" className="mb-2 text-base font-bold">
              {t("summary")}
            </h2>
            <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <dt className="text-slate-500">{t("email")}</dt>
              <dd className="break-all">{member.email}</dd>
              <dt className="text-slate-500">{t("role")}</dt>
              <dd>{roles(member.role)}</dd>
              <dt className="text-slate-500">{t("locale")}</dt>
              <dd>{t(`locales.${member.locale}`)}</dd>
              <dt className="text-slate-500">{t("joined")}</dt>
              <dd>{formatDate(member.createdAt, lang)}</dd>
              <dt className="text-slate-500">{t("listings")}</dt>
              <dd>
                {listings.length === 0 ? (
                  t("noListings")
                ) : (
                  <ul className="flex flex-wrap gap-x-4 gap-y-1">
                    {listings.map((l) => (
                      <li key={l.state}>
                        {t("listingCount", { state: codes(`itemState.${l.state}`), count: l.count })}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="text-slate-500">{t("transactions")}</dt>
              <dd>
                <ul className="flex flex-wrap gap-x-4 gap-y-1">
                  <li>{t("asBuyer", { count: transactions.bought })}</li>
                  <li>{t("asSeller", { count: transactions.sold })}</li>
                  <li>{t("openTransactions", { count: transactions.inProgress })}</li>
                  <li className={transactions.onHold ? "font-semibold text-danger-700" : ""}>
                    {t("pendingTransactions", { count: transactions.onHold })}
                  </li>
                </ul>
              </dd>
              <dt className="text-slate-500">{t("reportsAgainst")}</dt>
              <dd>{t("reportCount", { count: openReports })}</dd>
            </dl>
            {member.role === "member" && (
              <Link
                to={`/${lang}/users/${member.id}/`}
                className="mt-3 inline-block text-sm text-brand-700 underline"
              >
                {t("publicProfile")}
              </Link>
            )}
          </section>
          <Decisions decisions={decisions} lang={lang} title={t("decisions")} />
        </div>
        <aside className="flex min-w-0 flex-col gap-6">
          {loaderData.balance && <MemberBalance balance={loaderData.balance} lang={lang} />}
          {loaderData.grant && (
            <MemberFreePointsForm
              requestKey={loaderData.grant.requestKey}
              maxDays={loaderData.grant.maxDays}
              state={actionData?.values?.action === "grant_points" ? actionData : undefined}
            />
          )}
          {loaderData.twoStep && (
            <ResetTwoStepForm
              twoStep={loaderData.twoStep}
              state={actionData?.values?.action === "reset_two_step" ? actionData : undefined}
            />
          )}
          {member.role === "operator" ? (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t("staffAccount")}</p>
          ) : (
            maySuspend && (
              <ModerationForm
                action={action}
                rules={rulesFor(action)}
                state={
                  actionData?.values?.action === "grant_points" ||
                  actionData?.values?.action === "reset_two_step"
                    ? undefined
                    : actionData
                }
                title={member.suspendedAt ? t("restoreHeading") : t("suspendHeading")}
                lead={member.suspendedAt ? t("restoreWarning") : t("suspendWarning")}
              />
            )
          )}
        </aside>
      </div>
    </div>
  );
}
