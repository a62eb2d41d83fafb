import { Form, Link, useLocation } from "react-router";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { type AuditRow, auditActions, type StateHistoryRow, searchAudit } from "#core/staff/search-audit.ts";
import { DataTable } from "../../components/staff/data-table.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/audit";
import { requireStaff } from "./staff.server.ts";

export const meta = titleMeta("backOffice.audit.title", { noindex: true });

const FILTERS = ["action", "actorId", "targetType", "targetId", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "audit:read");
  const url = new URL(request.url);
  const filters = Object.fromEntries(
    FILTERS.map((k) => [k, url.searchParams.get(k)?.slice(0, 64) ?? ""]),
  ) as Filters;
  const input = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ""));
  const before = url.searchParams.get("before");
  const ctx = core(context);
  const actions = await auditActions(ctx, { actor });
  try {
    const found = await searchAudit(ctx, { actor, input: { ...input, ...(before ? { before } : {}) } });
    return { filters, actions, ...found, errors: {} as Record<string, string> };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const said = localizeError(error, lang);
    return {
      filters,
      actions,
      rows: [] as AuditRow[],
      nextBefore: null,
      history: [] as StateHistoryRow[],
      errors: { ...said.fields, ...(Object.keys(said.fields).length ? {} : { form: said.message }) },
    };
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** One value of a before/after pair, short and readable: times in Tokyo's, not the database's. */
function show(value: unknown, lang: Locale): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return ISO_TIME.test(value) ? formatDate(value, lang, true) : value;
  return JSON.stringify(value);
}

export default function StaffAudit({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("backOffice.audit");
  const lang = langOf(params);
  const { search } = useLocation();
  const { filters, errors } = loaderData;
  const field = (name: keyof Filters, type = "text") => (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
      {t(name === "actorId" ? "actor" : name)}
      <input
        name={name}
        type={type}
        defaultValue={filters[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className="h-10 rounded-lg border border-slate-300 px-3 font-normal"
      />
      {errors[name] && (
        <span id={`${name}-error`} className="text-xs font-normal text-danger-700">
          {errors[name]}
        </span>
      )}
    </label>
  );
  const next = new URLSearchParams(search);
  if (loaderData.nextBefore) next.set("before", String(loaderData.nextBefore));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-slate-600">{t("lead")}</p>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 lg:grid-cols-6"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
          {t("action")}
          <select
            name="action"
            defaultValue={filters.action}
            className="h-10 rounded-lg border border-slate-300 px-2 font-normal"
          >
            <option value="">{t("anyAction")}</option>
            {loaderData.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        {field("actorId")}
        {field("targetType")}
        {field("targetId")}
        {field("from", "date")}
        {field("to", "date")}
        <div className="flex items-center gap-3 sm:col-span-3 lg:col-span-6">
          <button
            type="submit"
            className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("search")}
          </button>
          <Link to={`/${lang}/staff/audit/`} className="text-sm text-brand-700 underline underline-offset-2">
            {t("clear")}
          </Link>
        </div>
        {errors.form && <p className="text-sm text-danger-700 sm:col-span-3 lg:col-span-6">{errors.form}</p>}
      </Form>
      <div className="flex flex-col gap-4 xl:flex-row">
        <div className="min-w-0 flex-1">
          <DataTable<AuditRow>
            caption={t("title")}
            rows={loaderData.rows}
            rowKey={(r) => String(r.id)}
            empty={t("none")}
            columns={[
              {
                id: "at",
                header: t("at"),
                cell: (r) => formatDate(r.at, lang, true),
                className: "whitespace-nowrap",
              },
              {
                id: "who",
                header: t("who"),
                cell: (r) =>
                  r.actorId === null ? (
                    t("system")
                  ) : (
                    <Link
                      to={`?actorId=${r.actorId}`}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      {r.actorName ?? r.actorId}
                    </Link>
                  ),
              },
              { id: "action", header: t("action"), cell: (r) => <code className="text-xs">{r.action}</code> },
              {
                id: "target",
                header: t("target"),
                cell: (r) => (
                  <Link
                    to={`?targetType=${encodeURIComponent(r.targetType)}&targetId=${encodeURIComponent(r.targetId)}`}
                    className="text-brand-700 underline underline-offset-2"
                  >
                    {r.targetType} {r.targetId}
                  </Link>
                ),
              },
              {
                id: "changes",
                header: t("changes"),
                cell: (r) => (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs" data-testid="audit-changes">
                    {Object.entries(r.changes).map(([k, [before, after]]) => (
                      <div key={k} className="contents">
                        <dt className="font-semibold">{k}</dt>
                        <dd className="break-all">
                          <del className="text-slate-500">{show(before, lang)}</del> →{" "}
                          <ins className="no-underline">{show(after, lang)}</ins>
                        </dd>
                      </div>
                    ))}
                  </dl>
                ),
              },
              { id: "reason", header: t("reason"), cell: (r) => r.reason ?? "—" },
              {
                id: "requestId",
                header: t("requestId"),
                cell: (r) => <code className="text-xs">{r.requestId ?? "—"}</code>,
              },
            ]}
          />
          {loaderData.nextBefore && (
            <Link
              to={`?${next.toString()}`}
              className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
            >
              {t("older")}
            </Link>
          )}
        </div>
        {loaderData.history.length > 0 && (
          <aside
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 xl:w-80"
            aria-labelledby="history-title"
          >
            <h2 id="history-title" className="font-bold">
              {t("history")}
            </h2>
            <p className="text-xs text-slate-600">
              {t("historyLead", { type: filters.targetType, id: filters.targetId })}
            </p>
            <ol className="mt-3 flex flex-col gap-2 text-sm" data-testid="state-history">
              {loaderData.history.map((h) => (
                <li key={h.id} className="border-l-2 border-brand-200 pl-3">
                  <p className="font-semibold">
                    {h.fromState ?? "—"} → {h.toState}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatDate(h.at, lang, true)} · <code>{h.action}</code> ·{" "}
                    {t("by", { role: h.actorRole })}
                    {h.actorId ? ` #${h.actorId}` : ""}
                  </p>
                  {h.reason && <p className="text-xs">{h.reason}</p>}
                </li>
              ))}
            </ol>
          </aside>
        )}
      </div>
    </div>
  );
}
