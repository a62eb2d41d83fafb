import { Form, Link, useLocation } from "react-router";
import { useTranslations } from "use-intl";
import type { OfficeQueueRow, OfficeTransactionList } from "#core/trading/office-transactions.ts";
import { formatYen } from "../../i18n/index.ts";
import { DataTable } from "./data-table.tsx";
import { QueueAge } from "./queue-age.tsx";

/** The transactions under review, oldest first: how long each has waited, late or not, and who has it. */
export function ReviewQueue({
  list,
  lang,
  message,
}: {
  list: OfficeTransactionList;
  lang: "ja" | "en";
  message: string | undefined;
}) {
  const t = useTranslations("office");
  const codes = useTranslations("codes");
  const { search } = useLocation();
  const { rows, total } = list.queue;
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
      <DataTable<OfficeQueueRow>
        caption={t("list.queueTitle")}
        rows={rows}
        rowKey={(r) => String(r.id)}
        empty={t("list.queueEmpty")}
        rowClassName={(r) => (r.overdue ? "bg-red-50" : "")}
        columns={[
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
      {total > rows.length && (
        <p className="text-xs text-slate-600">{t("list.queueMore", { shown: rows.length, total })}</p>
      )}
    </section>
  );
}
