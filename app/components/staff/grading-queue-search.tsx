import { Form, Link } from "react-router";
import { useLocale } from "use-intl";
import { GRADING_TABS, type GradingTab } from "#core/buyback/grading-input.ts";
import type { GradingQueue } from "#core/buyback/list-grading-queue.ts";
import type { ParcelOutcome } from "#core/buyback/receive-parcels.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** The form a batch of parcels is received with: the invoices scanned here and the rows ticked below. */
export const BATCH_FORM_ID = "batch-receive";

/**
 * The scan box: a USB barcode scanner types the IMEI or the parcel's invoice number and presses
 * Enter, and the device opens. It has the focus when the queue opens, so the grader scans at once.
 */
export function ScanForm({ typed, error }: { typed: string; error: string | null }) {
  const t = useTranslations("buybackOffice.grading.queue");
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("scan")}
      className="flex flex-col gap-1 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <label htmlFor="grading-scan" className="text-base font-bold text-slate-900">
        {t("scan")}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="grading-scan"
          name="scan"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          // The desk's first step is always a scan: the box is ready when the queue opens.
          // biome-ignore lint/a11y/noAutofocus: a scanner types into whatever has the focus
          autoFocus
          defaultValue={typed}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "grading-scan-hint grading-scan-error" : "grading-scan-hint"}
          className="h-12 min-w-0 flex-1 basis-64 rounded-lg border border-slate-300 bg-white px-3 font-mono text-lg"
          data-testid="scan-box"
        />
        <button
          type="submit"
          className="h-12 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("scanSubmit")}
        </button>
      </div>
      <p id="grading-scan-hint" className="text-xs text-slate-600">
        {t("scanHint")}
      </p>
      {error && (
        <p
          id="grading-scan-error"
          role="alert"
          className="text-sm font-medium text-danger-600"
          data-testid="scan-error"
        >
          {error}
        </p>
      )}
    </Form>
  );
}

/**
 * Receive several parcels at once: invoice numbers scanned one a line (a scanner's Enter starts the
 * next line), plus the parcels ticked in the list; then what happened to each.
 */
export function BatchReceiveForm({
  typed,
  error,
  outcomes,
}: {
  typed: string;
  error: string | undefined;
  outcomes: ParcelOutcome[] | null;
}) {
  const t = useTranslations("buybackOffice.grading.queue");
  const g = useTranslations("buybackOffice.grading");
  const locale = useLocale();
  const received = outcomes?.filter((o) => o.outcome === "received").length ?? 0;
  return (
    <section
      aria-labelledby="batch-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="batch-title" className="text-lg font-bold">
        {t("batchTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("batchLead")}</p>
      <Form method="post" id={BATCH_FORM_ID} noValidate className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="batch" />
        <label htmlFor="batch-invoices" className="text-sm font-semibold">
          {t("batchInvoices")}
        </label>
        <textarea
          // A batch received starts the next one empty; a refused one keeps what was scanned.
          key={outcomes ? outcomes.map((o) => o.parcel).join() : "typing"}
          id="batch-invoices"
          name="invoices"
          rows={4}
          defaultValue={typed}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "batch-error" : undefined}
          className="max-w-md rounded-lg border border-slate-300 p-2 font-mono text-sm"
        />
        {error && (
          <p id="batch-error" className="text-sm font-medium text-danger-600" data-testid="batch-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="h-11 self-start rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("batchSubmit")}
        </button>
      </Form>
      {outcomes && (
        <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm" data-testid="batch-result">
          <h3 className="font-bold">{t("batchResultTitle")}</h3>
          <p className="mt-1">{t("batchSummary", { received, total: outcomes.length })}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {outcomes.map((o) => (
              <li
                key={o.parcel}
                className={o.outcome === "received" ? "text-emerald-800" : "text-danger-600"}
                data-testid="batch-outcome"
              >
                {o.parcel.startsWith("#") ? (
                  t("batchParcel", { id: o.parcel.slice(1) })
                ) : (
                  <span className="font-mono">{o.parcel}</span>
                )}
                {g("separator")}
                {t(`batchOutcome.${o.outcome}`, {
                  ids: new Intl.ListFormat(locale).format(o.itemIds.map(String)),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The search by number over every device, kept on the current tab. */
export function SearchForm({
  queue,
  lang,
  typed,
  error,
}: {
  queue: GradingQueue;
  lang: Locale;
  typed: string;
  error: string | null;
}) {
  const t = useTranslations("buybackOffice.grading.queue");
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <label htmlFor="grading-q" className="text-sm font-semibold text-slate-700">
        {t("search")}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="grading-q"
          name="q"
          type="search"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={typed}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "grading-q-hint grading-q-error" : "grading-q-hint"}
          className="h-10 min-w-0 flex-1 basis-56 rounded-lg border border-slate-300 px-3"
        />
        <input type="hidden" name="tab" value={queue.tab} />
        <button
          type="submit"
          className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("searchSubmit")}
        </button>
        {(queue.q !== "" || typed !== "") && (
          <Link
            to={`/${lang}/staff/buyback/?tab=${queue.tab}`}
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            {t("searchClear")}
          </Link>
        )}
      </div>
      <p id="grading-q-hint" className="text-xs text-slate-500">
        {t("searchHint")}
      </p>
      {error && (
        <p id="grading-q-error" className="text-sm text-danger-600" data-testid="search-error">
          {error}
        </p>
      )}
    </Form>
  );
}

/** One link per tab with how many wait in it; the current tab is marked for screen readers too. */
export function Tabs({ queue, lang }: { queue: GradingQueue; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.queue");
  const current: GradingTab | null = queue.q === "" ? queue.tab : null;
  return (
    <nav aria-label={t("tabsLabel")}>
      <ul className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {GRADING_TABS.map((tab) => (
          <li key={tab} className="shrink-0">
            <Link
              to={`/${lang}/staff/buyback/?tab=${tab}`}
              aria-current={current === tab ? "page" : undefined}
              data-testid={`tab-${tab}`}
              className={`-mb-px block border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                current === tab
                  ? "border-brand-600 text-brand-800"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800"
              }`}
            >
              {t("tabCount", { label: t(`tabs.${tab}`), count: queue.counts[tab] })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
