import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { BUYBACK_GRADES } from "#core/buyback/codes.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "#core/buyback/diagnostic-fields.ts";
import type { GradingDetail } from "#core/buyback/get-grading.ts";
import { GRADING_DEFECTS, GRADING_LIMITS } from "#core/buyback/grading-input.ts";
import type { PrefillSource } from "#core/buyback/grading-prefill.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError } from "../form.tsx";
import { ConfirmDialog, useConfirmedSubmit } from "./confirm-submit.tsx";

/**
 * What the grading form starts with: what was typed (after a failure), the last grading, or what the
 * application, the IMEI and the model already tell (`detail.prefill`, each value with its source).
 */
function startingValues(
  detail: GradingDetail,
  state: FormState | undefined,
  naReason: string,
): { values: Record<string, string>; sources: Record<string, PrefillSource> } {
  const sources: Record<string, PrefillSource> = {};
  const { item, prefill } = detail;
  if (prefill) {
    if (prefill.grade) sources.grade = prefill.grade.source;
    if (prefill.ngConditions) sources.ng = prefill.ngConditions.source;
    for (const [key, v] of Object.entries(prefill.diagnostics)) sources[key] = v.source;
  }
  if (state?.values) return { values: state.values, sources };
  if (prefill) {
    const values: Record<string, string> = {
      grade: prefill.grade?.value ?? "",
      ng: prefill.ngConditions?.value.join(",") ?? "",
      reason: "",
    };
    for (const { key } of DIAGNOSTIC_FIELDS) {
      const v = prefill.diagnostics[key];
      values[`d.${key}`] = v && "value" in v ? v.value : "";
      values[`na.${key}`] = v && "na" in v ? "on" : "";
      values[`r.${key}`] = v && "na" in v ? naReason : "";
    }
    return { values, sources };
  }
  const values: Record<string, string> = {
    grade: item.grade ?? "",
    ng: item.ngConditions.join(","),
    reason: "",
  };
  for (const { key } of DIAGNOSTIC_FIELDS) {
    const v = item.diagnostics?.[key];
    values[`d.${key}`] = v && "value" in v ? v.value : "";
    values[`na.${key}`] = v && "na" in v ? "on" : "";
    values[`r.${key}`] = v && "na" in v ? v.na : "";
  }
  if (!item.diagnostics) {
    values["d.model"] = item.model;
    values["d.modelName"] = item.model;
    if (item.storageGb !== null) values["d.memory"] = `${item.storageGb}GB`;
  }
  return { values, sources };
}

/** Where a filled-in value came from, said beside its field (and read with it). */
function SourceTag({ id, source }: { id: string; source: PrefillSource | undefined }) {
  const t = useTranslations("buybackOffice.grading.form");
  if (!source) return null;
  return (
    <span
      id={id}
      className="ml-2 inline-block rounded bg-sky-50 px-1.5 py-0.5 text-[11px] font-semibold whitespace-nowrap text-sky-800 ring-1 ring-sky-200"
      data-testid="prefill-source"
    >
      {t(`sources.${source}`)}
    </span>
  );
}

const inputClass =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-danger-600";

/**
 * Grade or regrade: the RMJ grade, the failed checks, every diagnostic field with "not applicable"
 * and its reason beside it, and for a regrade the reason. One plain form; errors beside each field.
 */
