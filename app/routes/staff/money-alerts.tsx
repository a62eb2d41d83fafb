import { Form, Link } from "react-router";
import { listMoneyAlerts, type MoneyAlertRow, resolveMoneyAlert } from "#core/money/balance/alerts.ts";
import { FormError } from "../../components/form.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/money-alerts";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("officeMoney.alerts.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "payouts:read");
  const url = new URL(request.url);
  const query = {
    page: url.searchParams.get("page")?.slice(0, 8) || undefined,
    sort: url.searchParams.get("sort")?.slice(0, 16) || undefined,
    dir: url.searchParams.get("dir")?.slice(0, 4) || undefined,
  };
  return { list: await listMoneyAlerts(core(context), { actor, query }) };
}

/** "Resolve" on a row: the core checks `payouts:run`; resolving twice is harmless. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "payouts:read");
  const raw = String((await readForm(request)).get("alertId") ?? "");
  const alertId = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : 0;
  try {
    await resolveMoneyAlert(core(context), actor, { alertId, meta: requestMeta(context) });
  } catch (error) {
    return formFailure(error, lang, { alertId: raw });
  }
  return redirectWithFlash(
    context,
    `/${lang}/staff/money-alerts/${new URL(request.url).search}`,
    "officeMoney.flash.resolved",
  );
}

/**
 * The open money alerts, oldest first (or by the column chosen): what kind, whose, how much, what
 * happened, and "resolve".
 */
export default function StaffMoneyAlerts({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("officeMoney");
  const lang = langOf(params);
  const { rows, total, page, pages, canResolve, sort, dir } = loaderData.list;
  const ref = (a: MoneyAlertRow) => {
    if (a.refs.payoutId)
      return (
        <Link to={`/${lang}/staff/payouts/${a.refs.payoutId}/`} className="text-brand-700 underline">
          {t("alerts.payoutRef", { id: String(a.refs.payoutId) })}
        </Link>
      );
    if (a.refs.topUpId) return t("alerts.topUpRef", { id: String(a.refs.topUpId) });
    if (a.refs.lotId) return t("alerts.lotRef", { id: String(a.refs.lotId) });
    return null;
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("alerts.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="alert-count">
          {t("alerts.total", { count: total })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("alerts.lead")}</p>
      <FormError message={actionData?.formError} />
      <DataTable<MoneyAlertRow>
        caption={t("alerts.title")}
        rows={rows}
        rowKey={(a) => String(a.id)}
        empty={t("alerts.empty")}
        sort={{ sort, dir }}
        columns={[
          { id: "id", sortable: true, header: t("alerts.columns.id"), cell: (a) => a.id },
          {
            id: "kind",
            sortable: true,
            header: t("alerts.columns.kind"),
            className: "min-w-48",
            cell: (a) => (
              <span className="flex flex-col gap-0.5" data-testid={`alert-kind-${a.id}`}>
                <span className="font-semibold">{t(`alertKinds.${a.kind}`)}</span>
                <span className="text-xs text-slate-600">{t(`alertHints.${a.kind}`)}</span>
              </span>
            ),
          },
          {
            id: "member",
            header: t("alerts.columns.member"),
            cell: (a) =>
              a.member ? (
                <Link to={`/${lang}/staff/members/${a.member.id}/`} className="text-brand-700 underline">
                  {a.member.nickname}
                </Link>
              ) : (
                "—"
              ),
          },
          {
            id: "amount",
            header: t("alerts.columns.amount"),
            className: "whitespace-nowrap text-right font-semibold tabular-nums",
            cell: (a) => (a.amount === null ? "—" : formatYen(a.amount, lang)),
          },
          {
            id: "details",
            header: t("alerts.columns.details"),
            className: "min-w-40",
            cell: (a) => (
              <span className="flex flex-col gap-0.5">
                {ref(a)}
                {a.detail && <span className="text-xs break-words text-slate-700">{a.detail}</span>}
              </span>
            ),
          },
          {
            id: "raised",
            sortable: true,
            header: t("alerts.columns.raised"),
            className: "whitespace-nowrap",
            cell: (a) => formatDate(a.createdAt, lang, true),
          },
          ...(canResolve
            ? [
                {
                  id: "resolve",
                  header: t("alerts.columns.resolve"),
                  cell: (a: MoneyAlertRow) => (
                    <Form method="post">
                      <input type="hidden" name="alertId" value={a.id} />
                      <button
                        type="submit"
                        className="min-h-11 rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
                        aria-label={t("alerts.resolveLabel", { id: String(a.id) })}
                      >
                        {t("alerts.resolve")}
                      </button>
                    </Form>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Pager page={page} pages={pages} />
    </div>
  );
}
