import { Form, Link, useLocation } from "react-router";
import { claimReport, releaseReport } from "#core/moderation/claim-report.ts";
import { REPORT_REASONS, REPORT_TARGETS, type ReportReason } from "#core/moderation/codes.ts";
import { listReportQueue, type ReportQueueRow } from "#core/moderation/list-report-queue.ts";
import { DataTable, KeepSort } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { QueueAge } from "../../components/staff/queue-age.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/reports";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("moderation.queue.title", { noindex: true });

const STATES = ["OPEN", "ACTIONED", "DISMISSED", "all"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "reports:read");
  const url = new URL(request.url);
  const query = Object.fromEntries(
    ["targetType", "state", "page", "sort", "dir"].map((k) => [
      k,
      url.searchParams.get(k)?.slice(0, 16) || undefined,
    ]),
  );
  return { queue: await listReportQueue(core(context), { actor, query }) };
}

/** The queue's steps on a row: take a report, or let go of it. The core checks the operator's roles. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "reports:read");
  const form = await readForm(request);
  const raw = String(form.get("reportId") ?? "");
  const reportId = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
  const release = form.get("intent") === "release";
  try {
    const o = { actor, reportId, meta: requestMeta(context) };
    if (release) await releaseReport(core(context), o);
    else await claimReport(core(context), o);
  } catch (error) {
    return formFailure(error, lang, { reportId: raw });
  }
  return redirectWithFlash(
    context,
    `/${lang}/staff/reports/${new URL(request.url).search}`,
    release ? "moderation.flash.released" : "moderation.flash.claimed",
  );
}

/**
 * The reports queue: filters, sort and paging in the address (plain GET), one row per report, late
 * ones marked.
 */
export default function StaffReports({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("moderation");
  const lang = langOf(params);
  const { search } = useLocation();
  const { rows, total, page, pages, filter, sort, dir } = loaderData.queue;
  const reason = (code: string) =>
    REPORT_REASONS.some((r) => r.code === code) ? t(`reasons.${code as ReportReason}`) : code;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("queue.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="report-count">
          {t("queue.total", { count: total })}
        </span>
      </div>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 className="sr-only">{t("queue.filters")}</h2>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("queue.targetType")}
          <select
            name="targetType"
            defaultValue={filter.targetType ?? ""}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 font-normal"
          >
            <option value="">{t("queue.all")}</option>
            {REPORT_TARGETS.map((type) => (
              <option key={type} value={type}>
                {t(`targets.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("queue.state")}
          <select
            name="state"
            defaultValue={filter.state}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 font-normal"
          >
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s === "all" ? t("queue.all") : t(`reportStates.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("queue.apply")}
        </button>
        {/* Only a sort the operator chose: the default one depends on the state shown. */}
        <KeepSort sort={{ sort: new URLSearchParams(search).has("sort") ? sort : null, dir }} />
      </Form>
      {actionData?.formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-danger-700">
          {actionData.formError}
        </p>
      )}
      <DataTable<ReportQueueRow>
        caption={t("queue.title")}
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
                to={`/${lang}/staff/reports/${r.id}/`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {r.id}
              </Link>
            ),
          },
          {
            id: "target",
            header: t("queue.target"),
            className: "min-w-56",
            cell: (r) => (
              <span className="flex flex-col gap-0.5">
                <span className="text-xs font-bold text-slate-500">
                  {t(`targets.${r.targetType}`)} #{r.targetId}
                  {r.state !== "OPEN" && ` ・ ${t(`reportStates.${r.state}`)}`}
                </span>
                <span className="break-words">{r.target?.label ?? t("queue.deleted")}</span>
              </span>
            ),
          },
          { id: "reason", header: t("queue.reason"), cell: (r) => reason(r.reason), className: "min-w-40" },
          { id: "reporter", header: t("queue.reporter"), cell: (r) => r.reporter.nickname },
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
              r.state === "OPEN" ? (
                <QueueAge ageMs={r.ageMs} overdue={r.overdue} overdueLabel={t("queue.overdue")} />
              ) : (
                "—"
              ),
          },
          {
            id: "open",
            header: t("queue.openOnTarget"),
            className: "text-right tabular-nums",
            cell: (r) => r.openOnTarget,
          },
          {
            id: "claim",
            header: t("queue.claim"),
            className: "whitespace-nowrap",
            cell: (r) =>
              r.claim ? (
                <span data-testid={`claim-${r.id}`}>{r.claim.nickname}</span>
              ) : r.state === "OPEN" ? (
                <Form method="post" action={`/${lang}/staff/reports/${search}`}>
                  <input type="hidden" name="reportId" value={r.id} />
                  <button
                    type="submit"
                    className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                    aria-label={`${t("queue.claimAction")} ${r.id}`}
                  >
                    {t("queue.claimAction")}
                  </button>
                </Form>
              ) : (
                <span className="text-slate-500">—</span>
              ),
          },
        ]}
      />
      <Pager page={page} pages={pages} />
    </div>
  );
}
