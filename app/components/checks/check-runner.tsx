import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { BRANDS } from "#core/catalog/codes.ts";
import type { CheckResult } from "#core/checks/report.ts";
import { CHECK_TESTS, type CheckOutcome, type CheckTest, claimMismatch } from "#core/checks/tests.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { codeOptions } from "../../lib/labels.ts";
import { FormError } from "../form.tsx";
import { SelectField } from "../select-field.tsx";
import { deviceKey, readDevice } from "./device-info.ts";
import { CameraStep, EarpieceStep, MicrophoneStep, SpeakerStep } from "./media-steps.tsx";
import { DeviceFacts, NotTested, OutcomeList } from "./report-parts.tsx";
import { DisplayStep, MultiTouchStep, TouchStep } from "./screen-steps.tsx";
import { BatteryStep, MotionStep, NetworkStep, OrientationStep, VibrationStep } from "./sensor-steps.tsx";
import { StepButton, type StepExtras, type StepProps } from "./step-parts.tsx";

/** A check under way, kept in the browser so a reload or a permission prompt does not lose it. */
type Progress = {
  startedAt: string;
  startedKey: string;
  claimed: CheckResult["claimed"];
  tests: Partial<Record<CheckTest, CheckOutcome>>;
  displayDefects: CheckResult["displayDefects"];
  battery: CheckResult["battery"];
  network: CheckResult["network"] | null;
};

type BrandCode = CheckResult["claimed"]["brandCode"];

/** A brand of the catalogue by its code; anything else is none. */
export function brandCodeOf(value: string | null): BrandCode {
  return BRANDS.find((b) => b.code === value)?.code ?? null;
}

const PROGRESS_KEY = "tsugu.check.progress";
/** Where the check page tells the listing form, in another tab of the same browser, that a report is ready. */
export const SAVED_KEY = "tsugu.check.saved";
/** The server keeps a check started at most a day ago. */
const PROGRESS_HOURS = 23;

function loadProgress(): Progress | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? "null") as Progress | null;
    if (!kept?.startedAt || Date.now() - Date.parse(kept.startedAt) > PROGRESS_HOURS * 3600_000) return null;
    return kept;
  } catch {
    return null;
  }
}

function keepProgress(progress: Progress | null) {
  try {
    if (progress) localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    else localStorage.removeItem(PROGRESS_KEY);
  } catch {
    // Private browsing without storage: the check still runs, it only cannot resume.
  }
}

const STEPS: Record<CheckTest, (props: StepProps) => React.ReactNode> = {
  touch: TouchStep,
  multiTouch: MultiTouchStep,
  display: DisplayStep,
  frontCamera: (props) => <CameraStep {...props} facing="user" />,
  backCamera: (props) => <CameraStep {...props} facing="environment" />,
  microphone: MicrophoneStep,
  speaker: SpeakerStep,
  earpiece: EarpieceStep,
  motion: MotionStep,
  orientation: OrientationStep,
  vibration: VibrationStep,
  battery: BatteryStep,
  network: NetworkStep,
};

type SaveAnswer = { saved?: { id: string }; errors?: Record<string, string>; formError?: string };

/**
 * The self-check, run in the browser of the device being sold: the model the member claims, then
 * each test in turn (each can be skipped), then a summary with what the browser says about the
 * device, and the save that makes the signed report. Progress survives a reload.
 */
