import { Form, Link } from "react-router";
import { PAYOUT_METHODS, PAYOUT_STATES } from "#core/money/payouts/codes.ts";
import { listOfficePayouts } from "#core/money/payouts/list-office-payouts.ts";
import type { OfficePayoutRow } from "#core/money/payouts/office-payout-rows.ts";
import { DataTable, KeepSort } from "../../components/staff/data-table.tsx";
import { PayoutStateBadge } from "../../components/staff/money.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/payouts";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("officeMoney.payouts.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "payouts:read");
  const url = new URL(request.url);
  const query = Object.fromEntries(
    ["state", "method", "page", "sort", "dir"].map((k) => [
      k,
      url.searchParams.get(k)?.slice(0, 32) || undefined,
    ]),
  );
  return { list: await listOfficePayouts(core(context), { actor, query }) };
}

/**
 * Every payout, newest first: filter by state and method (a GET form, so the address can be
 * shared), each row linking to the payout and its member.
 */
export default function StaffPayouts({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("officeMoney");
  const lang = langOf(params);
  const { rows, total, page, pages, filters, sort, dir } = loaderData.list;
  const select = "h-11 rounded-lg border border-slate-300 bg-white px-2 font-normal";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("payouts.title")}</h1>
        <span className="text-sm font-semibold text-slate-600" data-testid="payout-count">
          {t("payouts.total", { count: total })}
        </span>
      </div>
      <p className="text-sm text-slate-700">{t("payouts.lead")}</p>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("payouts.state")}
          <select name="state" defaultValue={filters.state} className={select}>
            <option value="">{t("payouts.anyState")}</option>
            {PAYOUT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("payouts.method")}
          <select name="method" defaultValue={filters.method} className={select}>
            <option value="">{t("payouts.anyMethod")}</option>
            {PAYOUT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`methods.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("payouts.filter")}
          </button>
          <Link
            to={`/${lang}/staff/payouts/`}
            className="text-sm whitespace-nowrap text-brand-700 underline underline-offset-2"
          >
            {t("payouts.clear")}
          </Link>
        </div>
        <KeepSort sort={{ sort, dir }} />
      </Form>
      {rows.length > 0 && <PayoutCards rows={rows} lang={lang} />}
      <div className={rows.length > 0 ? "hidden sm:block" : ""}>
        <DataTable<OfficePayoutRow>
          caption={t("payouts.title")}
          rows={rows}
          rowKey={(r) => String(r.id)}
          empty={t("payouts.empty")}
          rowClassName={(r) => (r.state === "AWAITING_APPROVAL" ? "bg-amber-50" : "")}
          sort={{ sort, dir }}
          columns={[
            {
              id: "id",
              sortable: true,
              header: t("payouts.columns.id"),
              cell: (r) => (
                <Link
                  to={`/${lang}/staff/payouts/${r.id}/`}
                  className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2"
                >
                  {r.id}
                </Link>
              ),
            },
            {
              id: "member",
              header: t("payouts.columns.member"),
              className: "min-w-36",
              cell: (r) => (
                <span className="flex flex-col">
                  <Link
                    to={`/${lang}/staff/members/${r.member.id}/`}
                    className="break-words text-brand-700 underline underline-offset-2"
                  >
                    {r.member.nickname}
                  </Link>
                  <span className="text-xs text-slate-500">
                    {t("common.memberId", { id: String(r.member.id) })}
                  </span>
                </span>
              ),
            },
            {
              id: "method",
              header: t("payouts.columns.method"),
              className: "whitespace-nowrap",
              cell: (r) => (
                <>
                  {t(`methods.${r.method}`)}
                  {r.automatic && (
                    <span className="ml-1 rounded bg-slate-100 px-1 text-[10px] font-bold text-slate-700">
                      {t("payouts.automatic")}
                    </span>
                  )}
                </>
              ),
            },
            {
              id: "amount",
              sortable: true,
              header: t("payouts.columns.amount"),
              className: "whitespace-nowrap text-right font-semibold tabular-nums",
              cell: (r) => formatYen(r.amount, lang),
            },
            {
              id: "fee",
              header: t("payouts.columns.fee"),
              className: "whitespace-nowrap text-right tabular-nums",
              cell: (r) => formatYen(r.fee, lang),
            },
            {
              id: "state",
              sortable: true,
              header: t("payouts.columns.state"),
              cell: (r) => <PayoutStateBadge state={r.state} testId={`payout-state-${r.id}`} />,
            },
            {
              id: "created",
              sortable: true,
              header: t("payouts.columns.created"),
              className: "whitespace-nowrap",
              cell: (r) => formatDate(r.createdAt, lang, true),
            },
            {
              id: "approvals",
              header: t("payouts.columns.approvals"),
              className: "whitespace-nowrap",
              cell: (r) => (r.needsApproval ? t("payouts.approvalsValue", { count: r.approvals }) : "—"),
            },
          ]}
        />
      </div>
      <Pager page={page} pages={pages} />
    </div>
  );
}

/** On a phone: one card per payout, the amount and state first, no sideways scrolling. */
function PayoutCards({ rows, lang }: { rows: OfficePayoutRow[]; lang: "ja" | "en" }) {
  const t = useTranslations("officeMoney");
  return (
    <ul className="flex flex-col gap-2 sm:hidden" aria-label={t("payouts.title")}>
      {rows.map((r) => (
        <li
          key={r.id}
          className={`flex flex-col gap-1 rounded-2xl p-4 shadow-sm ring-1 ring-slate-200 ${r.state === "AWAITING_APPROVAL" ? "bg-amber-50" : "bg-white"}`}
        >
          <div className="flex items-start justify-between gap-2">
            <Link
              to={`/${lang}/staff/payouts/${r.id}/`}
              className="flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
            >
              {t("payout.title", { id: String(r.id) })}
            </Link>
            <PayoutStateBadge state={r.state} />
          </div>
          <p className="text-2xl font-bold tabular-nums">{formatYen(r.amount, lang)}</p>
          <p className="text-sm text-slate-700">
            {t(`methods.${r.method}`)}
            {r.automatic && ` ・ ${t("payouts.automatic")}`} ・ {t("payouts.columns.fee")}{" "}
            {formatYen(r.fee, lang)}
            {r.needsApproval &&
              ` ・ ${t("payouts.columns.approvals")} ${t("payouts.approvalsValue", { count: r.approvals })}`}
          </p>
          <p className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
            <Link
              to={`/${lang}/staff/members/${r.member.id}/`}
              className="inline-flex min-h-11 items-center break-words text-brand-700 underline underline-offset-2"
            >
              {r.member.nickname}
            </Link>
            <span className="text-xs text-slate-500">{formatDate(r.createdAt, lang, true)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
