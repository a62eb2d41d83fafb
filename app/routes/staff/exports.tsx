import { useEffect, useId } from "react";
import { Form, Link, redirect, useRevalidator } from "react-router";
import type { ExportView } from "#core/exports/export-view.ts";
import { listExports } from "#core/exports/list-exports.ts";
import {
  EXPORT_ENCODINGS,
  EXPORT_KINDS,
  MAX_EXPORT_DAYS,
  requestExport,
} from "#core/exports/request-export.ts";
import type { Locale } from "#core/shared/locale.ts";
import { hasPermission } from "#core/staff/permissions.ts";
import { FieldMessages, FormError, SubmitButton } from "../../components/form.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/exports";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("exports.title", { noindex: true });

const FIELDS = ["kind", "dateFrom", "dateTo", "encoding"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "exports:create");
  const url = new URL(request.url);
  const before = Number(url.searchParams.get("before"));
  const requested = Number(url.searchParams.get("requested"));
  const page = await listExports(core(context), {
    actor,
    before: Number.isSafeInteger(before) && before > 0 ? before : null,
  });
  return {
    ...page,
    // Only what the operator may ask for is offered; the core checks again.
    kinds: EXPORT_KINDS.filter((k) => k !== "audit" || hasPermission(actor.staffRoles, "audit:read")),
    // Shift_JIS first: what most people here open the file with is Excel.
    encodings: [...EXPORT_ENCODINGS].reverse(),
    maxDays: MAX_EXPORT_DAYS,
    requested: Number.isSafeInteger(requested) && requested > 0 ? requested : null,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "exports:create");
  const values = formValues(await readForm(request), FIELDS);
  try {
    const created = await requestExport(core(context), { actor, input: values, meta: requestMeta(context) });
    return redirect(`/${lang}/staff/exports/?requested=${created.id}`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** Bytes as people read them: `12.3 MB`, `840 kB`, `512 byte`. */
function formatSize(bytes: number, lang: Locale): string {
  const [unit, value] =
    bytes >= 1_000_000
      ? (["megabyte", bytes / 1_000_000] as const)
      : bytes >= 1_000
        ? (["kilobyte", bytes / 1_000] as const)
        : (["byte", bytes] as const);
  return new Intl.NumberFormat(lang, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}

const STATE_STYLES: Record<ExportView["state"], string> = {
  QUEUED: "bg-slate-100 text-slate-700",
  RUNNING: "bg-amber-50 text-amber-800 ring-1 ring-amber-200",
  DONE: "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
  FAILED: "bg-red-50 text-danger-700 ring-1 ring-red-200",
};

/** CSV exports: ask for one (kind, Tokyo days, encoding), then follow it in the table and download it. */
export default function StaffExports({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("exports");
  const lang = langOf(params);
  const id = useId();
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const { exports, kinds, encodings, maxDays, all, requested, nextBefore } = loaderData;
  const pending = exports.some((e) => e.state === "QUEUED" || e.state === "RUNNING");

  // While a file is being made, look again every few seconds (with JavaScript; the link works without).
  const { revalidate, state: revalidation } = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidation === "idle") revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [pending, revalidate, revalidation]);

  const dateField = (name: "dateFrom" | "dateTo") => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-semibold text-slate-800">
        {t(`fields.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="date"
        defaultValue={values[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={`h-11 rounded-lg border bg-white px-3 ${errors[name] ? "border-danger-600" : "border-slate-300"}`}
      />
      <FieldMessages id={`${id}-${name}`} name={name} error={errors[name]} />
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("lead")}</p>
      </div>

      {requested && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {t("page.requested", { id: requested })}
        </p>
      )}

      <section
        aria-labelledby={`${id}-new`}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <h2 id={`${id}-new`} className="text-lg font-bold">
          {t("page.newTitle")}
        </h2>
        <Form method="post" className="mt-3 flex flex-col gap-4" noValidate>
          <FormError message={actionData?.formError} />
          <fieldset aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">{t("fields.kind")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {kinds.map((kind, i) => (
                <label
                  key={kind}
                  className="flex gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    defaultChecked={values.kind ? values.kind === kind : i === 0}
                    className="mt-0.5 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="font-semibold">{t(`kinds.${kind}`)}</span>
                    <span className="block text-xs text-slate-600">{t(`kindHints.${kind}`)}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldMessages id={`${id}-kind`} name="kind" error={errors.kind} />
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">{t("fields.range")}</legend>
            <p className="text-xs text-slate-500">{t("page.rangeHint", { max: maxDays })}</p>
            <div className="mt-2 flex flex-wrap items-start gap-3">
              {dateField("dateFrom")}
              <span aria-hidden="true" className="pt-8 text-slate-500">
                〜
              </span>
              {dateField("dateTo")}
            </div>
          </fieldset>
          <fieldset aria-describedby={`${id}-encoding-hint`}>
            <legend className="text-sm font-semibold text-slate-800">{t("fields.encoding")}</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {encodings.map((encoding) => (
                <label key={encoding} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="encoding"
                    value={encoding}
                    defaultChecked={(values.encoding || "sjis") === encoding}
                    className="size-4 accent-brand-600"
                  />
                  {t(`encodings.${encoding}`)}
                </label>
              ))}
            </div>
            <FieldMessages
              id={`${id}-encoding`}
              name="encoding"
              hint={t("encodingHint")}
              error={errors.encoding}
            />
          </fieldset>
          <div className="sm:w-64">
            <SubmitButton>{t("page.submit")}</SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-list`} className="text-lg font-bold">
            {all ? t("page.listTitleAll") : t("page.listTitle")}
          </h2>
          <Link
            to={`/${lang}/staff/exports/`}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            {t("page.reload")}
          </Link>
        </div>
        <DataTable<ExportView>
          caption={all ? t("page.listTitleAll") : t("page.listTitle")}
          rows={exports}
          rowKey={(e) => String(e.id)}
          empty={t("page.none")}
          columns={[
            { id: "id", header: t("page.id"), cell: (e) => e.id },
            { id: "kind", header: t("page.kind"), cell: (e) => t(`kinds.${e.kind}`) },
            {
              id: "range",
              header: t("page.range"),
              cell: (e) => t("page.rangeValue", { from: e.dateFrom, to: e.dateTo }),
              className: "whitespace-nowrap",
            },
            { id: "encoding", header: t("page.encoding"), cell: (e) => t(`encodings.${e.encoding}`) },
            {
              id: "state",
              header: t("page.state"),
              cell: (e) => (
                <span className="flex flex-col gap-0.5">
                  <span
                    className={`w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[e.state]}`}
                    data-testid={`export-state-${e.id}`}
                  >
                    {t(`states.${e.state}`)}
                  </span>
                  {e.state === "FAILED" && (
                    <span className="text-xs text-danger-700" title={e.error ?? undefined}>
                      {t("page.failedNote")}
                    </span>
                  )}
                </span>
              ),
            },
            {
              id: "rows",
              header: t("page.rows"),
              cell: (e) => (e.rowCount === null ? "—" : t("page.rowCount", { count: e.rowCount })),
              className: "whitespace-nowrap text-right",
            },
            {
              id: "size",
              header: t("page.size"),
              cell: (e) => (e.byteCount === null ? "—" : formatSize(e.byteCount, lang)),
              className: "whitespace-nowrap text-right",
            },
            {
              id: "requestedAt",
              header: t("page.requestedAt"),
              cell: (e) => formatDate(e.createdAt, lang, true),
              className: "whitespace-nowrap",
            },
            ...(all
              ? [
                  {
                    id: "requestedBy",
                    header: t("page.requestedBy"),
                    cell: (e: ExportView) => e.requesterName ?? "—",
                  },
                ]
              : []),
            {
              id: "download",
              header: t("page.download"),
              cell: (e) =>
                e.state === "DONE" ? (
                  <a
                    href={`/${lang}/staff/exports/${e.id}/download/`}
                    download={e.filename}
                    className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
                  >
                    {t("page.download")}
                    <span className="sr-only"> {e.filename}</span>
                  </a>
                ) : (
                  "—"
                ),
            },
          ]}
        />
        {nextBefore && (
          <Link
            to={`?before=${nextBefore}`}
            className="w-fit text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            {t("page.older")}
          </Link>
        )}
      </section>
    </div>
  );
}
