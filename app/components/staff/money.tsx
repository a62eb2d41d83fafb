import type { ReactNode } from "react";
import type { StateStep } from "#core/money/payouts/office-payout-rows.ts";
import type { PayoutState } from "#core/money/payouts/payout-states.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { Row as CardRow } from "./card.tsx";

type RunState = "PREPARED" | "SENT" | "DISCARDED";

const PAYOUT_BADGES: Record<PayoutState, string> = {
  AWAITING_APPROVAL: "bg-amber-100 text-amber-900",
  READY: "bg-sky-100 text-sky-900",
  BATCHED: "bg-sky-100 text-sky-900",
  SENT: "bg-emerald-100 text-emerald-800",
  ISSUED: "bg-sky-100 text-sky-900",
  PAID: "bg-emerald-100 text-emerald-800",
  FAILED: "bg-red-100 text-danger-700",
  EXPIRED: "bg-slate-200 text-slate-700",
  CANCELED: "bg-slate-200 text-slate-700",
  REJECTED: "bg-red-100 text-danger-700",
};
const RUN_BADGES: Record<RunState, string> = {
  PREPARED: "bg-amber-100 text-amber-900",
  SENT: "bg-emerald-100 text-emerald-800",
  DISCARDED: "bg-slate-200 text-slate-700",
};

/** A payout's state as a labelled badge (the words carry the meaning; the colour only helps). */
export function PayoutStateBadge({ state, testId }: { state: PayoutState; testId?: string }) {
  const t = useTranslations("officeMoney.states");
  return (
    <span
      className={`inline-block w-fit rounded px-2 py-0.5 text-xs font-bold whitespace-nowrap ${PAYOUT_BADGES[state]}`}
      data-testid={testId}
    >
      {t(state)}
    </span>
  );
}

export function RunStateBadge({ state, testId }: { state: RunState; testId?: string }) {
  const t = useTranslations("officeMoney.runStates");
  return (
    <span
      className={`inline-block w-fit rounded px-2 py-0.5 text-xs font-bold whitespace-nowrap ${RUN_BADGES[state]}`}
      data-testid={testId}
    >
      {t(state)}
    </span>
  );
}

/** One label and its value in a card's description list. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <CardRow label={label} className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 sm:grid-cols-[11rem_1fr]">
      {children}
    </CardRow>
  );
}

/** A row's state history, oldest first: when, from → to, who, why. */
export function StateHistory({
  steps,
  lang,
  label,
}: {
  steps: StateStep[];
  lang: Locale;
  label: (state: string) => string;
}) {
  const t = useTranslations("officeMoney");
  const actors = useTranslations("officeMoney.actors");
  if (steps.length === 0) return <p className="text-sm text-slate-600">{t("common.noHistory")}</p>;
  const role = (r: string) => (r === "member" || r === "operator" || r === "system" ? actors(r) : r);
  return (
    <ol className="flex flex-col divide-y divide-slate-100 text-sm" data-testid="state-history">
      {steps.map((s) => (
        <li key={s.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
          <span className="shrink-0 text-slate-600 tabular-nums sm:w-40">{formatDate(s.at, lang, true)}</span>
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="font-semibold">
              {s.from
                ? t("common.historyStep", { from: label(s.from), to: label(s.to) })
                : `${t("common.created")}: ${label(s.to)}`}
            </span>
            <span className="text-xs text-slate-600">
              {t("common.by", { actor: s.actor ?? "—", role: role(s.actorRole) })}
            </span>
            {s.reason && <span className="text-xs break-words whitespace-pre-wrap">{s.reason}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The reason an office step asks for: a labelled textarea, kept as typed, its error beside it. */
export function ReasonField({
  id,
  label,
  hint,
  error,
  defaultValue,
  maxLength = 500,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  defaultValue: string | undefined;
  maxLength?: number;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={3}
        required
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`block w-full rounded-lg border p-3 text-sm ${error ? "border-danger-600" : "border-slate-300"}`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600" data-testid="error-reason">
          {error}
        </p>
      )}
    </div>
  );
}
