import { Form, Link, useLocation } from "react-router";
import { ENDED_WINDOW_DAYS, type GradingTab } from "#core/buyback/grading-input.ts";
import type { ArrivingApplication, GradingRow } from "#core/buyback/list-grading-queue.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { type DataColumn, DataTable } from "./data-table.tsx";
import { BATCH_FORM_ID } from "./grading-queue-search.tsx";
import { QueueAge } from "./queue-age.tsx";

const idLink = "font-semibold text-brand-700 underline underline-offset-2";

/** Parcels on their way: one row per application, with its devices and a button to receive it. */
export function ArrivingTable({ rows, lang }: { rows: ArrivingApplication[]; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const codes = useTranslations("codes");
  const { search } = useLocation();
  return (
    <DataTable<ArrivingApplication>
      caption={t("queue.arrivingTitle")}
      rows={rows}
      rowKey={(r) => String(r.id)}
      empty={t("queue.empty.arriving")}
      columns={[
        {
          id: "pick",
          header: t("queue.columns.pick"),
          cell: (r) => (
            <input
              type="checkbox"
              name="applicationId"
              value={r.id}
              form={BATCH_FORM_ID}
              aria-label={t("queue.batchPick", { id: r.id })}
              className="size-5"
            />
          ),
        },
        { id: "application", header: t("queue.columns.application"), cell: (r) => r.id },
        {
          id: "member",
          header: t("queue.columns.member"),
          cell: (r) => <Member person={r.member} />,
        },
        {
          id: "devices",
          header: t("queue.columns.devices"),
          className: "min-w-48",
          cell: (r) => (
            <ul className="flex flex-col gap-0.5">
              {r.devices.map((d) => (
                <li key={d.id}>
                  <Link to={`/${lang}/staff/buyback/${d.id}/`} className={idLink}>
                    {d.id}
                  </Link>{" "}
                  {d.model}{" "}
                  <span className="text-xs text-slate-500">({codes(`buybackSellerState.${d.state}`)})</span>
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: "shipping",
          header: t("queue.columns.shipping"),
          className: "whitespace-nowrap",
          cell: (r) => t(`shipping.${r.shippingMethod}`),
        },
        {
          id: "invoice",
          header: t("queue.columns.invoice"),
          className: "whitespace-nowrap font-mono text-xs",
          cell: (r) => r.inboundInvoiceNumber ?? <span className="font-sans">{t("queue.noInvoice")}</span>,
        },
        {
          id: "applied",
          header: t("queue.columns.applied"),
          className: "whitespace-nowrap",
          cell: (r) => formatDate(r.createdAt, lang, true),
        },
        {
          id: "shipped",
          header: t("queue.columns.shipped"),
          className: "whitespace-nowrap",
          cell: (r) => (r.shippedAt ? formatDate(r.shippedAt, lang, true) : t("queue.notShipped")),
        },
        {
          id: "receive",
          header: t("queue.columns.receive"),
          cell: (r) => (
            <Form method="post" action={`/${lang}/staff/buyback/${search}`}>
              <input type="hidden" name="applicationId" value={r.id} />
              <button
                type="submit"
                name="intent"
                value="receive"
                aria-label={t("queue.receiveLabel", { id: r.id })}
                className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-700"
              >
                {t("queue.receive")}
              </button>
            </Form>
          ),
        },
      ]}
    />
  );
}

function Member({ person }: { person: { id: number; nickname: string } }) {
  const t = useTranslations("buybackOffice.grading.detail");
  return (
    <span className="flex min-w-28 flex-col">
      <span className="break-words">{person.nickname}</span>
      <span className="text-xs whitespace-nowrap text-slate-500">
        {t("memberId", { id: String(person.id) })}
      </span>
    </span>
  );
}

/** Devices: which columns show depends on the tab (a search shows what tells them apart). */
export function DeviceTable({
  rows,
  mode,
  lang,
}: {
  rows: GradingRow[];
  mode: Exclude<GradingTab, "arriving"> | "search";
  lang: Locale;
}) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const codes = useTranslations("codes");
  const { search } = useLocation();
  const grade = (r: GradingRow) =>
    r.grade ? (
      <span className="flex flex-col">
        <span className="font-semibold">{r.grade}</span>
        {r.ngConditions.length > 0 && (
          <span className="text-xs text-slate-600">
            {r.ngConditions.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・")}
          </span>
        )}
        {r.noBid && (
          <span className="mt-0.5 self-start rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold text-amber-900">
            {t("queue.noBid")}
          </span>
        )}
      </span>
    ) : (
      "—"
    );
  const columns: DataColumn<GradingRow>[] = [
    {
      id: "id",
      header: t("queue.columns.id"),
      cell: (r) => (
        <Link to={`/${lang}/staff/buyback/${r.id}/`} className={idLink}>
          {r.id}
        </Link>
      ),
    },
    {
      id: "model",
      header: t("queue.columns.model"),
      className: "min-w-40",
      cell: (r) => (
        <span className="flex flex-col">
          <span>{r.model}</span>
          {r.storageGb !== null && (
            <span className="text-xs text-slate-500">{t("detail.storageGb", { gb: r.storageGb })}</span>
          )}
        </span>
      ),
    },
    { id: "member", header: t("queue.columns.member"), cell: (r) => <Member person={r.member} /> },
  ];
  if (mode === "grade" || mode === "search") {
    columns.push(
      { id: "application", header: t("queue.columns.application"), cell: (r) => r.applicationId },
      {
        id: "invoice",
        header: t("queue.columns.invoice"),
        className: "whitespace-nowrap font-mono text-xs",
        cell: (r) => r.inboundInvoiceNumber ?? "—",
      },
    );
  }
  if (mode === "search" || mode === "ended") {
    columns.push({
      id: "state",
      header: t("queue.columns.state"),
      className: "whitespace-nowrap",
      cell: (r) => codes(`buybackSellerState.${r.state}`),
    });
  }
  columns.push({ id: "grade", header: t("queue.columns.grade"), cell: grade });
  if (mode !== "grade") {
    columns.push({
      id: "offer",
      header: t("queue.columns.offer"),
      className: "whitespace-nowrap text-right tabular-nums",
      cell: (r) => (r.offerAmount !== null ? formatYen(r.offerAmount, lang) : "—"),
    });
  }
  if (mode === "offered") {
    columns.push({
      id: "deadline",
      header: t("queue.columns.deadline"),
      className: "whitespace-nowrap",
      cell: (r) => (r.offerExpiresAt ? formatDate(r.offerExpiresAt, lang, true) : "—"),
    });
  }
  if (mode === "ended") {
    columns.push({
      id: "endReason",
      header: t("queue.columns.endReason"),
      cell: (r) => (r.endReason ? t(`endReasonShort.${r.endReason}`) : r.state === "50" ? t("bought") : "—"),
    });
  }
  if (mode === "grade") {
    columns.push(
      {
        id: "age",
        header: t("queue.columns.age"),
        className: "whitespace-nowrap",
        cell: (r) => (
          <QueueAge
            ageMs={r.ageMs}
            overdue={r.overdue}
            overdueLabel={t("queue.overdue")}
            testId={`age-${r.id}`}
          />
        ),
      },
      {
        id: "claim",
        header: t("queue.columns.claim"),
        className: "whitespace-nowrap",
        cell: (r) =>
          r.claim ? (
            <span data-testid={`claim-${r.id}`}>{r.claim.nickname}</span>
          ) : (
            <Form method="post" action={`/${lang}/staff/buyback/${search}`}>
              <input type="hidden" name="itemId" value={r.id} />
              <button
                type="submit"
                name="intent"
                value="claim"
                aria-label={t("queue.claimLabel", { id: r.id })}
                className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t("queue.claim")}
              </button>
            </Form>
          ),
      },
    );
  }
  return (
    <DataTable<GradingRow>
      caption={mode === "search" ? t("queue.devicesTitle") : t(`queue.tabs.${mode}`)}
      rows={rows}
      rowKey={(r) => String(r.id)}
      empty={t(`queue.empty.${mode}`, { days: ENDED_WINDOW_DAYS })}
      rowClassName={(r) => (r.overdue ? "bg-red-50" : "")}
      columns={columns}
    />
  );
}
