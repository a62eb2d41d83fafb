import type { ReactNode } from "react";
import type { CheckResult } from "#core/checks/report.ts";
import type { CheckOutcome } from "#core/checks/tests.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** What a finished test adds to the result besides its outcome. */
export type StepExtras = Partial<Pick<CheckResult, "displayDefects" | "battery" | "network">>;

/** Every test step's one way out: its outcome, and what it read on the way. */
export type StepProps = { onDone: (outcome: CheckOutcome, extras?: StepExtras) => void };

const BUTTON = "flex min-h-12 w-full items-center justify-center rounded-full px-5 text-base font-semibold";

/** A button of a test step: the filled one answers or starts, the outlined ones are the alternatives. */
export function StepButton({
  children,
  onClick,
  variant = "secondary",
  disabled,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  variant?: "primary" | "secondary" | "danger";
  disabled?: boolean;
  testId?: string;
}) {
  const look =
    variant === "primary"
      ? "bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50"
      : variant === "danger"
        ? "border border-danger-600 bg-white text-danger-600 hover:bg-red-50"
        : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <button
      type="button"
      className={`${BUTTON} ${look}`}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** A short status the screen reader reads out when it changes. */
export function Status({
  children,
  tone = "neutral",
}: {
  children: ReactNode;
  tone?: "neutral" | "good" | "bad";
}) {
  const color = tone === "good" ? "text-emerald-700" : tone === "bad" ? "text-danger-600" : "text-slate-700";
  return (
    <p role="status" aria-live="polite" className={`text-sm font-medium ${color}`}>
      {children}
    </p>
  );
}

/** A test this browser cannot run: said plainly, and recorded as such. */
export function Unsupported({ onDone }: StepProps) {
  const t = useTranslations("checks.page");
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t("unsupported")}</p>
      <StepButton variant="primary" onClick={() => onDone("unsupported")} testId="check-unsupported">
        {t("recordUnsupported")}
      </StepButton>
    </div>
  );
}

/** The question a test ends with when only the member can tell: yes it works, no it does not. */
export function YesNo({
  question,
  yes,
  no,
  onDone,
}: StepProps & { question: string; yes?: string; no?: string }) {
  const t = useTranslations("checks.page");
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold text-slate-900">{question}</legend>
      <StepButton variant="primary" onClick={() => onDone("pass")} testId="check-yes">
        {yes ?? t("yes")}
      </StepButton>
      <StepButton variant="danger" onClick={() => onDone("fail")} testId="check-no">
        {no ?? t("no")}
      </StepButton>
    </fieldset>
  );
}

/** Why a browser refused a device or a permission, in the member's words. */
export function mediaProblem(error: unknown): "permissionDenied" | "deviceMissing" {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  return name === "NotAllowedError" || name === "SecurityError" ? "permissionDenied" : "deviceMissing";
}
