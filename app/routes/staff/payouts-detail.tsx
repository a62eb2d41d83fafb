import { useId } from "react";
import { data, Form, Link } from "react-router";
import { approvePayout } from "#core/money/payouts/approve-payout.ts";
import { getOfficePayout, type OfficePayoutDetail } from "#core/money/payouts/get-office-payout.ts";
import { recordBankReturn } from "#core/money/payouts/record-bank-return.ts";
import { rejectPayout } from "#core/money/payouts/reject-payout.ts";
import type { Locale } from "#core/shared/locale.ts";
import { queueNeighbours } from "#core/staff/queue-neighbours.ts";
import { FormError } from "../../components/form.tsx";
import { Card } from "../../components/staff/card.tsx";
import { PayoutStateBadge, ReasonField, Row, StateHistory } from "../../components/staff/money.tsx";
import { QueueStepper } from "../../components/staff/queue-stepper.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
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
import type { Route } from "./+types/payouts-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("officeMoney.payouts.title", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "payouts:read");
  const payoutId = pathIdOf(params);
  const queue = await queueNeighbours(core(context), { actor, queue: "payouts", id: payoutId });
  return {
    queue,
    detail: await orNotFound(() => getOfficePayout(core(context), { actor, payoutId })),
  };
}

/**
 * Finance's steps on one payout: approve (the first of two approvals, or the second that releases
 * it), reject with a reason, or record the bank's return of a sent transfer. The core checks the
 * roles and the state again; what it refuses (the same operator approving twice) is said on the
 * page and nothing changes.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "payouts:read");
  const payoutId = pathIdOf(params);
  const values = formValues(await readForm(request), ["intent", "reason"]);
  const ctx = core(context);
  const meta = requestMeta(context);
  const here = `/${lang}/staff/payouts/${payoutId}/`;
  try {
    await orNotFound(() => getOfficePayout(ctx, { actor, payoutId }));
    switch (values.intent) {
      case "approve": {
        const after = await approvePayout(ctx, actor, { payoutId, meta });
        return redirectWithFlash(
          context,
          here,
          after.state === "AWAITING_APPROVAL"
            ? "officeMoney.flash.approvedFirst"
            : "officeMoney.flash.approved",
        );
      }
      case "reject":
        await rejectPayout(ctx, actor, { payoutId, reason: values.reason, meta });
        return redirectWithFlash(context, here, "officeMoney.flash.rejected");
      case "return":
        await recordBankReturn(ctx, actor, { payoutId, reason: values.reason, meta });
        return redirectWithFlash(context, here, "officeMoney.flash.returned");
      default:
        throw data("Bad request", { status: 400 });
    }
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function StaffPayout({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("officeMoney");
  const lang = langOf(params);
  const { detail } = loaderData;
  const { payout } = detail;
  const failed = actionData?.values?.intent;
  const anyStep = detail.canApprove || detail.canReject || detail.canReturn;
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/payouts/`} className="self-start py-2 text-sm text-brand-700 underline">
        {t("payout.back")}
      </Link>
      <QueueStepper nav={loaderData.queue} base={`/${lang}/staff/payouts/`} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("payout.title", { id: String(payout.id) })}</h1>
        <PayoutStateBadge state={payout.state} testId="payout-state" />
      </div>
      {(!failed || failed === "approve") && <FormError message={actionData?.formError} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Overview detail={detail} lang={lang} />
          <Destination detail={detail} />
          <Card id="history-title" title={t("common.history")}>
            <StateHistory
              steps={detail.history}
              lang={lang}
              label={(s) => (t.has(`states.${s as "READY"}`) ? t(`states.${s as "READY"}`) : s)}
            />
          </Card>
        </div>
        <aside className="flex min-w-0 flex-col gap-4" aria-label={t("payout.steps")}>
          {detail.canApprove && (
            <Form
              method="post"
              className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              data-testid="approve-form"
            >
              <h2 className="text-base font-bold">{t("payout.approveTitle")}</h2>
              <p className="text-xs text-slate-600">{t("payout.approveHint", { count: payout.approvals })}</p>
              {detail.approvedByMe && (
                <p className="rounded-lg bg-amber-50 p-2 text-xs text-amber-900" data-testid="approved-by-me">
                  {t("payout.approvedByMe")}
                </p>
              )}
              <input type="hidden" name="intent" value="approve" />
              <button
                type="submit"
                className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t("payout.approve")}
              </button>
            </Form>
          )}
          {detail.canReject && (
            <StepForm
              intent="reject"
              title={t("payout.rejectTitle")}
              hint={t("payout.rejectHint")}
              button={t("payout.reject")}
              state={failed === "reject" ? actionData : undefined}
            />
          )}
          {detail.canReturn && (
            <StepForm
              intent="return"
              title={t("payout.returnTitle")}
              hint={t("payout.returnHint")}
              button={t("payout.return")}
              state={failed === "return" ? actionData : undefined}
            />
          )}
          {!anyStep && (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="no-steps">
              {t("payout.noSteps")}
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}

function Overview({ detail, lang }: { detail: OfficePayoutDetail; lang: Locale }) {
  const t = useTranslations("officeMoney");
  const { payout } = detail;
  return (
    <Card id="overview-title" title={t("payout.overview")}>
      <dl className="divide-y divide-slate-100 text-sm" data-testid="payout-overview">
        <Row label={t("payout.member")}>
          <Link to={`/${lang}/staff/members/${payout.member.id}/`} className="text-brand-700 underline">
            {payout.member.nickname}
          </Link>{" "}
          <span className="text-xs text-slate-500">
            {t("common.memberId", { id: String(payout.member.id) })}
          </span>
        </Row>
        <Row label={t("payout.method")}>{t(`methods.${payout.method}`)}</Row>
        <Row label={t("payout.amount")}>
          <span className="text-lg font-bold tabular-nums">{formatYen(payout.amount, lang)}</span>
        </Row>
        <Row label={t("payout.fee")}>{formatYen(payout.fee, lang)}</Row>
        <Row label={t("payout.total")}>{formatYen(payout.amount + payout.fee, lang)}</Row>
        <Row label={t("payout.kind")}>{payout.automatic ? t("payout.automatic") : t("payout.requested")}</Row>
        <Row label={t("payout.created")}>{formatDate(payout.createdAt, lang, true)}</Row>
        <Row label={t("payout.approvals")}>
          <span data-testid="payout-approvals">
            {!payout.needsApproval
              ? t("payout.notNeeded")
              : payout.approvers.length === 0
                ? t("payout.noApprovals")
                : t("payout.approvalsValue", {
                    count: payout.approvals,
                    names: payout.approvers.map((a) => a.nickname).join("、"),
                  })}
          </span>
        </Row>
        {payout.run && (
          <Row label={t("payout.run")}>
            <Link to={`/${lang}/staff/payout-runs/${payout.run.id}/`} className="text-brand-700 underline">
              {t("payout.runValue", { id: String(payout.run.id), date: payout.run.transferDate })}
            </Link>
          </Row>
        )}
        {payout.provider && <Row label={t("payout.provider")}>{payout.provider}</Row>}
        {payout.providerRef && (
          <Row label={t("payout.providerRef")}>
            <span className="font-mono text-xs">{payout.providerRef}</span>
          </Row>
        )}
        {payout.expiresAt && (
          <Row label={t("payout.expires")}>{formatDate(payout.expiresAt, lang, true)}</Row>
        )}
        {payout.failureReason && (
          <Row label={t("payout.failureReason")}>
            <span className="font-semibold whitespace-pre-wrap text-danger-700" data-testid="failure-reason">
              {payout.failureReason}
            </span>
          </Row>
        )}
        {payout.completedAt && (
          <Row label={t("payout.completed")}>{formatDate(payout.completedAt, lang, true)}</Row>
        )}
        <Row label={t("payout.lots")}>
          {payout.lots.length === 0 ? (
            t("payout.noLots")
          ) : (
            <ul className="flex flex-col gap-0.5">
              {payout.lots.map((l) => (
                <li key={l.lotId} className="tabular-nums">
                  {t("payout.lot", { id: String(l.lotId) })}: {formatYen(l.amount, lang)}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label={t("payout.updated")}>{formatDate(payout.updatedAt, lang, true)}</Row>
      </dl>
    </Card>
  );
}

function Destination({ detail }: { detail: OfficePayoutDetail }) {
  const t = useTranslations("officeMoney");
  const d = detail.payout.destination;
  const code = (name: string | undefined, c: string | undefined) =>
    [name, c ? `(${c})` : null].filter(Boolean).join(" ");
  const rows: [string, string | undefined][] = [
    [t("payout.bank"), d.bankName || d.bankCode ? code(d.bankName, d.bankCode) : undefined],
    [t("payout.branch"), d.branchName || d.branchCode ? code(d.branchName, d.branchCode) : undefined],
    [
      t("payout.accountType"),
      d.accountType
        ? d.accountType === "2"
          ? t("accountTypes.checking")
          : t("accountTypes.ordinary")
        : undefined,
    ],
    [t("payout.accountNumber"), d.accountNumber ?? d.accountNumberMasked],
    [t("payout.holderName"), d.holderName],
    [t("payout.holderKana"), d.holderKana],
    [t("payout.kyashAccount"), d.accountId],
  ];
  const shown = rows.filter(([, v]) => v);
  return (
    <Card id="destination-title" title={t("payout.destination")}>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{t("payout.noDestination")}</p>
      ) : (
        <dl className="divide-y divide-slate-100 text-sm" data-testid="destination">
          {shown.map(([label, value]) => (
            <Row key={label} label={label}>
              {value}
            </Row>
          ))}
        </dl>
      )}
      {detail.payout.accountMasked && <p className="mt-2 text-xs text-slate-500">{t("payout.maskedNote")}</p>}
    </Card>
  );
}

/** Reject or record a return: a reason (kept as typed on failure) and a button. */
function StepForm({
  intent,
  title,
  hint,
  button,
  state,
}: {
  intent: "reject" | "return";
  title: string;
  hint: string;
  button: string;
  state: FormState | undefined;
}) {
  const t = useTranslations("officeMoney");
  const id = useId();
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid={`${intent}-form`}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-bold">
        {title}
      </h2>
      <p className="text-xs text-slate-600">{hint}</p>
      <FormError message={state?.formError} />
      <input type="hidden" name="intent" value={intent} />
      <ReasonField
        id={`${id}-reason`}
        label={t("common.reason")}
        hint={t("common.reasonHint")}
        error={state?.errors?.reason}
        defaultValue={state?.values?.reason}
      />
      <button
        type="submit"
        className="h-11 rounded-full border border-danger-600 bg-white px-5 text-sm font-semibold text-danger-700 hover:bg-red-50"
      >
        {button}
      </button>
    </Form>
  );
}
