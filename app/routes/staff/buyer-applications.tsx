import { Link } from "react-router";
import type { BuyerApplicationRow } from "#core/buyback/buyer-applications.ts";
import { listBuyerApplications } from "#core/buyback/buyer-applications.ts";
import { targetHours } from "../../components/staff/age.ts";
import { DataTable } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { QueueAge } from "../../components/staff/queue-age.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/buyer-applications";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buyerApplicationOffice.queue.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:manage");
  const url = new URL(request.url);
  const query = {
    page: url.searchParams.get("page")?.slice(0, 8) || undefined,
    sort: url.searchParams.get("sort")?.slice(0, 16) || undefined,
    dir: url.searchParams.get("dir")?.slice(0, 4) || undefined,
  };
  return await listBuyerApplications(core(context), { actor, query });
}

const BADGE: Record<BuyerApplicationRow["state"], string> = {
  PENDING: "bg-amber-100 text-amber-900",
  APPROVED: "bg-emerald-100 text-emerald-800",
  DECLINED: "bg-slate-200 text-slate-700",
};

/**
 * Companies' applications to become business buyers: pending ones first, oldest first, with how
 * long each has waited (past the queue's target in red); then the decided ones. Or sorted by the
 * column chosen (in the address).
 */
export default function StaffBuyerApplications({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buyerApplicationOffice");
  const volumes = useTranslations("buyerApplication.volumes");
  const lang = langOf(params);
  const { rows, pending, page, pages, targetMs, sort, dir } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("queue.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="applications-pending">
          {t("queue.pending", { count: pending })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("queue.lead", { hours: targetHours(targetMs) })}</p>
      <DataTable<BuyerApplicationRow>
        caption={t("queue.caption")}
        rows={rows}
        rowKey={(r) => String(r.id)}
        empty={t("queue.empty")}
        rowClassName={(r) => (r.overdue ? "bg-red-50" : "")}
        sort={{ sort, dir }}
        columns={[
          {
            id: "id",
            sortable: true,
            header: t("queue.number"),
            cell: (r) => (
              <Link
                to={`/${lang}/staff/buyer-applications/${r.id}/`}
                className="font-semibold text-brand-700 underline underline-offset-2"
                aria-label={`${t("queue.number")} ${r.id} ${r.companyName}`}
              >
                {r.id}
              </Link>
            ),
          },
          {
            id: "company",
            sortable: true,
            header: t("queue.company"),
            className: "min-w-48",
            cell: (r) => <span className="break-words">{r.companyName}</span>,
          },
          {
            id: "contact",
            header: t("queue.contact"),
            className: "min-w-40",
            cell: (r) => (
              <span className="flex flex-col">
                <span className="break-words">{r.contactName}</span>
                <span className="text-xs break-all text-slate-500">{r.email}</span>
              </span>
            ),
          },
          {
            id: "volume",
            header: t("queue.volume"),
            className: "whitespace-nowrap",
            cell: (r) => volumes(r.monthlyVolume as "under10"),
          },
          {
            id: "received",
            sortable: true,
            header: t("queue.received"),
            className: "whitespace-nowrap",
            cell: (r) => formatDate(r.createdAt, lang, true),
          },
          {
            id: "age",
            header: t("queue.age"),
            className: "whitespace-nowrap",
            cell: (r) =>
              r.ageMs === null ? (
                "—"
              ) : (
                <QueueAge
                  ageMs={r.ageMs}
                  overdue={r.overdue}
                  overdueLabel={t("queue.overdue")}
                  testId={`age-${r.id}`}
                />
              ),
          },
          {
            id: "state",
            sortable: true,
            header: t("queue.state"),
            className: "whitespace-nowrap",
            cell: (r) => (
              <span
                className={`rounded px-2 py-0.5 text-xs font-bold ${BADGE[r.state]}`}
                data-testid={`state-${r.id}`}
              >
                {t(`states.${r.state}`)}
              </span>
            ),
          },
        ]}
      />
      <Pager page={page} pages={pages} />
    </div>
  );
}
