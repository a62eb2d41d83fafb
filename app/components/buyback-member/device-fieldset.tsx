import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { type CheckAnswers, hidesFault } from "#core/buyback/check-answers.ts";
import {
  BUYBACK_QUESTIONS,
  type BuybackQuestion,
  imeiRequired,
  questionsFor,
} from "#core/buyback/device-fields.ts";
import { CATEGORIES } from "#core/catalog/codes.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { type DeviceField, type DeviceValues, deviceField } from "../../lib/buyback-devices.ts";
import { type ImeiDevice, type ImeiLookup, useImeiDevice } from "../../lib/imei-device.ts";
import { codeOptions } from "../../lib/labels.ts";
import {
  CheckElsewhere,
  type ReportChoice,
  ReportChoices,
  useFreshReport,
} from "../checks/report-choices.tsx";
import { FieldMessages, TextField, useShownError } from "../form.tsx";
import { SelectField } from "../select-field.tsx";
import { EstimatePanel, type EstimateView } from "./estimate-panel.tsx";

const QUESTIONS = Object.keys(BUYBACK_QUESTIONS) as BuybackQuestion[];

export type BuybackModel = { id: number; categoryCode: string; name: string; storageOptions: number[] };

/** A self-check report the member may send with a device, with the answers it gives. */
export type BuybackReport = ReportChoice & { findings: CheckAnswers; mismatch: boolean };

/** "128GB", "1TB". */
export function useStorageLabel(): (gb: number) => string {
  const t = useTranslations("buybackMember");
  return (gb) => (gb >= 1024 && gb % 1024 === 0 ? t("storageTb", { tb: gb / 1024 }) : t("storage", { gb }));
}

/**
 * A question with its answers as large tappable choices (radio buttons). With a self-check report,
 * an answer that is the check's says so, and the answer that would hide a fault it found is not
 * offered.
 */
