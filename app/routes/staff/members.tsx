import { Form, Link } from "react-router";
import { listMembers } from "#core/moderation/list-members.ts";
import { DataTable, KeepSort } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/members";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("moderation.members.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "members:read");
  const url = new URL(request.url);
  const query = {
    q: url.searchParams.get("q")?.slice(0, 100) ?? undefined,
    page: url.searchParams.get("page")?.slice(0, 6) ?? undefined,
    sort: url.searchParams.get("sort")?.slice(0, 16) ?? undefined,
    dir: url.searchParams.get("dir")?.slice(0, 4) ?? undefined,
  };
  return { list: await listMembers(core(context), { actor, query }) };
}

type Row = Awaited<ReturnType<typeof listMembers>>["rows"][number];

/** Members and business buyers, newest first: find one by number, email address or nickname. */
export default function StaffMembers({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("moderation.members");
  const roles = useTranslations("mypage.role");
  const lang = langOf(params);
  const { rows, total, page, pages, q, sort, dir } = loaderData.list;
  const paging = useTranslations("moderation.queue");
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <span className="text-sm font-semibold text-slate-600">{paging("total", { count: total })}</span>
      </div>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-semibold">
          {t("search")}
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 font-normal"
          />
        </label>
        <button
          type="submit"
          className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("searchSubmit")}
        </button>
        <KeepSort sort={{ sort, dir }} />
      </Form>
      <DataTable<Row>
        caption={t("title")}
        rows={rows}
        rowKey={(r) => String(r.id)}
        empty={t("empty")}
        rowClassName={(r) => (r.suspendedAt ? "bg-red-50" : "")}
        sort={{ sort, dir }}
        columns={[
          {
            id: "id",
            sortable: true,
            header: t("number"),
            cell: (r) => (
              <Link
                to={`/${lang}/staff/members/${r.id}/`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {r.id}
              </Link>
            ),
          },
          {
            id: "nickname",
            header: t("nickname"),
            cell: (r) => r.nickname,
            className: "min-w-32",
            sortable: true,
          },
          { id: "email", header: t("email"), cell: (r) => r.email, className: "break-all" },
          { id: "role", header: t("role"), cell: (r) => roles(r.role), className: "whitespace-nowrap" },
          {
            id: "joined",
            sortable: true,
            header: t("joined"),
            cell: (r) => formatDate(r.createdAt, lang),
            className: "whitespace-nowrap",
          },
          {
            id: "status",
            header: t("status"),
            className: "whitespace-nowrap",
            cell: (r) =>
              r.suspendedAt ? (
                <span className="rounded bg-danger-600 px-2 py-0.5 text-xs font-bold text-white">
                  {t("suspended")}
                </span>
              ) : (
                <span className="text-slate-600">{t("active")}</span>
              ),
          },
        ]}
      />
      <Pager page={page} pages={pages} />
    </div>
  );
}
