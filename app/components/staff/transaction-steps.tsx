import { useId, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import type { OfficeStep } from "#core/trading/office-rules.ts";
import type { OfficeTransactionView } from "#core/trading/office-transactions.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { useAge } from "./age.ts";
import { AlertDialog } from "./alert-dialog.tsx";
import { AssignForm } from "./assign-form.tsx";

export function QueueBox({
  view,
  lang,
  assignees,
}: {
  view: OfficeTransactionView;
  lang: Locale;
  assignees: { id: number; nickname: string }[];
}) {
  const t = useTranslations("office");
  const age = useAge();
  const queue = view.queue!;
  return (
    <section
      aria-labelledby="queue-title"
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ${queue.overdue ? "ring-2 ring-danger-500" : "ring-slate-200"}`}
    >
      <h2 id="queue-title" className="font-bold">
        {t("detail.queue")}
      </h2>
      <p className={`mt-1 text-sm ${queue.overdue ? "font-bold text-danger-700" : "text-slate-700"}`}>
        {t("detail.waiting", { age: age(queue.ageMs) })}
        {queue.overdue && ` ・ ${t("list.overdue")}`}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="claimed-by">
        {queue.claim ? t("detail.claimedBy", { name: queue.claim.nickname }) : t("list.unclaimed")}
      </p>
      {!queue.claim && queue.canClaim && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="claim" />
          <button
            type="submit"
            className="rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("list.claim")}
          </button>
        </Form>
      )}
      <div className="mt-3">
        <AssignForm
          lang={lang}
          queue="transactions"
          itemId={view.id}
          operators={assignees}
          current={queue.claim?.operatorId ?? null}
          back={`/${lang}/staff/transactions/${view.id}/`}
        />
      </div>
    </section>
  );
}

type StepResult = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  confirmCancel?: { reason: string };
};

/** One form per step the operator may take now: a reason and a button. */
export function Steps({
  view,
  lang,
  result,
}: {
  view: OfficeTransactionView;
  lang: "ja" | "en";
  result: StepResult;
}) {
  const t = useTranslations("office");
  const [pendingCancel, setPendingCancel] = useState<string | null>(null);
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const refund = formatYen(view.amounts.price, lang);
  const confirmCancel = (reason: string) =>
    submit({ intent: "cancel", reason, confirm: "1" }, { method: "post" });
  return (
    <section
      aria-labelledby="steps-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="steps-title" className="text-lg font-bold">
        {t("detail.steps")}
      </h2>
      {result.confirmCancel ? (
        // Without JavaScript the confirmation is a page of its own; with it, the dialog below.
        <div
          role="alertdialog"
          aria-labelledby="confirm-title"
          className="rounded-xl bg-red-50 p-4 ring-1 ring-danger-500/40"
        >
          <h3 id="confirm-title" className="font-bold text-danger-700">
            {t("confirm.title")}
          </h3>
          <p className="mt-2 text-sm">{t("confirm.body", { amount: refund })}</p>
          <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">
            {t("confirm.reason", { reason: result.confirmCancel.reason })}
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="confirm" value="1" />
            <input type="hidden" name="reason" value={result.confirmCancel.reason} />
            <button
              type="submit"
              disabled={busy}
              className="rounded-full bg-danger-600 px-4 py-2 text-sm font-semibold text-white hover:bg-danger-700 disabled:opacity-60"
            >
              {t("confirm.confirm")}
            </button>
            <Link
              to={`/${lang}/staff/transactions/${view.id}/`}
              className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            >
              {t("confirm.back")}
            </Link>
          </Form>
        </div>
      ) : view.steps.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-steps">
          {t("detail.noSteps")}
        </p>
      ) : (
        view.steps.map((step) => (
          <StepForm
            key={step}
            step={step}
            values={result.values?.intent === step ? result.values : undefined}
            error={result.values?.intent === step ? result.errors?.reason : undefined}
            busy={busy}
            onCancel={step === "cancel" ? setPendingCancel : undefined}
          />
        ))
      )}
      <AlertDialog
        title={t("confirm.title")}
        isOpen={pendingCancel !== null}
        onOpenChange={(open) => !open && setPendingCancel(null)}
        actions={(close) => (
          <>
            <button
              type="button"
              onClick={close}
              className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            >
              {t("confirm.back")}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                const reason = pendingCancel ?? "";
                close();
                void confirmCancel(reason);
              }}
              className="rounded-full bg-danger-600 px-4 py-2 text-sm font-semibold text-white hover:bg-danger-700 disabled:opacity-60"
              data-testid="confirm-cancel"
            >
              {t("confirm.confirm")}
            </button>
          </>
        )}
      >
        <p className="mt-2 text-sm">{t("confirm.body", { amount: refund })}</p>
        <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">
          {t("confirm.reason", { reason: pendingCancel ?? "" })}
        </p>
      </AlertDialog>
    </section>
  );
}

function StepForm({
  step,
  values,
  error,
  busy,
  onCancel,
}: {
  step: OfficeStep;
  values: Record<string, string> | undefined;
  error: string | undefined;
  busy: boolean;
  /** For the refund: with JavaScript, ask in a dialog before sending. */
  onCancel: ((reason: string) => void) | undefined;
}) {
  const t = useTranslations("office");
  const id = useId();
  const danger = step === "cancel";
  return (
    <Form
      method="post"
      className="flex flex-col gap-2 border-t border-slate-100 pt-4 first-of-type:border-0 first-of-type:pt-0"
      aria-labelledby={`${id}-title`}
      data-testid={`step-${step}`}
      onSubmit={
        onCancel
          ? (event) => {
              event.preventDefault();
              onCancel(String(new FormData(event.currentTarget).get("reason") ?? "").trim());
            }
          : undefined
      }
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t(`steps.${step}`)}
      </h3>
      <p className="text-xs text-slate-600">{t(`stepHelp.${step}`)}</p>
      <input type="hidden" name="intent" value={step} />
      <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-slate-800">
        {t("fields.reason")}
      </label>
      <textarea
        id={`${id}-reason`}
        name="reason"
        required
        maxLength={500}
        rows={3}
        defaultValue={values?.reason ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${error ? "border-danger-600" : "border-slate-300"}`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t("detail.reasonHint")}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600" data-testid={`error-${step}`}>
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className={`h-10 rounded-full px-5 text-sm font-semibold text-white disabled:opacity-60 ${danger ? "bg-danger-600 hover:bg-danger-700" : "bg-brand-600 hover:bg-brand-700"}`}
      >
        {t(`steps.${step}`)}
      </button>
    </Form>
  );
}
