import {
  createColumnHelper,
  type PaginationState,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { Form, Link, useLocation } from "react-router";
import { TRANSACTION_STATES } from "#core/trading/codes.ts";
import type { OfficeSearchRow, OfficeTransactionList } from "#core/trading/office-transactions.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { ScrollRegion } from "../scroll-region.tsx";

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const helper = createColumnHelper<typeof features, OfficeSearchRow>();
/** The search's columns; the sortable ones are sorted by the server (manual mode). */
const COLUMNS = helper.columns([
  helper.accessor("id", { id: "id" }),
  helper.accessor("title", { id: "item", enableSorting: false }),
  helper.accessor("state", { id: "state" }),
  helper.accessor("price", { id: "price" }),
  helper.accessor((r) => r.buyer.nickname, { id: "buyer", enableSorting: false }),
  helper.accessor((r) => r.seller.nickname, { id: "seller", enableSorting: false }),
  helper.accessor("createdAt", { id: "createdAt" }),
  helper.accessor("updatedAt", { id: "updatedAt" }),
]);

/** Search over every transaction: filters and sorting in the address (GET), paged by the server. */
export function TransactionSearch({
  list,
  lang,
  errors,
}: {
  list: OfficeTransactionList;
  lang: "ja" | "en";
  errors: Record<string, string>;
}) {
  const t = useTranslations("office");
  const codes = useTranslations("codes");
  const { search } = useLocation();
  const { rows, total, page, pageSize, sort, dir, filters } = list.search;
  const sorting: SortingState = [{ id: sort, desc: dir === "desc" }];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const table = useTable({
    features,
    columns: COLUMNS,
    data: rows,
    getRowId: (r) => String(r.id),
    state: { sorting, pagination },
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
  });
  const link = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    return `?${next.toString()}`;
  };
  const headers: Record<string, string> = {
    id: t("columns.id"),
    item: t("columns.item"),
    state: t("columns.state"),
    price: t("columns.price"),
    buyer: t("columns.buyer"),
    seller: t("columns.seller"),
    createdAt: t("columns.createdAt"),
    updatedAt: t("columns.updatedAt"),
  };
  const cell = (r: OfficeSearchRow, id: string) => {
    switch (id) {
      case "id":
        return (
          <Link
            to={`/${lang}/staff/transactions/${r.id}/`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {r.id}
          </Link>
        );
      case "item":
        return r.title;
      case "state":
        return codes(`transactionState.${r.state as "START"}`);
      case "price":
        return formatYen(r.price, lang);
      case "buyer":
        return `${r.buyer.nickname} (${r.buyer.id})`;
      case "seller":
        return `${r.seller.nickname} (${r.seller.id})`;
      case "createdAt":
        return formatDate(r.createdAt, lang, true);
      default:
        return formatDate(r.updatedAt, lang, true);
    }
  };
  const pageCount = Math.max(1, table.getPageCount());
  const field = (name: "q" | "from" | "to", type = "text") => (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
      {t(`search.${name}`)}
      <input
        name={name}
        type={type}
        defaultValue={filters[name]}
        maxLength={100}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `search-${name}-error` : name === "q" ? "search-q-hint" : undefined}
        className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
      />
      {name === "q" && (
        <span id="search-q-hint" className="text-xs font-normal text-slate-500">
          {t("search.qHint")}
        </span>
      )}
      {errors[name] && (
        <span id={`search-${name}-error`} className="text-xs font-normal text-danger-700">
          {errors[name]}
        </span>
      )}
    </label>
  );
  return (
    <section aria-labelledby="search-title" className="flex flex-col gap-3">
      <h2 id="search-title" className="text-lg font-bold">
        {t("list.searchTitle")}
      </h2>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      >
        {field("q")}
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("search.state")}
          <select
            name="state"
            defaultValue={filters.state}
            className="h-10 rounded-lg border border-slate-300 px-2 font-normal"
          >
            <option value="">{t("search.anyState")}</option>
            {TRANSACTION_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {codes(`transactionState.${s.code}`)}
              </option>
            ))}
          </select>
        </label>
        {field("from", "date")}
        {field("to", "date")}
        {sort !== "id" || dir !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={sort} />
            <input type="hidden" name="dir" value={dir} />
          </>
        ) : null}
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("search.submit")}
          </button>
          <Link
            to={`/${lang}/staff/transactions/`}
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            {t("search.clear")}
          </Link>
        </div>
        {errors.form && (
          <p role="alert" className="text-sm text-danger-700 sm:col-span-2 lg:col-span-4">
            {errors.form}
          </p>
        )}
      </Form>
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="result-count">
        {total === 0
          ? t("list.noResults")
          : t("list.resultCount", {
              total,
              from: (page - 1) * pageSize + 1,
              to: Math.min(total, page * pageSize),
            })}
      </p>
      <ScrollRegion
        label={t("list.searchTitle")}
        className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <table
          className="w-full min-w-[56rem] border-collapse text-left text-sm"
          data-testid="search-results"
        >
          <caption className="sr-only">{t("list.searchTitle")}</caption>
          <thead className="bg-slate-50 text-xs font-bold text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const sorted = header.column.getIsSorted();
                  const nextDir = sorted === "asc" ? "desc" : sorted === "desc" ? "asc" : "desc";
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 whitespace-nowrap"
                      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <Link
                          to={link({ sort: id, dir: nextDir, page: null })}
                          className="underline-offset-2 hover:underline"
                          title={nextDir === "asc" ? t("list.sortAsc") : t("list.sortDesc")}
                        >
                          {headers[id]}
                          <span aria-hidden="true">
                            {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}
                          </span>
                        </Link>
                      ) : (
                        headers[id]
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((c) => (
                  <td
                    key={c.id}
                    className={`px-3 py-2 align-top ${c.column.id === "item" ? "min-w-48" : "whitespace-nowrap"}`}
                  >
                    {cell(row.original, c.column.id)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {pageCount > 1 && (
        <nav aria-label={t("list.pagination")} className="flex items-center justify-between gap-3 text-sm">
          {table.getCanPreviousPage() ? (
            <Link
              to={link({ page: String(page - 1) })}
              className="font-semibold text-brand-700 underline"
              rel="prev"
            >
              {t("list.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">{t("list.pageOf", { page, pages: pageCount })}</span>
          {table.getCanNextPage() ? (
            <Link
              to={link({ page: String(page + 1) })}
              className="font-semibold text-brand-700 underline"
              rel="next"
            >
              {t("list.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
