import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { GRADING_TABS, type GradingTab } from "#core/buyback/grading-input.ts";
import type { GradingQueue } from "#core/buyback/list-grading-queue.ts";
import type { Locale } from "#core/shared/locale.ts";

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