function ChoiceGroup({
  name,
  question,
  defaultValue,
  error,
  fromCheck = false,
  findings,
}: {
  name: string;
  question: BuybackQuestion;
  defaultValue: string;
  error?: string | undefined;
  /** The answer chosen is the report's. */
  fromCheck?: boolean;
  findings?: CheckAnswers | undefined;
}) {
  const t = useTranslations("buybackMember.questions");
  const a = useTranslations("buybackMember.application");
  const id = useId();
  const hint = question === "network" ? t("network.hint") : undefined;
  const label = (choice: string) => t(`${question}.choices.${choice}` as `power.choices.yes`);
  const hidden = findings
    ? BUYBACK_QUESTIONS[question].find((c) => hidesFault(findings, question, c))
    : undefined;
  // The page's own check as the question is answered, else the server's message.
  const shown = useShownError(name, error);
  const describedBy = [
    fromCheck ? `${id}-check` : null,
    hidden ? `${id}-fault` : null,
    hint ? `${id}-hint` : null,
    shown ? `${id}-error` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined} aria-invalid={shown ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{t(`${question}.label`)}</legend>
      {fromCheck && (
        <p id={`${id}-check`} className="mt-1 text-xs" data-testid="from-check">
          <span className="inline-block rounded bg-sky-50 px-1.5 py-0.5 font-semibold text-sky-800 ring-1 ring-sky-200">
            {a("fromCheck")}
          </span>
        </p>
      )}
      <div className="mt-1.5 flex flex-wrap gap-2">
        {BUYBACK_QUESTIONS[question].map((choice) => (
          <label
            key={choice}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:disabled]:cursor-not-allowed has-[:disabled]:text-slate-500 ${shown ? "border-danger-600" : "border-slate-300"}`}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              defaultChecked={defaultValue === choice}
              disabled={hidden === choice}
              className="size-4 shrink-0 accent-brand-600"
            />
            {/* The choices of one question, typed loosely: every question's codes are its own keys. */}
            {label(choice)}
          </label>
        ))}
      </div>
      {hidden && (
        <p id={`${id}-fault`} className="mt-1 text-sm text-amber-900" data-testid="check-fault">
          {a("faultFound", { choice: label(hidden) })}
        </p>
      )}
      <FieldMessages id={id} name={name} hint={hint} error={shown} />
    </fieldset>
  );
}

type ApiRange = { min: number; max: number } | null;
type ApiEstimate = {
  grade: string;
  ng_conditions: string[];
  ng_condition: string;
  offer: { bid: number; deductions: { code: string; amount: number }[]; amount: number } | null;
  range: ApiRange;
  check: { report_id: string; from_check: string[]; narrowed: boolean; without: ApiRange } | null;
};

type Live = { status: "choose" | "busy" | "failed" } | { status: "done"; estimate: EstimateView };

/**
 * What the IMEI said, under its field: the model it filled in (or that the model chosen since
 * differs), a device we do not know, or what is wrong with the number unless the field says so.
 */
function ImeiNotice({
  lookup,
  modelId,
  filling,
  shownError,
  testId,
}: {
  lookup: ImeiLookup;
  modelId: string;
  /** The IMEI's model is about to be chosen. */
  filling: boolean;
  shownError: string | undefined;
  testId: string;
}) {
  const t = useTranslations("buybackMember.application");
  const names = (d: ImeiDevice) => ({ model: d.model.name, brand: d.brand.name });
  return (
    <div aria-live="polite" data-testid={testId} className="-mt-2 text-sm empty:hidden">
      {lookup.kind === "checking" && <p className="text-slate-600">{t("imeiChecking")}</p>}
      {lookup.kind === "known" &&
        (filling || modelId === String(lookup.device.model.id) ? (
          <p className="text-emerald-800">{t("imeiFilled", names(lookup.device))}</p>
        ) : (
          <p className="text-amber-800">{t("imeiDiffers", names(lookup.device))}</p>
        ))}
      {lookup.kind === "unknown" && <p className="text-amber-800">{t("imeiUnknown")}</p>}
      {lookup.kind === "invalid" && lookup.message !== shownError && (
        <p className="text-danger-600">{lookup.message}</p>
      )}
    </div>
  );
}

/**
 * One device of the application: category, model (of that category), storage (of that model), the
 * IMEI, a self-check report of the member's to send with it (or the ways to run one), the condition
 * questions the category asks, and its estimate. Without JavaScript the estimate comes with the
 * form's "update" button; with it, it follows every answer.
 */
export function DeviceFieldset({
  index,
  count,
  values,
  errors,
  estimate,
  models,
  reports,
  lang,
}: {
  index: number;
  count: number;
  values: DeviceValues;
  errors: Record<string, string>;
  estimate: EstimateView | null;
  models: BuybackModel[];
  reports: BuybackReport[];
  lang: Locale;
}) {
  const t = useTranslations("buybackMember");
  const c = useTranslations("checks.picker");
  const storageLabel = useStorageLabel();
  const ref = useRef<HTMLFieldSetElement>(null);
  const [category, setCategory] = useState(values.categoryCode);
  const [modelId, setModelId] = useState(values.modelId);
  const [live, setLive] = useState<Live | null>(null);
  const [checkId, setCheckId] = useState(values.checkId);
  const report = reports.find((r) => r.id === checkId);
  /** Each question's answer now, for the marks of the answers a report gives. */
  const [answered, setAnswered] = useState<Record<string, string>>(() =>
    Object.fromEntries(QUESTIONS.map((q) => [q, values[`answers.${q}`]])),
  );
  /** The member ran a check from this device's buttons: the report that comes next is for it. */
  const awaitingReport = useRef(false);
  /** The model the IMEI named, to choose once the models of its category are in the list. */
  const [pendingModel, setPendingModel] = useState<{ id: string; categoryCode: string } | null>(null);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const name = (f: DeviceField) => deviceField(index, f);
  const error = (f: DeviceField) => errors[name(f)];

  /** A field's value now; for a question, its checked answer ("" while none is). */
  const read = useCallback(
    (f: DeviceField): string => {
      const root = ref.current;
      if (!root) return "";
      const name = CSS.escape(deviceField(index, f));
      const checked = root.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`);
      if (checked) return checked.value;
      const field = root.querySelector<HTMLInputElement | HTMLSelectElement>(
        `[name="${name}"]:not([type="radio"])`,
      );
      return field?.value ?? "";
    },
    [index],
  );

  const refresh = useCallback(async () => {
    const cat = read("categoryCode");
    const model = read("modelId");
    const answers = Object.fromEntries(questionsFor(cat).map((q) => [q, read(`answers.${q}`)]));
    if (!cat || !model || Object.values(answers).some((a) => !a)) {
      setLive({ status: "choose" });
      return;
    }
    const ticket = ++asked.current;
    setLive({ status: "busy" });
    try {
      const res = await fetch("/api/v1/buyback/estimate", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "accept-language": lang },
        body: JSON.stringify({
          category_code: cat,
          model_id: model,
          storage_gb: read("storageGb"),
          answers,
          check_id: read("checkId") || null,
        }),
      });
      if (ticket !== asked.current) return;
      // A report that cannot go with the device is the server's to say when the form is sent.
      if ([403, 409, 422].includes(res.status)) {
        setLive({ status: "choose" });
        return;
      }
      if (!res.ok) throw new Error(`estimate ${res.status}`);
      const e = (await res.json()) as ApiEstimate;
      setLive({
        status: "done",
        estimate: {
          grade: e.grade,
          ngConditions: e.ng_conditions,
          ngCondition: e.ng_condition,
          offer: e.offer,
          range: e.range,
          check: e.check && {
            reportId: e.check.report_id,
            fromCheck: e.check.from_check,
            narrowed: e.check.narrowed,
            without: e.check.without,
          },
        },
      });
    } catch {
      if (ticket === asked.current) setLive({ status: "failed" });
    }
  }, [lang, read]);

  /** Chooses a select's value as the member would, so the form and the estimate follow it. */
  const choose = useCallback(
    (f: "categoryCode" | "modelId", value: string) => {
      const select = ref.current?.querySelector<HTMLSelectElement>(
        `select[name="${CSS.escape(deviceField(index, f))}"]`,
      );
      if (!select || select.value === value) return;
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    },
    [index],
  );

  // The IMEI names the device: its category, then its model once the category's models are listed.
  // The answers stay unless the category changes (a new category asks its own questions).
  const { lookup } = useImeiDevice({
    endpoint: `/${lang}/buyback/application/device/`,
    field: () =>
      ref.current?.querySelector<HTMLInputElement>(
        `input[name="${CSS.escape(deviceField(index, "imei"))}"]`,
      ) ?? null,
    onDevice: (device) => {
      choose("categoryCode", device.model.categoryCode);
      setPendingModel({ id: String(device.model.id), categoryCode: device.model.categoryCode });
    },
    // A number the form came back with beside its model is not looked up again.
    atStart: () => read("modelId") === "",
  });
  useEffect(() => {
    if (pendingModel === null) return;
    const select = ref.current?.querySelector<HTMLSelectElement>(
      `select[name="${CSS.escape(deviceField(index, "modelId"))}"]`,
    );
    if (select && Array.from(select.options).some((o) => o.value === pendingModel.id)) {
      choose("modelId", pendingModel.id);
      setPendingModel(null);
    } else if (category === pendingModel.categoryCode) {
      // The category's models are listed and the IMEI's is not among them: the member chooses.
      setPendingModel(null);
    }
  });
  const imeiError = useShownError(name("imei"), error("imei"));

  // Once hydrated, the fields hold what was typed (perhaps before the scripts ran): follow them.
  useLayoutEffect(() => {
    setCategory(read("categoryCode"));
    setModelId(read("modelId"));
    setAnswered(Object.fromEntries(QUESTIONS.map((q) => [q, read(`answers.${q}`)])));
  }, [read]);
  useEffect(() => {
    if (!estimate) void refresh();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const onChange = () => {
    setCategory(read("categoryCode"));
    setModelId(read("modelId"));
    setAnswered(Object.fromEntries(QUESTIONS.map((q) => [q, read(`answers.${q}`)])));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(), 250);
  };

  /**
   * Sends the device with a report (or none): the questions it answers that are still open, or
   * answered so as to hide a fault it found, take its answers; the member may change the others.
   */
  const chooseReport = (id: string) => {
    setCheckId(id);
    const findings = reports.find((r) => r.id === id)?.findings;
    for (const q of findings ? questionsFor(read("categoryCode")) : []) {
      const given = findings?.answers[q];
      const current = read(`answers.${q}`);
      if (!given || !findings || (current !== "" && !hidesFault(findings, q, current))) continue;
      ref.current
        ?.querySelector<HTMLInputElement>(
          `input[type="radio"][name="${CSS.escape(deviceField(index, `answers.${q}`))}"][value="${CSS.escape(given)}"]`,
        )
        ?.click();
    }
    onChange();
  };
  // A report saved meanwhile from this device's buttons is the one it is sent with.
  useFreshReport(reports, (fresh) => {
    if (!awaitingReport.current) return;
    awaitingReport.current = false;
    chooseReport(fresh.id);
  });

  const chosen = models.find((m) => String(m.id) === modelId && (!category || m.categoryCode === category));
  const inCategory = models.filter((m) => !category || m.categoryCode === category);
  const storages = chosen
    ? chosen.storageOptions
    : [...new Set(inCategory.flatMap((m) => m.storageOptions))].sort((a, b) => a - b);
  const groups = CATEGORIES.filter((c) => !category || c.code === category)
    .map((c) => ({
      label: renderMessage(c.label, lang),
      options: models
        .filter((m) => m.categoryCode === c.code)
        .map((m) => ({ value: String(m.id), label: m.name })),
    }))
    .filter((g) => g.options.length > 0);
  const optionalImei = !imeiRequired(category);
  const shown: Live | null = live ?? (estimate ? { status: "done", estimate } : null);

  return (
    <div
      className="relative rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid={`device-${index}`}
    >
      <fieldset ref={ref} onChange={onChange} className="flex flex-col gap-4">
        {/* A heading in the legend: the page reads h1, each device's h2, then its estimate's h3. */}
        <legend>
          <h2 className="text-lg font-bold">{t("application.device", { n: index + 1 })}</h2>
        </legend>
        {count > 1 && (
          <button
            type="submit"
            name="intent"
            value={`remove:${index}`}
            className="absolute top-3 right-4 min-h-11 text-sm font-semibold text-danger-600 underline"
          >
            {t("application.remove")}
          </button>
        )}
        <SelectField
          name={name("categoryCode")}
          label={t("fields.category")}
          options={codeOptions(CATEGORIES, lang)}
          defaultValue={values.categoryCode}
          error={error("categoryCode")}
        />
        <SelectField
          name={name("modelId")}
          label={t("fields.model")}
          groups={groups}
          defaultValue={values.modelId}
          error={error("modelId")}
        />
        {storages.length > 0 && (
          <SelectField
            name={name("storageGb")}
            label={t("fields.storage")}
            options={storages.map((gb) => ({ value: String(gb), label: storageLabel(gb) }))}
            defaultValue={values.storageGb}
            error={error("storageGb")}
          />
        )}
        <TextField
          name={name("imei")}
          label={t("fields.imei")}
          optional={optionalImei}
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          hint={`${t("application.imeiHint")}${optionalImei ? ` ${t("application.imeiOptional")}` : ""}`}
          defaultValue={values.imei}
          error={error("imei")}
        />
        <ImeiNotice
          lookup={lookup}
          modelId={modelId}
          filling={pendingModel !== null}
          shownError={imeiError}
          testId={`imei-fill-${index}`}
        />
        <section
          aria-labelledby={`device-${index}-check-title`}
          className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
          data-testid={`device-check-${index}`}
        >
          <h3 id={`device-${index}-check-title`} className="text-sm font-bold text-slate-900">
            {t("application.checkTitle")}
          </h3>
          <p className="text-sm text-slate-600">{t("application.checkLead")}</p>
          {reports.length > 0 && (
            <ReportChoices
              lang={lang}
              name={name("checkId")}
              legend={t("application.checkChoose")}
              noneLabel={t("application.checkNone")}
              reports={reports}
              selected={checkId}
              onSelect={chooseReport}
            />
          )}
          {error("checkId") && (
            <p
              className="text-sm font-medium text-danger-600"
              role="alert"
              data-testid={`check-error-${index}`}
            >
              {error("checkId")}
            </p>
          )}
          {report?.mismatch && <p className="text-sm text-amber-900">{c("mismatch")}</p>}
          <CheckElsewhere
            lang={lang}
            href={`/${lang}/check/?return=${encodeURIComponent(`/${lang}/buyback/application/`)}`}
            onAsk={() => {
              awaitingReport.current = true;
            }}
          />
        </section>
        {questionsFor(category).map((q) => (
          <ChoiceGroup
            key={q}
            name={name(`answers.${q}`)}
            question={q}
            defaultValue={values[`answers.${q}`]}
            error={error(`answers.${q}`)}
            findings={report?.findings}
            fromCheck={!!report && !!answered[q] && report.findings.answers[q] === answered[q]}
          />
        ))}
        <EstimatePanel
          estimate={shown?.status === "done" ? shown.estimate : null}
          status={shown && shown.status !== "done" ? shown.status : undefined}
          lang={lang}
          testId={`estimate-${index}`}
        />
      </fieldset>
    </div>
  );
}