export function GradingForm({
  detail,
  state,
  today,
}: {
  detail: GradingDetail;
  state: FormState | undefined;
  today: string;
}) {
  const t = useTranslations("buybackOffice.grading.form");
  const g = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const uid = useId();
  const regrade = detail.item.state === "40";
  const { values, sources } = startingValues(detail, state, t("defaultNaReason"));
  const errors = state?.errors ?? {};
  const ng = new Set(values.ng ? values.ng.split(",") : []);
  const formRef = useRef<HTMLFormElement>(null);
  const [grade, setGrade] = useState(values.grade ?? "");
  const confirm = useConfirmedSubmit(formRef);
  // A flag, not the object: the page reloading its data (a photo added) does not move the focus.
  const filledIn = detail.prefill !== null;
  // After a failed submit the first field to fix gets the focus (and comes into view). A device
  // filled in from its application starts at the first field the grader still has to read off it.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (state?.errors && Object.keys(state.errors).length > 0) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    } else if (filledIn && !regrade) {
      const empty = [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-required]")].find(
        (i) => {
          const na = form.querySelector<HTMLInputElement>(`#${i.id.replace(/^d-/, "na-")}`);
          return i.value === "" && !na?.checked;
        },
      );
      empty?.focus();
    }
  }, [state, filledIn, regrade]);
  const fieldName = (key: string) =>
    key.startsWith("diagnostics.")
      ? b(`diagnostics.${key.slice("diagnostics.".length) as DiagnosticKey}`)
      : key === "grade" || key === "ngConditions" || key === "reason"
        ? t(key)
        : key;
  const fieldTarget = (key: string) =>
    key.startsWith("diagnostics.")
      ? `d-${key.slice("diagnostics.".length)}`
      : key === "grade"
        ? `${uid}-grade-first`
        : key === "ngConditions"
          ? `${uid}-ng-first`
          : `${uid}-${key}`;
  const errorText = (key: string) =>
    errors[key] ? (
      <p
        id={`${uid}-${key}-error`}
        className="text-sm font-medium text-danger-600"
        data-testid={`error-${key}`}
      >
        {errors[key]}
      </p>
    ) : null;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby={`${uid}-title`}
      data-testid="grading-form"
      onSubmit={confirm.onSubmit}
      data-hydrated={confirm.hydrated}
      onKeyDown={(e) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          formRef.current?.requestSubmit();
        }
      }}
      className="flex flex-col gap-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div>
        <h2 id={`${uid}-title`} className="text-lg font-bold">
          {regrade ? t("regradeTitle") : t("title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {regrade ? t("regradeLead", { days: BUYBACK_RULES.offerDays }) : t("lead")}
        </p>
      </div>
      {detail.prefill && !regrade && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">{t("sourcesLead")}</p>
      )}
      <FormError message={state?.formError} />
      {Object.keys(errors).length > 0 && (
        <div
          role="alert"
          aria-labelledby={`${uid}-summary`}
          className="rounded-lg border-2 border-danger-600 bg-red-50 p-3 text-sm"
          data-testid="error-summary"
        >
          <h3 id={`${uid}-summary`} className="font-bold text-danger-700">
            {t("errorSummary", { count: Object.keys(errors).length })}
          </h3>
          <p className="mt-1 text-slate-800">{t("errorSummaryLead")}</p>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
            {Object.entries(errors).map(([key, message]) => (
              <li key={key}>
                <a
                  href={`#${fieldTarget(key)}`}
                  className="font-semibold text-danger-700 underline underline-offset-2"
                  onClick={(e) => {
                    const target = document.getElementById(fieldTarget(key));
                    if (target) {
                      e.preventDefault();
                      target.focus();
                    }
                  }}
                >
                  {fieldName(key)}
                </a>
                {g("separator")}
                {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <input type="hidden" name="intent" value="grade" />

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.grade ? `${uid}-grade-error` : undefined}
      >
        <legend className="mb-1 text-sm font-bold">
          {t("grade")}
          <SourceTag id={`${uid}-grade-source`} source={sources.grade} />
        </legend>
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {BUYBACK_GRADES.map((g, i) => (
            <label
              key={g}
              className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                id={i === 0 ? `${uid}-grade-first` : undefined}
                type="radio"
                name="grade"
                value={g}
                defaultChecked={values.grade === g}
                onChange={() => setGrade(g)}
                aria-invalid={errors.grade ? true : undefined}
                className="mt-1"
              />
              <span className="flex flex-col">
                <span className="font-semibold">{b(`grades.${g}`)}</span>
                <span className="text-xs text-slate-600">{b(`gradeNotes.${g}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errorText("grade")}
      </fieldset>

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={`${uid}-ng-hint${errors.ngConditions ? ` ${uid}-ngConditions-error` : ""}`}
      >
        <legend className="mb-1 text-sm font-bold">
          {t("ngConditions")}
          <SourceTag id={`${uid}-ng-source`} source={sources.ng} />
        </legend>
        <p id={`${uid}-ng-hint`} className="text-xs text-slate-600">
          {t("ngHint")}
        </p>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {GRADING_DEFECTS.map((d, i) => (
            <label key={d} className="flex items-center gap-2 py-1 text-sm">
              <input
                id={i === 0 ? `${uid}-ng-first` : undefined}
                type="checkbox"
                name="ng"
                value={d}
                defaultChecked={ng.has(d)}
                aria-invalid={errors.ngConditions ? true : undefined}
                className="size-4"
              />
              {b(`ngConditions.${d}`)}
            </label>
          ))}
        </div>
        {errorText("ngConditions")}
      </fieldset>

      <fieldset className="flex flex-col">
        <legend className="mb-1 text-sm font-bold">{t("diagnostics")}</legend>
        <div className="divide-y divide-slate-100">
          {DIAGNOSTIC_FIELDS.map((field) => (
            <DiagnosticRow
              key={field.key}
              field={field}
              values={values}
              error={errors[`diagnostics.${field.key}`]}
              today={today}
              source={sources[field.key]}
              hydrated={confirm.hydrated === "true"}
            />
          ))}
        </div>
      </fieldset>

      {regrade && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-reason`} className="text-sm font-bold">
            {t("reason")}
          </label>
          <textarea
            id={`${uid}-reason`}
            name="reason"
            rows={3}
            required
            maxLength={GRADING_LIMITS.reason}
            defaultValue={values.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${uid}-reason-hint${errors.reason ? ` ${uid}-reason-error` : ""}`}
            className="rounded-lg border border-slate-300 p-3 text-sm"
          />
          <p id={`${uid}-reason-hint`} className="text-xs text-slate-600">
            {t("reasonHint")}
          </p>
          {errorText("reason")}
        </div>
      )}
      <p className="text-xs text-slate-600">{t("lockedNote")}</p>
      <p id={`${uid}-keys`} className="text-xs text-slate-600">
        {t("keysHint")}
      </p>
      <button
        type="submit"
        aria-describedby={`${uid}-keys`}
        className="h-11 self-start rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {regrade ? t("submitRegrade") : t("submit")}
      </button>
      <ConfirmDialog
        {...confirm.dialog}
        title={t("confirmTitle")}
        confirmLabel={t("confirmButton")}
        cancelLabel={t("cancelButton")}
        testId="offer-confirm"
      >
        {regrade ? t("confirmRegradeBody", { grade }) : t("confirmBody", { grade })}
      </ConfirmDialog>
    </Form>
  );
}

/** One diagnostic field: its input, "not applicable" and the reason, and what is wrong with it. */
function DiagnosticRow({
  field,
  values,
  error,
  today,
  source,
  hydrated,
}: {
  field: (typeof DIAGNOSTIC_FIELDS)[number];
  values: Record<string, string>;
  error: string | undefined;
  today: string;
  source: PrefillSource | undefined;
  hydrated: boolean;
}) {
  const t = useTranslations("buybackOffice.grading.form");
  const b = useTranslations("buyback");
  const key: DiagnosticKey = field.key;
  const name = b(`diagnostics.${key}`);
  const ids = {
    value: `d-${key}`,
    na: `na-${key}`,
    reason: `r-${key}`,
    error: `e-${key}`,
    source: `s-${key}`,
    hint: `h-${key}`,
  };
  const invalid = error ? true : undefined;
  const describedBy = error ? ids.error : undefined;
  const value = values[`d.${key}`] ?? "";
  const optional = "optional" in field;
  // The reason is one Tab stop only while "not applicable" is ticked: the keyboard path stays short.
  const [na, setNa] = useState(values[`na.${key}`] === "on");
  const isNote = field.kind === "note";
  const common = {
    id: ids.value,
    name: `d.${key}`,
    defaultValue: value,
    "aria-invalid": invalid,
    "aria-describedby":
      [error ? ids.error : "", source ? ids.source : "", isNote ? ids.hint : ""].filter(Boolean).join(" ") ||
      undefined,
    ...(optional || isNote ? {} : { "data-required": "" }),
  };
  let input: ReactNode;
  switch (field.kind) {
    case "choices":
      input = (
        <select {...common} className={inputClass}>
          <option value="">{t("choose")}</option>
          {field.choices.map((c) => (
            <option key={c} value={c}>
              {b(`diagnosticChoices.${c}`)}
            </option>
          ))}
        </select>
      );
      break;
    case "date":
      input = <input {...common} type="date" max={today} className={`${inputClass} max-w-48`} />;
      break;
    case "percent":
      input = (
        <span className="flex items-center gap-2">
          <input
            {...common}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            className={`${inputClass} max-w-24`}
          />
          <span aria-hidden="true">{t("percentUnit")}</span>
        </span>
      );
      break;
    case "count":
      input = (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          className={`${inputClass} max-w-32`}
        />
      );
      break;
    case "imei":
      input = (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          className={`${inputClass} max-w-64 font-mono`}
        />
      );
      break;
    case "note":
      input = (
        <textarea
          {...common}
          rows={3}
          maxLength={GRADING_LIMITS.note}
          className="w-full rounded-lg border border-slate-300 p-3 text-sm"
        />
      );
      break;
    default:
      input = (
        <input
          {...common}
          type="text"
          autoComplete="off"
          maxLength={GRADING_LIMITS.text}
          className={inputClass}
        />
      );
  }
  return (
    <div
      className="grid gap-2 py-2.5 md:grid-cols-[9rem_minmax(0,1fr)_minmax(0,16rem)] md:items-start"
      data-testid={`diagnostic-${key}`}
    >
      <div className="md:pt-2">
        <label htmlFor={ids.value} className="text-sm font-semibold">
          {name}
        </label>
        {optional && <span className="ml-1 text-xs text-slate-600">（{t("optional")}）</span>}
        <SourceTag id={ids.source} source={source} />
      </div>
      <div className="min-w-0">
        {input}
        {isNote && (
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">
            {t("noteHint", { max: GRADING_LIMITS.note })}
          </p>
        )}
      </div>
      {/* The note may simply stay empty: it has no "not applicable". */}
      {!isNote && (
        <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1">
          <label className="flex shrink-0 items-center gap-1.5 text-sm" htmlFor={ids.na}>
            <input
              id={ids.na}
              type="checkbox"
              name={`na.${key}`}
              defaultChecked={values[`na.${key}`] === "on"}
              onChange={(e) => setNa(e.currentTarget.checked)}
              aria-label={t("naFor", { field: name })}
              className="size-4"
            />
            <span aria-hidden="true">{t("notApplicable")}</span>
          </label>
          <label htmlFor={ids.reason} className="sr-only">
            {t("naReasonFor", { field: name })}
          </label>
          <input
            id={ids.reason}
            name={`r.${key}`}
            type="text"
            autoComplete="off"
            placeholder={t("naReason")}
            maxLength={GRADING_LIMITS.naReason}
            defaultValue={values[`r.${key}`] ?? ""}
            tabIndex={hydrated && !na ? -1 : undefined}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm placeholder:text-slate-500"
          />
        </div>
      )}
      {error && (
        <p
          id={ids.error}
          className="text-sm font-medium text-danger-600 md:col-span-2 md:col-start-2"
          data-testid={`error-${key}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