export function CheckRunner({
  lang,
  link,
  returnTo,
  claim,
  modelNames,
  intro,
}: {
  lang: Locale;
  /** What the check is, above the first step only. */
  intro: React.ReactNode;
  /** The check link of the QR code, when the device is not signed in. */
  link: string | null;
  /** Opened from a listing form on this device: the way back to it with the report. */
  returnTo: string | null;
  claim: CheckResult["claimed"];
  modelNames: { brandCode: string; name: string }[];
}) {
  const t = useTranslations("checks");
  const [progress, setProgress] = useState<Progress | null>(null);
  const [resumable, setResumable] = useState<Progress | null>(null);
  const [claimed, setClaimed] = useState(claim);
  const heading = useRef<HTMLHeadingElement>(null);
  const fetcher = useFetcher<SaveAnswer>();
  const saved = fetcher.data?.saved;
  useEffect(() => setResumable(loadProgress()), []);
  const update = useCallback((next: Progress | null) => {
    setProgress(next);
    keepProgress(next);
  }, []);
  const current = progress ? CHECK_TESTS.find((test) => !(test in progress.tests)) : undefined;
  // Each step's heading takes the focus, so a screen reader reads out the new test and what it needs.
  useEffect(() => {
    if (progress) heading.current?.focus();
  }, [current, progress === null, saved]);
  useEffect(() => {
    if (!saved) return;
    keepProgress(null);
    try {
      localStorage.setItem(SAVED_KEY, `${saved.id}:${Date.now()}`);
    } catch {
      // The listing form also has a button that looks again.
    }
  }, [saved]);
  const finish = useMemo(
    () =>
      current
        ? (outcome: CheckOutcome, extras: StepExtras = {}) => {
            if (!progress) return;
            update({ ...progress, ...extras, tests: { ...progress.tests, [current]: outcome } });
          }
        : null,
    [current, progress, update],
  );

  if (saved)
    return (
      <Saved lang={lang} id={saved.id} returnTo={returnTo} viaLink={link !== null} headingRef={heading} />
    );
  if (!progress) {
    return (
      <>
        {intro}
        <ClaimForm
          claimed={claimed}
          onChange={setClaimed}
          modelNames={modelNames}
          lang={lang}
          resumable={resumable}
          onResume={() => resumable && update(resumable)}
          onStart={() =>
            update({
              startedAt: new Date().toISOString(),
              startedKey: deviceKey(),
              claimed,
              tests: {},
              displayDefects: [],
              battery: null,
              network: null,
            })
          }
        />
      </>
    );
  }
  if (current && finish) {
    const Step = STEPS[current];
    const index = CHECK_TESTS.indexOf(current);
    return (
      <section className="flex flex-col gap-4" aria-labelledby="check-step-title">
        <div className="flex items-center gap-3">
          <span className="text-sm font-semibold text-brand-700" data-testid="check-step-count">
            {t("page.step", { current: index + 1, total: CHECK_TESTS.length })}
          </span>
          <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div
              className="h-full bg-brand-600"
              style={{ width: `${(index / CHECK_TESTS.length) * 100}%` }}
            />
          </div>
        </div>
        <h2
          id="check-step-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 outline-none"
          data-testid="check-step"
          data-test={current}
          aria-describedby="check-step-needs"
        >
          {t(`tests.${current}`)}
        </h2>
        <p id="check-step-needs" className="text-sm leading-relaxed text-slate-700">
          {t(`needs.${current}`)}
        </p>
        <Step key={current} onDone={finish} />
        <button
          type="button"
          onClick={() => finish("skipped")}
          className="mx-auto min-h-11 px-4 text-sm font-semibold text-slate-600 underline"
          data-testid="check-skip"
        >
          {t("page.skip")}
        </button>
      </section>
    );
  }
  return (
    <Summary
      lang={lang}
      progress={progress}
      link={link}
      fetcher={fetcher}
      headingRef={heading}
      onRestart={() => update(null)}
    />
  );
}

