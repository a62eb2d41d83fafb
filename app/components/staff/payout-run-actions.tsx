import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { PayoutRunDetail } from "#core/money/payouts/get-payout-run.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { AlertDialog } from "./alert-dialog.tsx";

/** The run's steps that ask first. */
export type Confirmable = "send" | "discard";

/** What the run's action answered: a failure (what was typed and what is wrong) or a step to confirm. */
export type Result = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  confirm?: Confirmable;
};

/** Download, mark sent, discard: each offered only when the run's state and the operator's roles allow. */
export function RunActions({
  detail,
  lang,
  result,
}: {
  detail: PayoutRunDetail;
  lang: "ja" | "en";
  result: Result;
}) {
  const t = useTranslations("officeMoney");
  const { run } = detail;
  const [pending, setPending] = useState<Confirmable | null>(null);
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const total = formatYen(run.total, lang);
  const body = (c: Confirmable) =>
    c === "send"
      ? t("run.confirmSendBody", { count: run.count, total })
      : t("run.confirmDiscardBody", { count: run.count });
  const title = (c: Confirmable) => (c === "send" ? t("run.confirmSendTitle") : t("run.confirmDiscardTitle"));
  const ask = (c: Confirmable) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(c);
  };
  const nothing = !detail.canDownload && !detail.canSend && !detail.canDiscard;
  return (
    <section
      aria-labelledby="run-actions-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="run-actions-title" className="text-lg font-bold">
        {t("run.actions")}
      </h2>
      {result.confirm ? (
        // Without JavaScript the confirmation is a panel of its own; with it, the dialog below.
        <div
          role="alertdialog"
          aria-labelledby="confirm-title"
          className="rounded-xl bg-red-50 p-4 ring-1 ring-danger-500/40"
          data-testid="confirm-panel"
        >
          <h3 id="confirm-title" className="font-bold text-danger-700">
            {title(result.confirm)}
          </h3>
          <p className="mt-2 text-sm">{body(result.confirm)}</p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value={result.confirm} />
            <input type="hidden" name="confirm" value="1" />
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-full bg-danger-600 px-4 py-2 text-sm font-semibold text-white hover:bg-danger-700 disabled:opacity-60"
            >
              {t("common.confirm")}
            </button>
            <Link
              to={`/${lang}/staff/payout-runs/${run.id}/`}
              className="flex min-h-11 items-center rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            >
              {t("common.cancel")}
            </Link>
          </Form>
        </div>
      ) : (
        <>
          {detail.canDownload && (
            <div className="flex flex-col gap-1">
              <a
                href={`/${lang}/staff/payout-runs/${run.id}/file/`}
                download={run.filename}
                className="flex h-11 items-center justify-center rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
                data-testid="download-file"
              >
                {t("run.download")}
              </a>
              <p className="text-xs text-slate-500">{t("run.downloadHint")}</p>
            </div>
          )}
          {detail.canSend && (
            <RunStep intent="send" onSubmit={ask("send")} busy={busy} tone="brand" hint={t("run.sendHint")}>
              {t("run.send")}
            </RunStep>
          )}
          {detail.canDiscard && (
            <RunStep
              intent="discard"
              onSubmit={ask("discard")}
              busy={busy}
              tone="danger"
              hint={t("run.discardHint")}
            >
              {t("run.discard")}
            </RunStep>
          )}
          {nothing && <p className="text-sm text-slate-600">{t("payout.noSteps")}</p>}
        </>
      )}
      <AlertDialog
        title={pending ? title(pending) : ""}
        isOpen={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        actions={(close) => (
          <>
            <button
              type="button"
              onClick={close}
              className="min-h-11 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
            >
              {t("common.cancel")}
            </button>
            <button
              type="button"
              disabled={busy}
              data-testid="confirm-run"
              onClick={() => {
                const intent = pending;
                close();
                if (intent) void submit({ intent, confirm: "1" }, { method: "post" });
              }}
              className="min-h-11 rounded-full bg-danger-600 px-4 py-2 text-sm font-semibold text-white hover:bg-danger-700 disabled:opacity-60"
            >
              {t("common.confirm")}
            </button>
          </>
        )}
      >
        <p className="mt-2 text-sm">{pending ? body(pending) : ""}</p>
      </AlertDialog>
    </section>
  );
}

/** A bank's return of one sent transfer: the reason it gave, then record it. */
export function ReturnForm({ payoutId, failed }: { payoutId: number; failed: Result | undefined }) {
  const t = useTranslations("officeMoney");
  const id = useId();
  const error = failed?.errors?.reason ?? failed?.formError;
  return (
    <Form method="post" noValidate className="flex flex-col gap-1" data-testid={`return-form-${payoutId}`}>
      <input type="hidden" name="intent" value="return" />
      <input type="hidden" name="payoutId" value={payoutId} />
      <label htmlFor={`${id}-reason`} className="sr-only">
        {t("run.returnLabel", { id: String(payoutId) })}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-reason`}
          name="reason"
          type="text"
          maxLength={500}
          required
          placeholder={t("common.reason")}
          defaultValue={failed?.values?.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`h-11 min-w-0 flex-1 rounded-lg border px-2 text-sm ${error ? "border-danger-600" : "border-slate-300"}`}
        />
        <button
          type="submit"
          className="h-11 shrink-0 rounded-full border border-danger-600 px-3 text-xs font-semibold text-danger-700 hover:bg-red-50"
        >
          {t("run.returnAction")}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-600" data-testid="error-reason">
          {error}
        </p>
      )}
    </Form>
  );
}

const STEP_TONES = {
  brand: "border-brand-600 text-brand-700 hover:bg-brand-50",
  danger: "border-danger-600 text-danger-700 hover:bg-red-50",
} as const;

/** One of the run's steps (send, discard): a button that asks first, with what it does below it. */
function RunStep({
  intent,
  onSubmit,
  busy,
  tone,
  hint,
  children,
}: {
  intent: "send" | "discard";
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  tone: keyof typeof STEP_TONES;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" onSubmit={onSubmit} className="flex flex-col gap-1" data-testid={`${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        disabled={busy}
        className={`h-11 rounded-full border bg-white px-5 text-sm font-semibold disabled:opacity-60 ${STEP_TONES[tone]}`}
      >
        {children}
      </button>
      <p className="text-xs text-slate-500">{hint}</p>
    </Form>
  );
}
