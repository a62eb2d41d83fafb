import { Form, Link } from "react-router";
import { listPayoutRuns } from "#core/money/payouts/list-payout-runs.ts";
import { markPayoutRunsSent } from "#core/money/payouts/mark-payout-runs-sent.ts";
import type { PayoutRunRow } from "#core/money/payouts/office-payout-rows.ts";
import { preparePayoutRun } from "#core/money/payouts/prepare-payout-run.ts";
import { chosenIds } from "#core/staff/bulk.ts";
import { hasPermission } from "#core/staff/permissions.ts";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { BulkForm, BulkResults, useChooseColumn } from "../../components/staff/bulk-results.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { RunStateBadge } from "../../components/staff/money.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/payout-runs";
import { bulkReport, requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("officeMoney.runs.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "payouts:read");
  const url = new URL(request.url);
  const query = {
    page: url.searchParams.get("page")?.slice(0, 8) || undefined,
    sort: url.searchParams.get("sort")?.slice(0, 16) || undefined,
    dir: url.searchParams.get("dir")?.slice(0, 4) || undefined,
  };
  return {
    list: await listPayoutRuns(core(context), { actor, query }),
    // The button is offered only to those who may prepare a run; the core checks again.
    canRun: hasPermission(actor.staffRoles, "payouts:run"),
  };
}

/**
 * Prepares the next banking day's run (with nothing waiting, the core's message is shown); or marks
 * the chosen runs sent, after a confirmation, each as by its own page.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "payouts:read");
  const form = await readForm(request);
  if (form.get("intent") === "bulkSend") {
    try {
      // The rows are checked before the question is asked: none chosen is said at once.
      const ids = chosenIds(form.getAll("ids"));
      if (form.get("confirm") !== "1") return { confirmSend: ids };
      const outcomes = await markPayoutRunsSent(core(context), actor, { ids, meta: requestMeta(context) });
      return { bulk: bulkReport(outcomes, lang) };
    } catch (error) {
      return formFailure(error, lang, { intent: "bulkSend" });
    }
  }
  try {
    const run = await preparePayoutRun(core(context), actor, { meta: requestMeta(context) });
    return redirectWithFlash(context, `/${lang}/staff/payout-runs/${run.id}/`, "officeMoney.flash.prepared");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

/** The bank runs, newest first (or by the column chosen), and the button that gathers the waiting bank payouts into the next one. */
export default function StaffPayoutRuns({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("officeMoney");
  const lang = langOf(params);
  const bulk = useTranslations("backOffice.bulk");
  const { list, canRun } = loaderData;
  const answer = actionData && "values" in actionData ? actionData : undefined;
  const sendFailed = answer?.values?.intent === "bulkSend" ? answer : undefined;
  const confirmSend = actionData && "confirmSend" in actionData ? actionData.confirmSend : null;
  const report = actionData && "bulk" in actionData ? actionData.bulk : null;
  const choosable = canRun && list.rows.some((r) => r.state === "PREPARED");
  const choose = useChooseColumn<PayoutRunRow>("bulk-send", choosable, (r) => r.state === "PREPARED");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("runs.title")}</h1>
      <p className="text-sm text-slate-700">{t("runs.lead")}</p>
      <section
        aria-labelledby="next-run-title"
        className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <h2 id="next-run-title" className="text-lg font-bold">
          {t("runs.prepareTitle")}
        </h2>
        <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t("runs.nextDate")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="next-transfer-date">
            {list.nextTransferDate}
          </dd>
          <dt className="text-slate-600">{t("runs.ready")}</dt>
          <dd className="font-semibold tabular-nums" data-testid="ready-payouts">
            {t("runs.readyValue", { count: list.readyCount, total: formatYen(list.readyTotal, lang) })}
          </dd>
        </dl>
        <FormError message={sendFailed ? undefined : answer?.formError} />
        {canRun && (
          <Form method="post" className="flex flex-col gap-2 sm:w-96">
            <SubmitButton>{t("runs.prepare", { date: list.nextTransferDate })}</SubmitButton>
            <p className="text-xs text-slate-500">{t("runs.prepareHint")}</p>
          </Form>
        )}
      </section>
      {report && <BulkResults report={report} />}
      {confirmSend && (
        <section
          role="alertdialog"
          aria-labelledby="bulk-send-confirm"
          className="rounded-2xl bg-amber-50 p-4 text-sm ring-1 ring-amber-300"
          data-testid="bulk-send-confirm"
        >
          <p id="bulk-send-confirm" className="font-semibold">
            {bulk("sendConfirm", { count: confirmSend.length })}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="bulkSend" />
            <input type="hidden" name="confirm" value="1" />
            {confirmSend.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <button
              type="submit"
              className="rounded-full bg-danger-600 px-4 py-2 text-sm font-semibold text-white hover:bg-danger-700"
            >
              {bulk("sendConfirmSubmit")}
            </button>
          </Form>
        </section>
      )}
      <DataTable<PayoutRunRow>
        caption={t("runs.title")}
        rows={list.rows}
        rowKey={(r) => String(r.id)}
        empty={t("runs.empty")}
        rowClassName={(r) => (r.state === "PREPARED" ? "bg-amber-50" : "")}
        sort={{ sort: list.sort, dir: list.dir }}
        columns={[
          ...choose,
          {
            id: "id",
            sortable: true,
            header: t("runs.columns.id"),
            cell: (r) => (
              <Link
                to={`/${lang}/staff/payout-runs/${r.id}/`}
                className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2"
              >
                {r.id}
              </Link>
            ),
          },
          {
            id: "transferDate",
            sortable: true,
            header: t("runs.columns.transferDate"),
            className: "whitespace-nowrap tabular-nums",
            cell: (r) => r.transferDate,
          },
          {
            id: "state",
            sortable: true,
            header: t("runs.columns.state"),
            cell: (r) => <RunStateBadge state={r.state} testId={`run-state-${r.id}`} />,
          },
          {
            id: "count",
            header: t("runs.columns.count"),
            className: "whitespace-nowrap text-right tabular-nums",
            cell: (r) => t("runs.count", { count: r.count }),
          },
          {
            id: "total",
            sortable: true,
            header: t("runs.columns.total"),
            className: "whitespace-nowrap text-right font-semibold tabular-nums",
            cell: (r) => formatYen(r.total, lang),
          },
          {
            id: "preparedBy",
            header: t("runs.columns.preparedBy"),
            cell: (r) => r.preparedBy?.nickname ?? "—",
          },
          { id: "sentBy", header: t("runs.columns.sentBy"), cell: (r) => r.sentBy?.nickname ?? "—" },
          {
            id: "created",
            header: t("runs.columns.created"),
            className: "whitespace-nowrap",
            cell: (r) => formatDate(r.createdAt, lang, true),
          },
        ]}
      />
      {choosable && (
        <BulkForm
          id="bulk-send"
          intent="bulkSend"
          title={bulk("sendTitle")}
          submit={bulk("sendSubmit")}
          failed={sendFailed}
        />
      )}
      <Pager page={list.page} pages={list.pages} />
    </div>
  );
}
