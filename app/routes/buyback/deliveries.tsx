import { Form, Link } from "react-router";
import { listBuyerDeliveries } from "#core/buyback/buyer-deliveries.ts";
import { DELIVERY_SHIPMENT_STATUSES } from "#core/buyback/codes.ts";
import { DeliveryStatusBadge } from "../../components/buyback/deliveries.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/deliveries";
import { requireBuyer } from "./buyer.server.ts";

export const meta = titleMeta("buybackDeliveries.deliveries.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const buyer = await requireBuyer(context, request, langOf(params));
  const url = new URL(request.url);
  const query = Object.fromEntries(
    ["status", "page"].map((k) => [k, url.searchParams.get(k)?.slice(0, 32) || undefined]),
  );
  return { list: await listBuyerDeliveries(core(context), { buyer, query }) };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/**
 * The buyer company's deliveries (spec §2 delivery list): ID, product count, scheduled shipping
 * date, status, payment amount and invoice number; filtered by status in the address.
 */
export default function BuyerDeliveries({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackDeliveries");
  const statuses = useTranslations("codes.deliveryShipmentStatus");
  const lang = langOf(params);
  const { rows, total, page, pages, filters } = loaderData.list;
  const link = (id: number) => `/${lang}/buyback/deliveries/${id}/`;
  const empty = filters.status ? t("deliveries.emptyFiltered") : t("deliveries.empty");
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("deliveries.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="delivery-count">
          {t("common.total", { count: total })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("deliveries.lead")}</p>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <label className="flex min-w-40 flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("common.status")}
          <select
            name="status"
            defaultValue={filters.status}
            className="h-11 rounded-lg border border-slate-300 bg-white px-2 font-normal"
          >
            <option value="">{t("common.anyStatus")}</option>
            {DELIVERY_SHIPMENT_STATUSES.map((s) => (
              <option key={s.code} value={s.code}>
                {statuses(s.code)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("common.filter")}
        </button>
        <Link
          to={`/${lang}/buyback/deliveries/`}
          className="inline-flex h-11 items-center text-sm text-brand-700 underline underline-offset-2"
        >
          {t("common.clear")}
        </Link>
      </Form>
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2 sm:hidden" aria-label={t("deliveries.title")}>
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
                  {t("deliveries.columns.id")} {d.id}
                </Link>
                <DeliveryStatusBadge status={d.status} />
              </div>
              <p className="text-2xl font-bold tabular-nums">{formatYen(d.paymentAmount, lang)}</p>
              <p className="text-sm text-slate-700">
                {t("common.productCount", { count: d.productCount })} ・{" "}
                {t("deliveries.columns.scheduledShipDate")} {formatDate(d.scheduledShipDate, lang)}
              </p>
              <p className="text-sm text-slate-700">
                {t("deliveries.columns.invoiceNumber")}{" "}
                <span className="tabular-nums">{d.invoiceNumber ?? t("common.none")}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className={rows.length > 0 ? "hidden sm:block" : ""}>
        <DataTable<Row>
          caption={t("deliveries.title")}
          rows={rows}
          rowKey={(r) => String(r.id)}
          empty={empty}
          columns={[
            {
              id: "id",
              header: t("deliveries.columns.id"),
              cell: (r) => (
                <Link
                  to={link(r.id)}
                  aria-label={t("deliveries.open", { id: String(r.id) })}
                  className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2"
                >
                  {r.id}
                </Link>
              ),
            },
            {
              id: "productCount",
              header: t("deliveries.columns.productCount"),
              className: "whitespace-nowrap text-right tabular-nums",
              cell: (r) => t("common.productCount", { count: r.productCount }),
            },
            {
              id: "scheduledShipDate",
              header: t("deliveries.columns.scheduledShipDate"),
              className: "whitespace-nowrap",
              cell: (r) => formatDate(r.scheduledShipDate, lang),
            },
            {
              id: "status",
              header: t("deliveries.columns.status"),
              cell: (r) => <DeliveryStatusBadge status={r.status} testId={`delivery-status-${r.id}`} />,
            },
            {
              id: "paymentAmount",
              header: t("deliveries.columns.paymentAmount"),
              className: "whitespace-nowrap text-right font-semibold tabular-nums",
              cell: (r) => formatYen(r.paymentAmount, lang),
            },
            {
              id: "invoiceNumber",
              header: t("deliveries.columns.invoiceNumber"),
              className: "whitespace-nowrap tabular-nums",
              cell: (r) => (
                <span data-testid={`delivery-invoice-${r.id}`}>{r.invoiceNumber ?? t("common.none")}</span>
              ),
            },
          ]}
        />
      </div>
      <Pager page={page} pages={pages} />
    </div>
  );
}
