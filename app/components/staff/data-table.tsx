import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { type ReactNode, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { ScrollRegion } from "../scroll-region.tsx";

const features = tableFeatures({});

export type DataColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Sortable on the server: the header links to `?sort=<id>&dir=…`, keeping the other filters. */
  sortable?: boolean;
  className?: string;
};

export type SortState = { sort: string | null; dir: "asc" | "desc" };

/** A list's filter form keeps the sort it was showing: the sort travels in the form as hidden fields. */
export function KeepSort({ sort }: { sort: SortState }) {
  if (!sort.sort) return null;
  return (
    <>
      <input type="hidden" name="sort" value={sort.sort} />
      <input type="hidden" name="dir" value={sort.dir} />
    </>
  );
}

/**
 * A back-office table: TanStack Table lays out the rows and columns; sorting, filtering and paging
 * happen on the server through the address (so they work without JavaScript and can be shared).
 * Wide tables scroll sideways on a phone.
 */
export function DataTable<T extends Record<string, unknown>>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  sort,
  search,
  rowClassName,
}: {
  caption: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  sort?: SortState;
  /** The query string sort links keep (its filters); the page's own address by default. */
  search?: string;
  rowClassName?: (row: T) => string;
}) {
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((c) =>
        helper.display({ id: c.id, header: c.header, cell: (info) => c.cell(info.row.original) }),
      ),
    );
  }, [columns]);
  const table = useTable({ features, columns: tableColumns, data: rows, getRowId: (row) => rowKey(row) });
  const here = useLocation().search;
  const byId = new Map(columns.map((c) => [c.id, c]));
  const sortLink = (id: string) => {
    const params = new URLSearchParams(search ?? here);
    const dir = sort?.sort === id && sort.dir === "asc" ? "desc" : "asc";
    params.set("sort", id);
    params.set("dir", dir);
    params.delete("page");
    params.delete("before");
    return `?${params.toString()}`;
  };
  if (rows.length === 0) {
    // Nothing to lay out: the message alone, readable on a phone without scrolling sideways.
    return (
      <p className="rounded-2xl bg-white px-4 py-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        {empty}
      </p>
    );
  }
  return (
    <ScrollRegion label={caption} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-bold text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const active = sort?.sort === header.column.id;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`px-3 py-2 whitespace-nowrap ${column?.className ?? ""}`}
                    aria-sort={active ? (sort?.dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {column?.sortable ? (
                      <Link to={sortLink(header.column.id)} className="underline-offset-2 hover:underline">
                        {column.header}
                        <span aria-hidden="true">{active ? (sort?.dir === "asc" ? " ▲" : " ▼") : ""}</span>
                      </Link>
                    ) : (
                      column?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClassName?.(row.original) ?? ""}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`px-3 py-2 align-top ${byId.get(cell.column.id)?.className ?? ""}`}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
