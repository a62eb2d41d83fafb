import { data, Link } from "react-router";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { authorize } from "#core/staff/authorize.ts";
import { queueNeighbours } from "#core/staff/queue-neighbours.ts";
import { OFFICE_STEP_NAMES, type OfficeStep, parseOfficeReason } from "#core/trading/office-rules.ts";
import { claimOfficeTransaction, takeOfficeStep } from "#core/trading/office-steps.ts";
import { getOfficeTransaction, type OfficeAddress } from "#core/trading/office-transactions.ts";
import { QueueStepper } from "../../components/staff/queue-stepper.tsx";
import {
  Payments,
  Shipping,
  StateBadge,
  Summary,
  useLabels,
} from "../../components/staff/transaction-cards.tsx";
import { QueueBox, Steps } from "../../components/staff/transaction-steps.tsx";
import { Timeline } from "../../components/staff/transaction-timeline.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  orNotFound,
  pathIdOf,
  readForm,
  redirectWithFlash,
} from "../../lib/request.server.ts";
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
  const queue = await queueNeighbours(core(context), { actor, queue: "transactions", id: transactionId });
  return {
    queue,
    view,
    assignees,
  };
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
  const form = await readForm(request);
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
        <QueueStepper nav={loaderData.queue} base={`/${lang}/staff/transactions/`} />
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
