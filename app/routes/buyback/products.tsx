import { Form, Link } from "react-router";
import { listBuyerProducts } from "#core/buyback/buyer-products.ts";
import { BUYBACK_GRADES, DELIVERY_SHIPMENT_STATUSES } from "#core/buyback/codes.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { DeliveryStatusBadge, useProductType } from "../../components/buyback/deliveries.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/products";
import { requireBuyer } from "./buyer.server.ts";

export const meta = titleMeta("buybackDeliveries.products.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const buyer = await requireBuyer(context, request, langOf(params));
  const url = new URL(request.url);
  const query = Object.fromEntries(
    ["status", "grade", "category", "page"].map((k) => [
      k,
      url.searchParams.get(k)?.slice(0, 32) || undefined,
    ]),
  );
  return { list: await listBuyerProducts(core(context), { buyer, query }) };
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

/**
 * The devices the buyer company bought (spec §2 product list): category, product type, product ID,
 * grade, status, purchase date and payment amount; filtered by status, grade and category.
 */
export default function BuyerProducts({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackDeliveries");
  const statuses = useTranslations("codes.deliveryShipmentStatus");
  const categories = useTranslations("codes.category");
  const grades = useTranslations("buyback.grades");
  const productType = useProductType();
  const lang = langOf(params);
  const { rows, total, page, pages, filters } = loaderData.list;
  const filtered = Boolean(filters.status || filters.grade || filters.category);
  const link = (id: number) => `/${lang}/buyback/products/${id}/`;
  const select = "h-11 rounded-lg border border-slate-300 bg-white px-2 font-normal";
  const label = "flex min-w-40 flex-1 flex-col gap-1 text-sm font-semibold text-slate-700 sm:flex-none";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("products.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="product-count">
          {t("common.total", { count: total })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("products.lead")}</p>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <label className={label}>
          {t("common.status")}
          <select name="status" defaultValue={filters.status} className={select}>
            <option value="">{t("common.anyStatus")}</option>
            {DELIVERY_SHIPMENT_STATUSES.map((s) => (
              <option key={s.code} value={s.code}>
                {statuses(s.code)}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          {t("products.grade")}
          <select name="grade" defaultValue={filters.grade} className={select}>
            <option value="">{t("products.anyGrade")}</option>
            {BUYBACK_GRADES.map((g) => (
              <option key={g} value={g}>
                {grades(g)}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          {t("products.category")}
          <select name="category" defaultValue={filters.category} className={select}>
            <option value="">{t("products.anyCategory")}</option>
            {CATEGORIES.map((c) => (
              <option key={c.code} value={c.code}>
                {categories(c.code)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("common.filter")}
          </button>
          <Link
            to={`/${lang}/buyback/products/`}
            className="inline-flex h-11 items-center text-sm whitespace-nowrap text-brand-700 underline underline-offset-2"
          >
            {t("common.clear")}
          </Link>
        </div>
      </Form>
      {rows.length > 0 && (
        <ul className="flex flex-col gap-2 sm:hidden" aria-label={t("products.title")}>
          {rows.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-start justify-between gap-2">
                <Link
                  to={link(p.id)}
                  className="flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
                >
                  {productType(p)}
                </Link>
                <DeliveryStatusBadge status={p.status} />
              </div>
              <p className="text-sm text-slate-700">
                {categories(p.categoryCode as "05")} ・ {t("products.columns.productId")} {p.id} ・{" "}
                {t("products.columns.grade")} {p.grade ?? t("common.none")}
              </p>
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-xl font-bold tabular-nums">{formatYen(p.payment, lang)}</span>
                <span className="text-xs text-slate-600">
                  {t("products.columns.purchasedAt")}{" "}
                  {p.purchasedAt ? formatDate(p.purchasedAt, lang) : t("common.none")}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className={rows.length > 0 ? "hidden sm:block" : ""}>
        <DataTable<Row>
          caption={t("products.title")}
          rows={rows}
          rowKey={(r) => String(r.id)}
          empty={filtered ? t("products.emptyFiltered") : t("products.empty")}
          columns={[
            {
              id: "category",
              header: t("products.columns.category"),
              className: "whitespace-nowrap",
              cell: (r) => categories(r.categoryCode as "05"),
            },
            {
              id: "productType",
              header: t("products.columns.productType"),
              className: "min-w-40",
              cell: (r) => productType(r),
            },
            {
              id: "productId",
              header: t("products.columns.productId"),
              cell: (r) => (
                <Link
                  to={link(r.id)}
                  className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2 tabular-nums"
                >
                  {r.id}
                </Link>
              ),
            },
            {
              id: "grade",
              header: t("products.columns.grade"),
              className: "font-semibold",
              cell: (r) => r.grade ?? t("common.none"),
            },
            {
              id: "status",
              header: t("products.columns.status"),
              cell: (r) => <DeliveryStatusBadge status={r.status} testId={`product-status-${r.id}`} />,
            },
            {
              id: "purchasedAt",
              header: t("products.columns.purchasedAt"),
              className: "whitespace-nowrap",
              cell: (r) => (r.purchasedAt ? formatDate(r.purchasedAt, lang) : t("common.none")),
            },
            {
              id: "payment",
              header: t("products.columns.payment"),
              className: "whitespace-nowrap text-right font-semibold tabular-nums",
              cell: (r) => formatYen(r.payment, lang),
            },
          ]}
        />
      </div>
      <Pager page={page} pages={pages} />
    </div>
  );
}