function ClaimForm({
  claimed,
  onChange,
  modelNames,
  lang,
  resumable,
  onResume,
  onStart,
}: {
  claimed: CheckResult["claimed"];
  onChange: (claimed: CheckResult["claimed"]) => void;
  modelNames: { brandCode: string; name: string }[];
  lang: Locale;
  resumable: Progress | null;
  onResume: () => void;
  onStart: () => void;
}) {
  const t = useTranslations("checks.page");
  const listId = useId();
  const names = modelNames.filter((m) => !claimed.brandCode || m.brandCode === claimed.brandCode);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="check-claim-title">
      {resumable && (
        <div className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="text-sm text-brand-900">{t("resumeNote")}</p>
          <StepButton variant="primary" onClick={onResume} testId="check-resume">
            {t("resume")}
          </StepButton>
        </div>
      )}
      <h2 id="check-claim-title" className="text-lg font-bold text-slate-900">
        {t("claimedTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("claimedLead")}</p>
      <SelectField
        name="claimedBrand"
        label={t("brand")}
        optional
        options={codeOptions(BRANDS, lang)}
        defaultValue={claimed.brandCode ?? ""}
        onChange={(e) => onChange({ ...claimed, brandCode: brandCodeOf(e.target.value) })}
      />
      <div>
        <label htmlFor="claimedModel" className="text-sm font-semibold text-slate-800">
          {t("model")}
        </label>
        <input
          id="claimedModel"
          list={listId}
          maxLength={100}
          value={claimed.model ?? ""}
          onChange={(e) => onChange({ ...claimed, model: e.target.value || null })}
          placeholder={t("modelHint")}
          className="mt-1.5 block h-12 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
        />
        <datalist id={listId}>
          {names.map((m) => (
            <option key={`${m.brandCode}:${m.name}`} value={m.name} />
          ))}
        </datalist>
      </div>
      <StepButton variant={resumable ? "secondary" : "primary"} onClick={onStart} testId="check-start">
        {resumable ? t("restart") : t("start")}
      </StepButton>
    </section>
  );
}

function Summary({
  lang,
  progress,
  link,
  fetcher,
  headingRef,
  onRestart,
}: {
  lang: Locale;
  progress: Progress;
  link: string | null;
  fetcher: ReturnType<typeof useFetcher<SaveAnswer>>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onRestart: () => void;
}) {
  const t = useTranslations("checks");
  const [device, setDevice] = useState<CheckResult["device"] | null>(null);
  const [finishedKey, setFinishedKey] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    readDevice().then(setDevice, () => setDevice(null));
    setFinishedKey(deviceKey());
  }, []);
  const result: CheckResult | null =
    device && finishedKey
      ? {
          tests: progress.tests as CheckResult["tests"],
          displayDefects: progress.displayDefects,
          battery: progress.battery,
          network: progress.network ?? { online: navigator.onLine, type: null },
          device,
          claimed: progress.claimed,
          startedAt: progress.startedAt,
          deviceKeys: { started: progress.startedKey, finished: finishedKey },
          otherDeviceConfirmed: confirmed,
        }
      : null;
  const otherDevice = finishedKey !== null && finishedKey !== progress.startedKey;
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data?.errors ?? {};
  const problem = fetcher.data?.formError ?? Object.values(errors)[0];
  return (
    <section className="flex flex-col gap-5" aria-labelledby="check-summary-title">
      <h2
        id="check-summary-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none"
        data-testid="check-summary"
      >
        {t("page.summaryTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("page.summaryLead")}</p>
      <OutcomeList tests={progress.tests} />
      {progress.displayDefects.length > 0 && (
        <p className="text-sm text-danger-600">
          {progress.displayDefects.map((d) => t(`displayDefects.${d}`)).join(lang === "ja" ? "、" : ", ")}
        </p>
      )}
      <DeviceFacts
        claimed={progress.claimed}
        device={device}
        mismatch={result !== null && claimMismatch(result)}
        lang={lang}
      />
      <NotTested />
      {otherDevice && (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand-600"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
          {t("page.otherDeviceConfirm")}
        </label>
      )}
      <FormError message={problem} />
      <StepButton
        variant="primary"
        disabled={!result || busy}
        testId="check-save"
        onClick={() => {
          if (!result) return;
          fetcher.submit({ result: JSON.stringify(result), link: link ?? "" }, { method: "post" });
        }}
      >
        {busy ? t("page.saving") : t("page.save")}
      </StepButton>
      <StepButton onClick={onRestart}>{t("page.restart")}</StepButton>
    </section>
  );
}

function Saved({
  lang,
  id,
  returnTo,
  viaLink,
  headingRef,
}: {
  lang: Locale;
  id: string;
  returnTo: string | null;
  viaLink: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const t = useTranslations("checks.page");
  const navigate = useNavigate();
  return (
    <section className="flex flex-col gap-4 text-center" aria-labelledby="check-saved-title">
      <h2
        id="check-saved-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-emerald-800 outline-none"
        data-testid="check-saved"
      >
        {t("savedTitle")}
      </h2>
      <p className="text-sm text-slate-700">
        {t("savedId")}:{" "}
        <span className="font-mono text-lg font-bold tracking-wider" data-testid="check-report-id">
          {id}
        </span>
      </p>
      {viaLink && (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">{t("backToLinkedScreen")}</p>
      )}
      {returnTo && (
        <button
          type="button"
          onClick={() => {
            // Opened beside the form: closing this tab shows the form, which has picked the report
            // up already. A tab the browser will not close goes to the form with the report chosen.
            window.close();
            setTimeout(() => navigate(`${returnTo}?check=${id}`), 300);
          }}
          className="flex min-h-12 items-center justify-center rounded-full bg-brand-600 px-5 font-semibold text-white"
          data-testid="check-back-to-sell"
        >
          {t("backToSell")}
        </button>
      )}
      {/* Through a QR code this device is not signed in: the report is its member's to see. */}
      {!viaLink && (
        <Link
          to={`/${lang}/checks/${id}/`}
          className="flex min-h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800"
          data-testid="check-view-report"
        >
          {t("viewReport")}
        </Link>
      )}
    </section>
  );
}
