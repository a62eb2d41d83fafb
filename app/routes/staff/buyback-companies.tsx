import { Link, redirect } from "react-router";
import { listBuyerCompanies } from "#core/buyback/list-buyer-companies.ts";
import { FormError } from "../../components/form.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/buyback-companies";
import { doneOf, invitationIntent } from "./buyback-invitations.server.ts";
import { DoneNotice, InvitationList, type InvitationRow } from "./buyback-invitations.tsx";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buybackOffice.companies.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:manage");
  const url = new URL(request.url);
  const query = {
    sort: url.searchParams.get("sort")?.slice(0, 16) || undefined,
    dir: url.searchParams.get("dir")?.slice(0, 4) || undefined,
  };
  const { companies, invitations, sort, dir } = await listBuyerCompanies(core(context), { actor, query });
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return {
    done: doneOf(request),
    sort,
    dir,
    companies: companies.map((c) => ({
      id: c.id,
      name: c.name,
      invoiceNumber: c.invoiceNumber,
      address: c.address,
      phone: c.phone,
      dealerLicence: c.dealerLicence,
      buyerCount: c.buyerCount,
    })),
    invitations: invitations.map(
      (i): InvitationRow => ({
        id: i.id,
        companyId: i.companyId,
        companyName: names.get(i.companyId) ?? "",
        email: i.email,
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
        expired: i.expired,
      }),
    ),
  };
}

/** Sends an unused invitation again, or withdraws it. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:manage");
  try {
    const done = await invitationIntent(context, actor, await readForm(request));
    // Back to the list as it was sorted (the form is sent to the page's own address).
    const from = new URL(request.url).searchParams;
    const back = new URLSearchParams();
    for (const key of ["sort", "dir"]) {
      const value = from.get(key);
      if (value) back.set(key, value.slice(0, 16));
    }
    if (done) back.set("done", done);
    const search = back.toString();
    return redirect(`/${lang}/staff/buyback/companies/${search ? `?${search}` : ""}`);
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

type Row = Awaited<ReturnType<typeof loader>>["companies"][number];

/**
 * The buyer companies (name, registration number, address, phone, dealer licence, buyers), in the
 * order they were added or sorted by name or registration number, and unused invitations.
 */
export default function StaffBuybackCompanies({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.companies");
  const lang = langOf(params);
  const { companies, invitations, done, sort, dir } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Link
          to={`/${lang}/staff/buyback/companies/new/`}
          className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("add")}
        </Link>
      </div>
      <p className="text-sm text-slate-600">{t("lead")}</p>
      <DoneNotice done={done} />
      <FormError message={actionData?.formError} />
      <DataTable<Row>
        caption={t("listLabel")}
        rows={companies}
        rowKey={(r) => String(r.id)}
        empty={t("empty")}
        sort={{ sort, dir }}
        columns={[
          {
            id: "name",
            sortable: true,
            header: t("columns.name"),
            className: "min-w-40",
            cell: (r) => (
              <Link
                to={`/${lang}/staff/buyback/companies/${r.id}/`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {r.name}
              </Link>
            ),
          },
          {
            id: "invoiceNumber",
            sortable: true,
            header: t("columns.invoiceNumber"),
            className: "whitespace-nowrap font-mono",
            cell: (r) => r.invoiceNumber ?? <span className="font-sans text-slate-500">{t("none")}</span>,
          },
          { id: "address", header: t("columns.address"), className: "min-w-48", cell: (r) => r.address },
          { id: "phone", header: t("columns.phone"), className: "whitespace-nowrap", cell: (r) => r.phone },
          {
            id: "dealerLicence",
            header: t("columns.dealerLicence"),
            className: "min-w-48",
            cell: (r) => r.dealerLicence,
          },
          {
            id: "buyers",
            header: t("columns.buyers"),
            className: "whitespace-nowrap text-right",
            cell: (r) => t("buyerCount", { count: r.buyerCount }),
          },
        ]}
      />
      <section
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        aria-labelledby="invitations-title"
      >
        <h2 id="invitations-title" className="text-lg font-bold">
          {t("invitations.title")}
        </h2>
        <InvitationList rows={invitations} lang={lang} showCompany />
      </section>
    </div>
  );
}
