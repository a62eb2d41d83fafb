import { Form, Link, redirect } from "react-router";
import { createBuyerCompany } from "#core/buyback/create-buyer-company.ts";
import { getBuyerCompany } from "#core/buyback/get-buyer-company.ts";
import { inviteBuyer } from "#core/buyback/invite-buyer.ts";
import { updateBuyerCompany } from "#core/buyback/update-buyer-company.ts";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, orNotFound, pathIdOf, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/buyback-company";
import { doneOf, invitationIntent } from "./buyback-invitations.server.ts";
import { DoneNotice, InvitationList, type InvitationRow } from "./buyback-invitations.tsx";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buybackOffice.companies.title", { noindex: true });

const COMPANY_FIELDS = ["name", "invoiceNumber", "address", "phone", "dealerLicence"] as const;
type CompanyField = (typeof COMPANY_FIELDS)[number];

/** `/staff/buyback/companies/new/` adds a company; `/staff/buyback/companies/{id}/` edits one. */
function idOf(params: { id?: string }): number | null {
  return params.id === undefined ? null : pathIdOf(params);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:manage");
  const id = idOf(params);
  if (id === null) return { id: null, company: null, buyers: [], invitations: [], done: null };
  const r = await orNotFound(() => getBuyerCompany(core(context), { actor, id }));
  return {
    id,
    done: doneOf(request),
    company: {
      name: r.company.name,
      invoiceNumber: r.company.invoiceNumber ?? "",
      address: r.company.address,
      phone: r.company.phone,
      dealerLicence: r.company.dealerLicence,
    },
    buyers: r.buyers.map((b) => ({
      userId: b.userId,
      name: b.name,
      email: b.email,
      setUp: b.setupAt !== null,
      createdAt: b.createdAt.toISOString(),
    })),
    invitations: r.invitations.map(
      (i): InvitationRow => ({
        id: i.id,
        companyId: i.companyId,
        email: i.email,
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
        expired: i.expired,
      }),
    ),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:manage");
  const id = idOf(params);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "save");
  const values = formValues(form, [...COMPANY_FIELDS, "email"] as const);
  const ctx = core(context);
  const meta = requestMeta(context);
  const page = (companyId: number, done: string) =>
    redirect(`/${lang}/staff/buyback/companies/${companyId}/?done=${done}`);
  try {
    if (id === null) {
      const created = await createBuyerCompany(ctx, { actor, input: values, meta });
      return page(created.id, "created");
    }
    if (intent === "invite") {
      await inviteBuyer(ctx, { actor, companyId: id, input: { email: values.email }, meta });
      return page(id, "sent");
    }
    const done = await invitationIntent(context, actor, form);
    if (done) return page(id, done);
    await orNotFound(() => updateBuyerCompany(ctx, { actor, id, input: values, meta }));
    return page(id, "saved");
  } catch (error) {
    return formFailure(error, lang, { ...values, intent });
  }
}

/** A buyer company: its details (validated), its buyers, the invitation form and unused invitations. */
export default function StaffBuybackCompany({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.companies");
  const form = useTranslations("form");
  const lang = langOf(params);
  const { id, company, buyers, invitations, done } = loaderData;
  const failed = actionData?.values?.intent;
  const companyFailed = actionData && failed !== "invite" && failed !== "resend" && failed !== "cancel";
  const v = (name: CompanyField) =>
    (companyFailed ? actionData?.values?.[name] : undefined) ?? company?.[name] ?? "";
  const e = (name: string) => (companyFailed ? actionData?.errors?.[name] : undefined);
  const card = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={`/${lang}/staff/buyback/companies/`}
        className="self-start text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t("backToList")}
      </Link>
      <h1 className="text-2xl font-bold break-words">{company?.name ?? t("newTitle")}</h1>
      <DoneNotice done={done} />
      {actionData?.formError && (failed === "resend" || failed === "cancel") && (
        <FormError message={actionData.formError} />
      )}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Form method="post" noValidate className={`${card} flex flex-col gap-5`} data-testid="company-form">
          <FormError message={companyFailed ? (actionData?.formError ?? form("fixErrors")) : undefined} />
          <TextField
            name="name"
            label={t("fields.name")}
            maxLength={100}
            autoComplete="organization"
            defaultValue={v("name")}
            error={e("name")}
          />
          <TextField
            name="invoiceNumber"
            label={t("fields.invoiceNumber")}
            hint={t("hints.invoiceNumber")}
            optional
            maxLength={20}
            defaultValue={v("invoiceNumber")}
            error={e("invoiceNumber")}
          />
          <TextField
            name="address"
            label={t("fields.address")}
            maxLength={200}
            autoComplete="street-address"
            defaultValue={v("address")}
            error={e("address")}
          />
          <TextField
            name="phone"
            type="tel"
            label={t("fields.phone")}
            hint={t("hints.phone")}
            maxLength={20}
            autoComplete="tel"
            inputMode="tel"
            defaultValue={v("phone")}
            error={e("phone")}
          />
          <TextField
            name="dealerLicence"
            label={t("fields.dealerLicence")}
            hint={t("hints.dealerLicence")}
            maxLength={100}
            defaultValue={v("dealerLicence")}
            error={e("dealerLicence")}
          />
          <div className="sm:max-w-xs">
            <SubmitButton name="intent" value="save">
              {id === null ? t("create") : t("save")}
            </SubmitButton>
          </div>
        </Form>
        {id !== null && (
          <div className="flex flex-col gap-4">
            <section className={card} aria-labelledby="buyers-title">
              <h2 id="buyers-title" className="text-lg font-bold">
                {t("buyers.title")}
              </h2>
              {buyers.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t("buyers.empty")}</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-200 text-sm" data-testid="company-buyers">
                  {buyers.map((b) => (
                    <li key={b.userId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                      <span className="font-semibold">{b.name}</span>
                      <span className="break-all text-slate-700">{b.email}</span>
                      <span className="text-xs text-slate-600">
                        {t("buyers.joined", { date: formatDate(b.createdAt, lang) })} ·{" "}
                        {b.setUp ? t("buyers.setup") : t("buyers.notSetUp")}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className={card} aria-labelledby="invite-title">
              <h2 id="invite-title" className="text-lg font-bold">
                {t("invite.title")}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t("invite.lead")}</p>
              <Form method="post" noValidate className="mt-4 flex flex-col gap-4" data-testid="invite-form">
                <FormError message={failed === "invite" ? actionData?.formError : undefined} />
                <TextField
                  name="email"
                  type="email"
                  label={t("invite.email")}
                  autoComplete="off"
                  inputMode="email"
                  defaultValue={failed === "invite" ? actionData?.values?.email : ""}
                  error={failed === "invite" ? actionData?.errors?.email : undefined}
                />
                <div className="sm:max-w-xs">
                  <SubmitButton name="intent" value="invite">
                    {t("invite.submit")}
                  </SubmitButton>
                </div>
              </Form>
            </section>
            <section className={card} aria-labelledby="invitations-title">
              <h2 id="invitations-title" className="text-lg font-bold">
                {t("invitations.title")}
              </h2>
              <InvitationList rows={invitations} lang={lang} showCompany={false} />
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
