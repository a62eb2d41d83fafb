import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError } from "../form.tsx";
import type { DataColumn } from "./data-table.tsx";

/** A bulk action's answer: each chosen row, done or not (with the reason, in the page's language). */
export type BulkReport = { rows: { id: number; ok: boolean; reason: string | null }[] };

/** What a bulk action did, row by row: what went through and why the rest did not. */
export function BulkResults({ report }: { report: BulkReport }) {
  const t = useTranslations("backOffice.bulk");
  const done = report.rows.filter((r) => r.ok).length;
  const failed = report.rows.length - done;
  return (
    <section
      role="status"
      aria-labelledby="bulk-result-title"
      className={`rounded-2xl p-4 text-sm ring-1 ${failed ? "bg-amber-50 ring-amber-300" : "bg-emerald-50 ring-emerald-300"}`}
      data-testid="bulk-results"
    >
      <h3 id="bulk-result-title" className="font-bold">
        {t("resultTitle")}
      </h3>
      <p className="mt-1 font-semibold">{t("summary", { done, failed })}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {report.rows.map((r) => (
          <li
            key={r.id}
            className={r.ok ? "text-emerald-900" : "text-danger-700"}
            data-testid={`bulk-row-${r.id}`}
          >
            {r.ok
              ? t("rowDone", { id: String(r.id) })
              : t("rowFailed", { id: String(r.id), reason: r.reason ?? "" })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The form of a bulk action: the table's row boxes belong to it by its `id` (`form="…"` on each box,
 * as the table's cells hold forms of their own), what it asks besides, and its button. A failure
 * of the request as a whole (no row chosen) is said above the fields.
 */
export function BulkForm({
  id,
  intent,
  title,
  submit,
  failed,
  children,
}: {
  id: string;
  intent: string;
  title: string;
  submit: string;
  failed: FormState | undefined;
  children?: ReactNode;
}) {
  return (
    <Form
      id={id}
      method="post"
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h3 className="font-bold">{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      <FormError message={failed?.errors?.ids ?? failed?.formError} />
      {children}
      <button
        type="submit"
        className="self-start rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {submit}
      </button>
    </Form>
  );
}

/**
 * The column of a bulk action's boxes, first in its table: a box for each row the action may take
 * (`may`), belonging to the form `formId`. No column when the operator may not take the action.
 */
export function useChooseColumn<T extends { id: number }>(
  formId: string,
  offered: boolean,
  may: (row: T) => boolean = () => true,
): DataColumn<T>[] {
  const t = useTranslations("backOffice.bulk");
  if (!offered) return [];
  return [
    {
      id: "choose",
      header: t("chosen"),
      cell: (r) =>
        may(r) ? (
          <input
            type="checkbox"
            name="ids"
            value={r.id}
            form={formId}
            aria-label={t("choose", { id: String(r.id) })}
            className="size-5"
          />
        ) : null,
    },
  ];
}
