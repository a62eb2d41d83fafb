import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { BidList } from "#core/buyback/list-bids.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { SelectionInputs } from "./bid-selectors.tsx";

/** What an upload answered: the lines saved, each refused line with its messages, or why the file was refused. */
export type CsvAnswer = {
  done?: string;
  error?: string;
  rejected: { line: number; messages: string[] }[];
};

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-full border px-4 text-sm font-semibold transition";

/**
 * The bid list as a spreadsheet: download the category and condition on screen (Shift_JIS for
 * Excel, or UTF-8), upload it edited. The answer of an upload stands under the form, each refused
 * line by its row number.
 */
export function BidCsvPanel({
  list,
  lang,
  answer,
  maxMegabytes,
}: {
  list: BidList;
  lang: Locale;
  answer: CsvAnswer | undefined;
  maxMegabytes: number;
}) {
  const t = useTranslations("buybackBids.csv");
  const id = useId();
  const busy = useNavigation().formData?.get("intent") === "upload";
  const result = useRef<HTMLDivElement>(null);
  // The answer replaces what was on screen below the table: bring it into view.
  useEffect(() => {
    if (answer) result.current?.scrollIntoView({ block: "nearest" });
  }, [answer]);
  const href = (encoding: string) =>
    `/${lang}/buyback/bids/csv/?${new URLSearchParams({ category: list.categoryCode, ng: list.ngCondition, encoding })}`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="bid-csv"
    >
      <h2 id={`${id}-title`} className="font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("lead")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={href("sjis")} download className={`${BUTTON} border-slate-300 hover:bg-slate-50`}>
          {t("downloadSjis")}
        </a>
        <a href={href("utf8")} download className={`${BUTTON} border-slate-300 hover:bg-slate-50`}>
          {t("downloadUtf8")}
        </a>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <SelectionInputs list={list} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold">
            {t("file")}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-hint${answer?.error ? ` ${id}-error` : ""}`}
            aria-invalid={answer?.error ? true : undefined}
            className="text-sm file:mr-3 file:min-h-10 file:rounded-full file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-semibold"
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {t("fileHint", { max: maxMegabytes })}
          </p>
          {answer?.error && (
            <p id={`${id}-error`} className="text-sm font-medium text-danger-600" data-testid="csv-error">
              {answer.error}
            </p>
          )}
        </div>
        <button
          type="submit"
          name="intent"
          value="upload"
          disabled={busy}
          className={`${BUTTON} border-brand-600 bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60`}
          data-testid="upload-csv"
        >
          {t("upload")}
        </button>
      </Form>
      <div ref={result} role="status" className="mt-3 empty:hidden" data-testid="csv-result">
        {answer?.done && (
          <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
            {answer.done}
          </p>
        )}
      </div>
      {answer && answer.rejected.length > 0 && (
        <div className="mt-3 rounded-xl bg-red-50 p-4 ring-1 ring-danger-600/30" data-testid="csv-rejected">
          <h3 className="text-sm font-bold text-danger-600">
            {t("rejectedTitle", { count: answer.rejected.length })}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{t("rejectedLead")}</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {answer.rejected.map((r) => (
              <li key={r.line} data-testid={`csv-line-${r.line}`}>
                <span className="font-semibold">{t("line", { line: r.line })}</span>
                {"　"}
                {r.messages.join(" / ")}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
