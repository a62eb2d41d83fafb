import { data, Form, Link } from "react-router";
import { approveBuyerApplication } from "#core/buyback/approve-buyer-application.ts";
import { getBuyerApplication } from "#core/buyback/buyer-applications.ts";
import { declineBuyerApplication } from "#core/buyback/decline-buyer-application.ts";
import { ConfirmForm, ConfirmPanel } from "../../components/buying/confirm-form.tsx";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { useAge } from "../../components/staff/age.ts";
import { Card, Row } from "../../components/staff/card.tsx";
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
import { TextAreaField } from "../mypage/support-ui.tsx";
import type { Route } from "./+types/buyer-applications-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buyerApplicationOffice.queue.title", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:manage");
  const applicationId = pathIdOf(params);
  return {
    application: await orNotFound(() => getBuyerApplication(core(context), { actor, applicationId })),
  };
}

/** Approve (the company is made and invited) or decline with a reason; the core checks the roles again. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:manage");
  const applicationId = pathIdOf(params);
  const values = formValues(await readForm(request), ["intent", "reason", "confirmed", "back"]);
  const ctx = core(context);
  const meta = requestMeta(context);
  const here = `/${lang}/staff/buyer-applications/${applicationId}/`;
  try {
    switch (values.intent) {
      case "approve":
        // Nothing changes yet without JavaScript: the server asks first (the page's dialog does otherwise).
        if (values.back === "1") return { back: true as const };
        if (values.confirmed !== "1") return { confirm: "approve" as const };
        await approveBuyerApplication(ctx, { actor, applicationId, meta });
        return redirectWithFlash(context, here, "buyerApplicationOffice.flash.approved");
      case "decline":
        await declineBuyerApplication(ctx, { actor, applicationId, input: { reason: values.reason }, meta });
        return redirectWithFlash(context, here, "buyerApplicationOffice.flash.declined");
      default:
        throw data("Bad request", { status: 400 });
    }
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

const BADGE = {
  PENDING: "bg-amber-100 text-amber-900",
  APPROVED: "bg-emerald-100 text-emerald-800",
  DECLINED: "bg-slate-200 text-slate-700",
} as const;

/** One company's application: what it sent, how long it has waited, and the operator's decision. */
export default function StaffBuyerApplication({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buyerApplicationOffice");
  const a = useTranslations("buyerApplication");
  const prefectures = useTranslations("codes.prefecture");
  const categories = useTranslations("codes.category");
  const lang = langOf(params);
  const age = useAge();
  const { application } = loaderData;
  const state = actionData && "values" in actionData ? actionData : undefined;
  const asking = actionData && "confirm" in actionData;
  const failed = state?.values?.intent;
  // An approval refused for a field of the application (an address that has an account) says so here.
  const approveError =
    failed === "approve" ? (state?.formError ?? Object.values(state?.errors ?? {}).join(" ")) : undefined;
  const pending = application.state === "PENDING";
  const approveCopy = {
    title: t("detail.confirmTitle", { company: application.companyName }),
    body: <p className="mt-2 text-sm">{t("detail.confirmBody", { email: application.email })}</p>,
    confirm: t("detail.confirm"),
  };
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/buyer-applications/`} className="self-start text-sm text-brand-700 underline">
        {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("detail.title", { id: String(application.id) })}</h1>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${BADGE[application.state]}`}
          data-testid="application-state"
        >
          {t(`states.${application.state}`)}
        </span>
        {application.ageMs !== null && (
          <span className={`text-sm ${application.overdue ? "font-bold text-danger-700" : "text-slate-600"}`}>
            {t("detail.waiting", { age: age(application.ageMs) })}
          </span>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card id="company-title" title={t("detail.company")}>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label={a("fields.companyName")}>{application.companyName}</Row>
              <Row label={t("detail.licence")}>
                {t("detail.licenceValue", {
                  commission: a("commission", {
                    prefecture: prefectures(application.licenceCommission as "13"),
                  }),
                  number: application.licenceNumber,
                })}
              </Row>
              <Row label={a("fields.address")}>{application.address}</Row>
            </dl>
          </Card>
          <Card id="contact-title" title={t("detail.contact")}>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label={a("fields.contactName")}>{application.contactName}</Row>
              <Row label={a("fields.email")}>
                <span className="break-all">{application.email}</span>
              </Row>
              <Row label={a("fields.phone")}>{application.phone}</Row>
              <Row label={t("detail.language")}>
                {t(`detail.languages.${application.locale === "en" ? "en" : "ja"}`)}
              </Row>
            </dl>
          </Card>
          <Card id="buying-title" title={t("detail.buying")}>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label={a("fields.monthlyVolume")}>
                {a(`volumes.${application.monthlyVolume as "under10"}`)}
              </Row>
              <Row label={a("fields.categories")}>
                {application.categories.map((c) => categories(c as "05")).join("、")}
              </Row>
              <Row label={t("detail.received")}>{formatDate(application.createdAt, lang, true)}</Row>
            </dl>
          </Card>
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label={t("detail.decision")}>
          {pending ? (
            <>
              <section
                aria-labelledby="approve-title"
                className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h2 id="approve-title" className="text-base font-bold">
                  {t("detail.approveTitle")}
                </h2>
                <p className="text-sm text-slate-700">
                  {t("detail.approveLead", { email: application.email })}
                </p>
                <FormError message={approveError || undefined} />
                {asking ? (
                  <ConfirmPanel copy={approveCopy} values={[["intent", "approve"]]} />
                ) : (
                  <ConfirmForm
                    intent="approve"
                    submitLabel={t("detail.approve")}
                    copy={() => approveCopy}
                    testId="approve-form"
                  />
                )}
              </section>
              <Form
                method="post"
                noValidate
                aria-labelledby="decline-title"
                data-testid="decline-form"
                className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h2 id="decline-title" className="text-base font-bold">
                  {t("detail.declineTitle")}
                </h2>
                <p className="text-sm text-slate-700">{t("detail.declineLead")}</p>
                {failed === "decline" && <FormError message={state?.formError} />}
                <input type="hidden" name="intent" value="decline" />
                <TextAreaField
                  name="reason"
                  label={a("fields.declineReason")}
                  hint={t("detail.reasonHint")}
                  rows={5}
                  defaultValue={failed === "decline" ? state?.values?.reason : undefined}
                  error={failed === "decline" ? state?.errors?.reason : undefined}
                />
                <SubmitButton variant="secondary">{t("detail.decline")}</SubmitButton>
              </Form>
            </>
          ) : (
            <Card id="decision-title" title={t("detail.decision")} testId="decision">
              <dl className="divide-y divide-slate-100 text-sm">
                <Row label={t("queue.state")}>
                  {t(`states.${application.state}`)}
                  {application.decidedAt && (
                    <span className="ml-2 text-xs text-slate-500">
                      {t("detail.decidedBy", {
                        name: application.decidedByName ?? "—",
                        date: formatDate(application.decidedAt, lang, true),
                      })}
                    </span>
                  )}
                </Row>
                {application.companyId && (
                  <Row label={t("detail.company")}>
                    <Link
                      to={`/${lang}/staff/buyback/companies/${application.companyId}/`}
                      className="text-brand-700 underline"
                    >
                      {t("detail.companyLink")}
                    </Link>
                  </Row>
                )}
                {application.declineReason && (
                  <Row label={t("detail.reason")}>
                    <span className="whitespace-pre-wrap">{application.declineReason}</span>
                  </Row>
                )}
              </dl>
            </Card>
          )}
        </aside>
      </div>
    </div>
  );
}
