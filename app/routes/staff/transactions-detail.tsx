import { type ReactNode, useId, useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { useTranslations } from "use-intl";
import { formatAddress } from "#core/account/address-format.ts";
import { SHIPPING_METHODS } from "#core/catalog/codes.ts";
import type { Locale } from "#core/shared/locale.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { authorize } from "#core/staff/authorize.ts";
import { OFFICE_STEP_NAMES, type OfficeStep, parseOfficeReason } from "#core/trading/office-rules.ts";
import { claimOfficeTransaction, takeOfficeStep } from "#core/trading/office-steps.ts";
import {
  getOfficeTransaction,
  type OfficeAddress,
  type OfficeTransactionView,
  type TimelineEntry,
} from "#core/trading/office-transactions.ts";
import { useAge } from "../../components/staff/age.ts";
import { AlertDialog } from "../../components/staff/alert-dialog.tsx";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, orNotFound, pathIdOf, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transactions-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("office.list.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "transactions:read");
  const transactionId = pathIdOf(params);
  const view = await orNotFound(() => getOfficeTransaction(core(context), { actor, transactionId }));
  const assignees = view.queue?.canClaim
    ? await queueOperators(core(context), { actor, queue: "transactions" })
    : [];
  return { view, assignees };
}

const FLASH: Record<OfficeStep, FlashKey> = {
  hold: "office.flash.held",
  release: "office.flash.released",
  cancel: "office.flash.canceled",
  complete: "office.flash.completed",
};

/**
 * The office's steps on one transaction. The page shows only the steps the operator may take, but
 * whatever is posted goes to the core, which checks the roles again: a forged step gets 403 and
 * changes nothing. Cancelling with a refund asks for confirmation first (a dialog with JavaScript,
 * a confirmation panel without).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "transactions:read");
  const transactionId = pathIdOf(params);
  const here = `/${lang}/staff/transactions/${transactionId}/`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const reason = String(form.get("reason") ?? "");
  const ctx = core(context);
  const meta = requestMeta(context);
  try {
    if (intent === "claim") {
      await claimOfficeTransaction(ctx, { actor, transactionId, meta });
      return redirectWithFlash(context, here, "office.flash.claimed");
    }
    if (intent === "reveal") {
      const view = await getOfficeTransaction(ctx, { actor, transactionId, revealAddress: true, meta });
      return { revealed: view.shipping.address };
    }
    const step = OFFICE_STEP_NAMES.find((s) => s === intent);
    if (!step) throw data("Bad request", { status: 400 });
    if (step === "cancel" && form.get("confirm") !== "1") {
      // Nothing changes yet: the operator confirms what the refund does first.
      await authorize(ctx, actor, "transactions:cancel");
      return { confirmCancel: { reason: parseOfficeReason({ reason }) } };
    }
    await takeOfficeStep(ctx, { actor, transactionId, step, input: { reason }, meta });
    return redirectWithFlash(context, here, FLASH[step]);
  } catch (error) {
    return formFailure(error, lang, { intent, reason });
  }
}

type Labels = {
  state: (code: string | null) => string;
  payment: (code: string | null) => string;
};

/** State names in the page's language (the raw code for one the catalogue does not know). */
function useLabels(): Labels {
  const codes = useTranslations("codes.transactionState");
  const t = useTranslations("office.paymentStates");
  return {
    state: (code) => (code && codes.has(code as "START") ? codes(code as "START") : (code ?? "—")),
    payment: (code) => (code && t.has(code as "COMPLETED") ? t(code as "COMPLETED") : (code ?? "—")),
  };
}

export default function StaffTransaction({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("office");
  const lang = langOf(params);
  const labels = useLabels();
  const { view } = loaderData;
  const result = (actionData ?? {}) as {
    values?: Record<string, string>;
    errors?: Record<string, string>;
    formError?: string;
    revealed?: OfficeAddress;
    confirmCancel?: { reason: string };
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to={`/${lang}/staff/transactions/`}
          className="self-start text-sm text-brand-700 underline underline-offset-2"
        >
          {t("detail.back")}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{t("detail.title", { id: view.id })}</h1>
          <StateBadge state={view.state} label={labels.state(view.state)} />
        </div>
        <p className="text-sm text-slate-700">{view.item.title}</p>
      </div>
      {result.formError && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 text-sm text-danger-700"
          data-testid="form-error"
        >
          {result.formError}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Summary view={view} lang={lang} labels={labels} />
          <Shipping view={view} revealed={result.revealed} />
          <Payments view={view} lang={lang} labels={labels} />
        </div>
        <aside className="flex flex-col gap-6 lg:row-span-2">
          {view.queue && <QueueBox view={view} lang={lang} assignees={loaderData.assignees} />}
          <Steps view={view} lang={lang} result={result} />
        </aside>
        <Timeline entries={view.timeline} lang={lang} labels={labels} />
      </div>
    </div>
  );
}

function StateBadge({ state, label }: { state: string; label: string }) {
  const tone =
    state === "PENDING"
      ? "bg-amber-100 text-amber-900"
      : state === "COMPLETED"
        ? "bg-emerald-100 text-emerald-800"
        : state === "CANCELED" || state === "INVALID"
          ? "bg-slate-200 text-slate-700"
          : "bg-brand-50 text-brand-800";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-bold ${tone}`} data-testid="transaction-state">
      {label}
    </span>
  );
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 sm:grid-cols-[11rem_1fr]">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Summary({ view, lang, labels }: { view: OfficeTransactionView; lang: "ja" | "en"; labels: Labels }) {
  const t = useTranslations("office.detail");
  const member = (p: { id: number; nickname: string }) => (
    <>
      {p.nickname} <span className="text-xs text-slate-500">{t("memberId", { id: p.id })}</span>
    </>
  );
  return (
    <Card title={t("summary")} id="summary-title">
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("state")}>{labels.state(view.state)}</Row>
        {view.heldFrom && <Row label={t("heldFrom")}>{labels.state(view.heldFrom)}</Row>}
        <Row label={t("item")}>
          {view.item.title} <span className="text-xs text-slate-500">({view.item.id})</span>
        </Row>
        {view.item.price !== null && <Row label={t("listedPrice")}>{formatYen(view.item.price, lang)}</Row>}
        <Row label={t("price")}>{formatYen(view.amounts.price, lang)}</Row>
        <Row label={t("fee")}>{formatYen(view.amounts.fee, lang)}</Row>
        <Row label={t("proceeds")}>{formatYen(view.amounts.proceeds, lang)}</Row>
        <Row label={t("paymentMethod")}>{view.paymentMethod === "card" ? t("card") : t("points")}</Row>
        <Row label={t("buyer")}>{member(view.buyer)}</Row>
        <Row label={t("seller")}>{member(view.seller)}</Row>
        <Row label={t("createdAt")}>{formatDate(view.createdAt, lang, true)}</Row>
        {view.shippedAt && <Row label={t("shippedAt")}>{formatDate(view.shippedAt, lang, true)}</Row>}
        {view.completedAt && <Row label={t("completedAt")}>{formatDate(view.completedAt, lang, true)}</Row>}
      </dl>
    </Card>
  );
}

function Shipping({ view, revealed }: { view: OfficeTransactionView; revealed: OfficeAddress | undefined }) {
  const t = useTranslations("office");
  const codes = useTranslations("codes");
  const method = SHIPPING_METHODS.find((m) => m.code === view.shipping.method);
  const address = revealed ?? view.shipping.address;
  const prefecture = codes.has(`prefecture.${address.prefectureCode as "13"}`)
    ? codes(`prefecture.${address.prefectureCode as "13"}`)
    : address.prefectureCode;
  const { shipment } = view.shipping;
  return (
    <Card title={t("detail.shipping")} id="shipping-title">
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("detail.shippingMethod")}>
          {method ? codes(`shippingMethod.${method.code}`) : view.shipping.method}
        </Row>
        <Row label={t("detail.postage")}>
          {codes.has(`postage.${view.shipping.postage as "INCLUDED"}`)
            ? codes(`postage.${view.shipping.postage as "INCLUDED"}`)
            : view.shipping.postage}
        </Row>
        <Row label={t("detail.address")}>
          <span data-testid="shipping-address">
            {revealed ? (
              <>
                {address.name}
                <br />
                {formatAddress({
                  ...address,
                  postalCode: address.postalCode ?? "",
                  street: address.street ?? "",
                })}
                <br />
                {address.phone}
              </>
            ) : (
              `${prefecture}${address.city}`
            )}
          </span>
          {revealed ? (
            <p className="mt-1 text-xs text-slate-500">{t("flash.addressShown")}</p>
          ) : (
            <>
              <p className="mt-1 text-xs text-slate-500">{t("detail.addressMasked")}</p>
              {view.shipping.canRevealAddress && (
                <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="reveal" />
                  <button
                    type="submit"
                    className="rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-50"
                  >
                    {t("detail.revealAddress")}
                  </button>
                  <span className="text-xs text-slate-500">{t("detail.revealNote")}</span>
                </Form>
              )}
            </>
          )}
        </Row>
        {shipment ? (
          <>
            {shipment.invoiceNumber && <Row label={t("detail.invoiceNumber")}>{shipment.invoiceNumber}</Row>}
            {shipment.trackingNumber && (
              <Row label={t("detail.trackingNumber")}>{shipment.trackingNumber}</Row>
            )}
          </>
        ) : (
          <Row label={t("detail.shippedAt")}>{t("detail.notShipped")}</Row>
        )}
      </dl>
    </Card>
  );
}

function Payments({
  view,
  lang,
  labels,
}: {
  view: OfficeTransactionView;
  lang: "ja" | "en";
  labels: Labels;
}) {
  const t = useTranslations("office.detail");
  return (
    <Card title={t("payments")} id="payments-title">
      {view.payments.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noPayments")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t("paymentId")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("paymentState")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("amount")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("provider")}
                </th>
                <th scope="col" className="py-1">
                  {t("paymentCreatedAt")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {view.payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-1.5 pr-3">{p.id}</td>
                  <td className="py-1.5 pr-3" data-testid={`payment-state-${p.id}`}>
                    {labels.payment(p.state)}
                  </td>
                  <td className="py-1.5 pr-3">{formatYen(p.amount, lang)}</td>
                  <td className="py-1.5 pr-3">{p.provider}</td>
                  <td className="py-1.5 whitespace-nowrap">{formatDate(p.createdAt, lang, true)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function QueueBox({
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
function Steps({
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

/** One value of a before/after pair, short and readable. */
function show(value: unknown, none: string): string {
  if (value === null || value === undefined || value === "") return none;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** Everything that happened, oldest first: state changes, payments, messages and the office's records. */
function Timeline({
  entries,
  lang,
  labels,
}: {
  entries: TimelineEntry[];
  lang: "ja" | "en";
  labels: Labels;
}) {
  const t = useTranslations("office");
  const who = (actor: { role: string; nickname: string | null }) => {
    const role = t.has(`actorRoles.${actor.role as "buyer"}`)
      ? t(`actorRoles.${actor.role as "buyer"}`)
      : actor.role;
    return actor.nickname
      ? t("timeline.byNamed", { role, name: actor.nickname })
      : t("timeline.by", { role });
  };
  const label = (prefix: "actions" | "paymentActions" | "auditActions", key: string) =>
    t.has(`${prefix}.${key}` as "actions.hold") ? t(`${prefix}.${key}` as "actions.hold") : key;
  return (
    <section
      aria-labelledby="timeline-title"
      className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="timeline-title" className="mb-3 text-lg font-bold">
        {t("detail.timeline")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.timelineEmpty")}</p>
      ) : (
        <ol className="relative flex flex-col gap-4 border-l border-slate-200 pl-4" data-testid="timeline">
          {entries.map((e) => (
            <li key={`${e.kind}-${e.id}`} className="text-sm" data-kind={e.kind}>
              <span
                aria-hidden="true"
                className={`absolute -left-[5px] mt-1.5 size-2.5 rounded-full ${
                  e.kind === "audit"
                    ? "bg-amber-500"
                    : e.kind === "message"
                      ? "bg-sky-500"
                      : e.kind === "payment"
                        ? "bg-emerald-500"
                        : "bg-brand-600"
                }`}
              />
              <p className="text-xs text-slate-500">
                <time dateTime={new Date(e.at).toISOString()}>{formatDate(e.at, lang, true)}</time>
              </p>
              {e.kind === "state" && (
                <>
                  <p className="font-semibold">
                    {e.from
                      ? t("timeline.state", { from: labels.state(e.from), to: labels.state(e.to) })
                      : t("timeline.created", { to: labels.state(e.to) })}
                    <span className="ml-2 font-normal text-slate-600">{label("actions", e.action)}</span>
                  </p>
                  <p className="text-slate-600">{who(e.actor)}</p>
                </>
              )}
              {e.kind === "payment" && (
                <>
                  <p className="font-semibold">
                    {e.from
                      ? t("timeline.payment", {
                          id: e.paymentId,
                          from: labels.payment(e.from),
                          to: labels.payment(e.to),
                        })
                      : t("timeline.paymentCreated", { id: e.paymentId, to: labels.payment(e.to) })}
                    <span className="ml-2 font-normal text-slate-600">
                      {label("paymentActions", e.action)}
                    </span>
                  </p>
                  <p className="text-slate-600">{who(e.actor)}</p>
                </>
              )}
              {e.kind === "message" && (
                <>
                  <p className="font-semibold">
                    {t("timeline.message", { side: t(`actorRoles.${e.side}`), name: e.sender.nickname })}
                  </p>
                  <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap">
                    {e.body}
                  </p>
                </>
              )}
              {e.kind === "audit" && (
                <>
                  <p className="font-semibold text-amber-900">
                    {t("auditTitle", {
                      action: label("auditActions", e.action),
                      name: e.actor.nickname ?? String(e.actor.id ?? "—"),
                    })}
                  </p>
                  {Object.keys(e.changes).length > 0 && (
                    <ul className="mt-1 text-xs text-slate-600">
                      {Object.entries(e.changes).map(([field, [before, after]]) => (
                        <li key={field} className="break-all">
                          {t("timeline.change", {
                            field,
                            before: show(before, t("timeline.none")),
                            after: show(after, t("timeline.none")),
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
              {(e.kind === "state" || e.kind === "payment" || e.kind === "audit") && e.reason && (
                <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">
                  {t("timeline.reason", { reason: e.reason })}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
