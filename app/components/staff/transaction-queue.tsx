import { Form, Link, useLocation } from "react-router";
import type { OfficeQueueRow, OfficeTransactionList } from "#core/trading/office-transactions.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { BulkForm, type BulkReport, BulkResults, useChooseColumn } from "./bulk-results.tsx";
import { DataTable } from "./data-table.tsx";
import { QueueAge } from "./queue-age.tsx";

/** Several held transactions released at once: their boxes in the table, one reason for them all. */
function BulkRelease({ failed }: { failed: FormState | undefined }) {
  const t = useTranslations("backOffice.bulk");
  const office = useTranslations("office");
  const error = failed?.errors?.reason;
  return (
    <BulkForm
      id="bulk-release"
      intent="bulkRelease"
      title={t("releaseTitle")}
      submit={t("releaseSubmit")}
      failed={failed}
    >
      <label htmlFor="bulk-reason" className="text-sm font-semibold">
        {office("fields.reason")}
      </label>
      <textarea
        id="bulk-reason"
        name="reason"
        maxLength={500}
        rows={2}
        defaultValue={failed?.values?.reason ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "bulk-reason-error" : undefined}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {error && (
        <p id="bulk-reason-error" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </BulkForm>
  );
}

/** The transactions under review, oldest first: how long each has waited, late or not, and who has it. */
export function ReviewQueue({
  list,
  lang,
  message,
  bulk,
}: {
  list: OfficeTransactionList;
  lang: "ja" | "en";
  message: string | undefined;
  /** What the last bulk release answered: its failure as a whole, or each row's outcome. */
  bulk?: { failed?: FormState | undefined; report?: BulkReport | undefined };
}) {
  const t = useTranslations("office");
  const codes = useTranslations("codes");
  const { search } = useLocation();
  const { rows, total } = list.queue;
  const choose = useChooseColumn<OfficeQueueRow>("bulk-release", list.canClaim && rows.length > 0);
  return (
    <section aria-labelledby="queue-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="queue-title" className="text-lg font-bold">
          {t("list.queueTitle")}
        </h2>
        <span className="text-sm font-semibold text-slate-600" data-testid="queue-count">
          {t("list.queueCount", { count: total })}
        </span>
      </div>
      {message && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-danger-700">
          {message}
        </p>
      )}
      {bulk?.report && <BulkResults report={bulk.report} />}
      <DataTable<OfficeQueueRow>
        caption={t("list.queueTitle")}
        rows={rows}
        rowKey={(r) => String(r.id)}
        empty={t("list.queueEmpty")}
        rowClassName={(r) => (r.overdue ? "bg-red-50" : "")}
        columns={[
          ...choose,
          {
            id: "id",
            header: t("columns.id"),
            cell: (r) => (
              <Link
                to={`/${lang}/staff/transactions/${r.id}/`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                {r.id}
              </Link>
            ),
          },
          { id: "item", header: t("columns.item"), cell: (r) => r.title, className: "min-w-48" },
          {
            id: "heldFrom",
            header: t("columns.heldFrom"),
            cell: (r) => (r.heldFrom ? codes(`transactionState.${r.heldFrom as "START"}`) : "—"),
            className: "whitespace-nowrap",
          },
          { id: "price", header: t("columns.price"), cell: (r) => formatYen(r.price, lang) },
          {
            id: "parties",
            header: t("columns.parties"),
            cell: (r) => `${r.buyer.nickname} / ${r.seller.nickname}`,
          },
          {
            id: "age",
            header: t("columns.age"),
            className: "whitespace-nowrap",
            cell: (r) => <QueueAge ageMs={r.ageMs} overdue={r.overdue} overdueLabel={t("list.overdue")} />,
          },
          {
            id: "claim",
            header: t("columns.claim"),
            className: "whitespace-nowrap",
            cell: (r) =>
              r.claim ? (
                <span data-testid={`claim-${r.id}`}>{r.claim.nickname}</span>
              ) : list.canClaim ? (
                <Form method="post" action={`/${lang}/staff/transactions/${search}`}>
                  <input type="hidden" name="transactionId" value={r.id} />
                  <button
                    type="submit"
                    className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                    aria-label={`${t("list.claim")} ${r.id}`}
                  >
                    {t("list.claim")}
                  </button>
                </Form>
              ) : (
                <span className="text-slate-500">{t("list.unclaimed")}</span>
              ),
          },
        ]}
      />
      {list.canClaim && rows.length > 0 && <BulkRelease failed={bulk?.failed} />}
      {total > rows.length && (
        <p className="text-xs text-slate-600">{t("list.queueMore", { shown: rows.length, total })}</p>
      )}
    </section>
  );
}
