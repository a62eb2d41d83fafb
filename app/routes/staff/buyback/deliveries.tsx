import { Form, Link } from "react-router";
import { DELIVERY_SHIPMENT_STATUSES } from "#core/buyback/codes.ts";
import { listOfficeDeliveries, type OfficeDeliveryRow } from "#core/buyback/office-deliveries.ts";
import { DeliveryStatusBadge } from "../../../components/buyback/deliveries.tsx";
import { DataTable, KeepSort } from "../../../components/staff/data-table.tsx";
import { Pager } from "../../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../../i18n/index.ts";
import { useTranslations } from "../../../i18n/use-translations.ts";
import { langOf } from "../../../lib/lang.ts";
import { core } from "../../../lib/request.server.ts";
import { titleMeta } from "../../../lib/seo.ts";
import { requireStaff } from "../staff.server.ts";
import type { Route } from "./+types/deliveries";

export const meta = titleMeta("buybackOffice.deliveries.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:ship");
  const url = new URL(request.url);
  const query = Object.fromEntries(
    ["status", "company", "page", "sort", "dir"].map((k) => [
      k,
      url.searchParams.get(k)?.slice(0, 32) || undefined,
    ]),
  );
  return { list: await listOfficeDeliveries(core(context), { actor, query }) };
}

/**
 * Every buyer company's deliveries: those still to ship first, by the day they are due; filtered
 * by status and company, or sorted by a column (a GET form and links, so the address can be shared).
 */
export default function StaffBuybackDeliveries({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.deliveries");
  const statuses = useTranslations("codes.deliveryShipmentStatus");
  const lang = langOf(params);
  const { rows, total, page, pages, filters, companies, sort, dir } = loaderData.list;
  const select = "h-11 rounded-lg border border-slate-300 bg-white px-2 font-normal";
  const link = (id: number) => `/${lang}/staff/buyback/deliveries/${id}/`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="delivery-count">
          {t("total", { count: total })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("lead")}</p>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("status")}
          <select name="status" defaultValue={filters.status} className={select}>
            <option value="">{t("anyStatus")}</option>
            {DELIVERY_SHIPMENT_STATUSES.map((s) => (
              <option key={s.code} value={s.code}>
                {statuses(s.code)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("company")}
          <select name="company" defaultValue={filters.company} className={select}>
            <option value="">{t("anyCompany")}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("filter")}
          </button>
          <Link
            to={`/${lang}/staff/buyback/deliveries/`}
            className="text-sm whitespace-nowrap text-brand-700 underline underline-offset-2"
          >
            {t("clear")}
          </Link>
        </div>
        <KeepSort sort={{ sort, dir }} />
      </Form>
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2 sm:hidden" aria-label={t("title")}>
          {rows.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-start justify-between gap-2">
                <Link
                  to={link(d.id)}
                  className="flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
                >
                  {t("detail.heading", { id: String(d.id) })}
                </Link>
                <DeliveryStatusBadge status={d.status} />
              </div>
              <p className="font-semibold">{d.company.name}</p>
              <p className="text-sm text-slate-700">
                {t("productCount", { count: d.productCount })} ・ {formatYen(d.paymentAmount, lang)} ・{" "}
                {t("columns.scheduledShipDate")} {formatDate(d.scheduledShipDate, lang)}
              </p>
              {d.invoiceNumber && (
                <p className="text-sm text-slate-700">
                  {t("columns.invoiceNumber")} <span className="tabular-nums">{d.invoiceNumber}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={rows.length > 0 ? "hidden sm:block" : ""}>
        <DataTable<OfficeDeliveryRow>
          caption={t("title")}
          rows={rows}
          rowKey={(r) => String(r.id)}
          empty={t("empty")}
          rowClassName={(r) => (r.status === "undispatched" && r.productCount > 0 ? "bg-amber-50" : "")}
          sort={{ sort, dir }}
          columns={[
            {
              id: "id",
              sortable: true,
              header: t("columns.id"),
              cell: (r) => (
                <Link
                  to={link(r.id)}
                  className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2"
                >
                  {r.id}
                </Link>
              ),
            },
            {
              id: "company",
              header: t("columns.company"),
              className: "min-w-40",
              cell: (r) => r.company.name,
            },
            {
              id: "productCount",
              header: t("columns.productCount"),
              className: "whitespace-nowrap text-right tabular-nums",
              cell: (r) => t("productCount", { count: r.productCount }),
            },
            {
              id: "scheduledShipDate",
              sortable: true,
              header: t("columns.scheduledShipDate"),
              className: "whitespace-nowrap",
              cell: (r) => formatDate(r.scheduledShipDate, lang),
            },
            {
              id: "status",
              sortable: true,
              header: t("columns.status"),
              cell: (r) => <DeliveryStatusBadge status={r.status} testId={`delivery-status-${r.id}`} />,
            },
            {
              id: "paymentAmount",
              sortable: true,
              header: t("columns.paymentAmount"),
              className: "whitespace-nowrap text-right font-semibold tabular-nums",
              cell: (r) => formatYen(r.paymentAmount, lang),
            },
            {
              id: "invoiceNumber",
              header: t("columns.invoiceNumber"),
              className: "whitespace-nowrap tabular-nums",
              cell: (r) => r.invoiceNumber ?? "—",
            },
          ]}
        />
      </div>
      <Pager page={page} pages={pages} />
    </div>
  );
}
