import { type FormEvent, type ReactNode, useId, useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { useTranslations } from "use-intl";
import { discardPayoutRun } from "#core/money/payouts/discard-payout-run.ts";
import { getPayoutRun, type PayoutRunDetail } from "#core/money/payouts/get-payout-run.ts";
import { markPayoutRunSent } from "#core/money/payouts/pay-out-to-bank.ts";
import { recordBankReturn } from "#core/money/payouts/record-bank-return.ts";
import { authorize } from "#core/staff/authorize.ts";
import { FormError } from "../../components/form.tsx";
import { AlertDialog } from "../../components/staff/alert-dialog.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import {
  MoneyCard,
  PayoutStateBadge,
  Row,
  RunStateBadge,
  StateHistory,
} from "../../components/staff/money.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/payout-runs-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("officeMoney.runs.title", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "payouts:read");
  const runId = pathIdOf(params);
  return { detail: await orNotFound(() => getPayoutRun(core(context), { actor, runId })) };
}

type Confirmable = "send" | "discard";
const FLASH: Record<Confirmable, FlashKey> = {
  send: "officeMoney.flash.sent",
  discard: "officeMoney.flash.discarded",
};

/**
 * Mark the run sent or discard it (each confirmed first: a dialog with JavaScript, a panel
 * without), or record the bank's return of one of its sent payouts with a reason.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "payouts:read");
  const runId = pathIdOf(params);
  const values = formValues(await request.formData(), ["intent", "confirm", "payoutId", "reason"]);
  const ctx = core(context);
  const meta = requestMeta(context);
  const here = `/${lang}/staff/payout-runs/${runId}/`;
  try {
    const run = await orNotFound(() => getPayoutRun(ctx, { actor, runId }));
    if (values.intent === "send" || values.intent === "discard") {
      if (values.confirm !== "1") {
        // Nothing changes yet: the operator confirms first.
        await authorize(ctx, actor, "payouts:run");
        return { confirm: values.intent as Confirmable };
      }
      if (values.intent === "send") await markPayoutRunSent(ctx, actor, { runId, meta });
      else await discardPayoutRun(ctx, actor, { runId, meta });
      return redirectWithFlash(context, here, FLASH[values.intent]);
    }
    if (values.intent === "return") {
      // Only a payout of this run: anything else names nothing here.
      const payout = run.payouts.find((p) => String(p.id) === values.payoutId);
      if (!payout) throw data("Page not found", { status: 404 });
      await recordBankReturn(ctx, actor, { payoutId: payout.id, reason: values.reason, meta });
      return redirectWithFlash(context, here, "officeMoney.flash.returned");
    }
    throw data("Bad request", { status: 400 });
  } catch (error) {
    return formFailure(error, lang, {
      intent: values.intent,
      payoutId: values.payoutId,
      reason: values.reason,
    });
  }
}

type Result = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  confirm?: Confirmable;
};

export default function StaffPayoutRun({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("officeMoney");
  const lang = langOf(params);
  const { detail } = loaderData;
  const { run } = detail;
  const result = (actionData ?? {}) as Result;
  const returnFailed = result.values?.intent === "return" ? result.values.payoutId : undefined;
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/payout-runs/`} className="self-start py-2 text-sm text-brand-700 underline">
        {t("run.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("run.title", { id: String(run.id) })}</h1>
        <RunStateBadge state={run.state} testId="run-state" />
      </div>
      {!returnFailed && <FormError message={result.formError} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <MoneyCard id="summary-title" title={t("run.summary")}>
          <dl className="divide-y divide-slate-100 text-sm" data-testid="run-summary">
            <Row label={t("run.transferDate")}>
              <span className="font-semibold tabular-nums">{run.transferDate}</span>
            </Row>
            <Row label={t("run.count")}>{t("runs.count", { count: run.count })}</Row>
            <Row label={t("run.total")}>
              <span className="text-lg font-bold tabular-nums">{formatYen(run.total, lang)}</span>
            </Row>
            <Row label={t("run.preparedBy")}>
              {t("run.byAt", {
                name: run.preparedBy?.nickname ?? "—",
                date: formatDate(run.createdAt, lang, true),
              })}
            </Row>
            {run.sentAt && (
              <Row label={t("run.sentBy")}>
                {t("run.byAt", {
                  name: run.sentBy?.nickname ?? "—",
                  date: formatDate(run.sentAt, lang, true),
                })}
              </Row>
            )}
            <Row label={t("run.file")}>
              <span className="font-mono text-xs break-all">{run.filename}</span>
            </Row>
          </dl>
        </MoneyCard>
        <RunActions detail={detail} lang={lang} result={result} />
      </div>

      <section aria-labelledby="run-payouts-title" className="flex flex-col gap-2">
        <h2 id="run-payouts-title" className="text-lg font-bold">
          {t("run.payouts")}
        </h2>
        <DataTable<PayoutRunDetail["payouts"][number]>
          caption={t("run.payouts")}
          rows={detail.payouts}
          rowKey={(p) => String(p.id)}
          empty={t("run.empty")}
          rowClassName={(p) => (p.state === "FAILED" ? "bg-red-50" : "")}
          columns={[
            {
              id: "id",
              header: t("run.columns.id"),
              cell: (p) => (
                <Link
                  to={`/${lang}/staff/payouts/${p.id}/`}
                  className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2"
                >
                  {p.id}
                </Link>
              ),
            },
            {
              id: "member",
              header: t("run.columns.member"),
              className: "min-w-32",
              cell: (p) => (
                <Link
                  to={`/${lang}/staff/members/${p.member.id}/`}
                  className="break-words text-brand-700 underline underline-offset-2"
                >
                  {p.member.nickname}
                </Link>
              ),
            },
            { id: "bank", header: t("run.columns.bank"), className: "min-w-40", cell: (p) => p.bank || "—" },
            {
              id: "holder",
              header: t("run.columns.holder"),
              className: "whitespace-nowrap font-mono text-xs",
              cell: (p) => p.holderKana || "—",
            },
            {
              id: "amount",
              header: t("run.columns.amount"),
              className: "whitespace-nowrap text-right font-semibold tabular-nums",
              cell: (p) => formatYen(p.amount, lang),
            },
            {
              id: "fee",
              header: t("run.columns.fee"),
              className: "whitespace-nowrap text-right tabular-nums",
              cell: (p) => formatYen(p.fee, lang),
            },
            {
              id: "state",
              header: t("run.columns.state"),
              cell: (p) => (
                <span className="flex flex-col gap-1">
                  <PayoutStateBadge state={p.state} testId={`run-payout-state-${p.id}`} />
                  {p.failureReason && (
                    <span className="text-xs break-words text-danger-700">{p.failureReason}</span>
                  )}
                </span>
              ),
            },
            ...(detail.payouts.some((p) => p.canReturn) || returnFailed
              ? [
                  {
                    id: "return",
                    header: t("run.columns.return"),
                    className: "min-w-64",
                    cell: (p: PayoutRunDetail["payouts"][number]) =>
                      p.canReturn ? (
                        <ReturnForm
                          payoutId={p.id}
                          failed={returnFailed === String(p.id) ? result : undefined}
                        />
                      ) : (
                        "—"
                      ),
                  },
                ]
              : []),
          ]}
        />
      </section>

      <MoneyCard id="run-history-title" title={t("common.history")}>
        <StateHistory
          steps={detail.history}
          lang={lang}
          label={(s) => (t.has(`runStates.${s as "SENT"}`) ? t(`runStates.${s as "SENT"}`) : s)}
        />
      </MoneyCard>
    </div>
  );
}

/** Download, mark sent, discard: each offered only when the run's state and the operator's roles allow. */
function RunActions({
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
function ReturnForm({ payoutId, failed }: { payoutId: number; failed: Result | undefined }) {
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
