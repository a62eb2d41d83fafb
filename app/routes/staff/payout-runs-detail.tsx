import { data, Link } from "react-router";
import { discardPayoutRun } from "#core/money/payouts/discard-payout-run.ts";
import { getPayoutRun, type PayoutRunDetail } from "#core/money/payouts/get-payout-run.ts";
import { markPayoutRunSent } from "#core/money/payouts/pay-out-to-bank.ts";
import { recordBankReturn } from "#core/money/payouts/record-bank-return.ts";
import { authorize } from "#core/staff/authorize.ts";
import { FormError } from "../../components/form.tsx";
import { Card } from "../../components/staff/card.tsx";
import { DataTable } from "../../components/staff/data-table.tsx";
import { PayoutStateBadge, Row, RunStateBadge, StateHistory } from "../../components/staff/money.tsx";
import {
  type Confirmable,
  type Result,
  ReturnForm,
  RunActions,
} from "../../components/staff/payout-run-actions.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  readForm,
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
  const values = formValues(await readForm(request), ["intent", "confirm", "payoutId", "reason"]);
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
        <Card id="summary-title" title={t("run.summary")}>
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
        </Card>
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

      <Card id="run-history-title" title={t("common.history")}>
        <StateHistory
          steps={detail.history}
          lang={lang}
          label={(s) => (t.has(`runStates.${s as "SENT"}`) ? t(`runStates.${s as "SENT"}`) : s)}
        />
      </Card>
    </div>
  );
}
