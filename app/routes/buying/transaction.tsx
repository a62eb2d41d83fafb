import { data, Form, Link } from "react-router";
import { PICKUP_TIME_SLOTS } from "#core/shared/courier.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { cancelTransaction, checkCancelRequest } from "#core/trading/cancel-transaction.ts";
import { renewDropOffCode } from "#core/trading/renew-drop-off-code.ts";
import { checkShipment, shipItem } from "#core/trading/ship-item.ts";
import { formatTrackingNumber, trackingLinks } from "#core/trading/tracking-number.ts";
import { postTransactionMessage } from "#core/trading/transaction-messages.ts";
import {
  CancelSection,
  cancelAgreeCopy,
  cancelRequestCopy,
} from "../../components/buying/cancel-section.tsx";
import { ConfirmPanel, valuesOf } from "../../components/buying/confirm-form.tsx";
import { DropOffCode } from "../../components/buying/drop-off-code.tsx";
import { PickupSpotCard } from "../../components/buying/pickup-spot-card.tsx";
import { PurchaseComplete } from "../../components/buying/purchase-complete.tsx";
import { ShipForm, shipCopy } from "../../components/buying/ship-form.tsx";
import { TradeHeader } from "../../components/buying/trade-header.tsx";
import { TradeSteps } from "../../components/buying/trade-steps.tsx";
import { TransactionSummary } from "../../components/buying/transaction-summary.tsx";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transaction";
import { confirmation, confirmStepOf, loadTransactionPage } from "./transaction.server.ts";

export const meta = titleMeta("buying.transactionTitle");
export const handle = { back: "/mypage/", tab: "mypage" };

const sideOf = (request: Request) =>
  new URL(request.url).pathname.includes("/transactions/seller") ? "seller" : "buyer";

export async function loader(args: Route.LoaderArgs) {
  const { view } = await loadTransactionPage(args, sideOf(args.request));
  return { view };
}

const SHIP_FIELDS = [
  "invoiceKind",
  "parcelSize",
  "shippingType",
  "pickupDate",
  "pickupSlot",
  "packaging",
  "trackingNumber",
  "carrier",
] as const;

/** Steps that cannot be undone: the page asks before it takes them (a dialog, or this answer without JavaScript). */
const ASKS_FIRST = ["ship", "cancel-request", "cancel-agree"];

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const lang = langOf(params);
  const { view, user } = await loadTransactionPage(args, sideOf(request));
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const values: Record<string, string> = {
    intent,
    ...Object.fromEntries(SHIP_FIELDS.map((f) => [f, text(f)])),
    body: text("body"),
    reason: text("reason"),
    note: text("note"),
  };
  const ctx = core(context);
  const here = `/${lang}/items/${view.itemId}/transactions/${view.role === "seller" ? "seller" : "buyer"}/`;
  const step = ASKS_FIRST.includes(intent) ? confirmStepOf(form) : "confirmed";
  // Back from the confirmation: the form again, as it was filled in.
  if (step === "back") return data<FormState>({ values });
  const shipInput = () => {
    const input: Record<string, unknown> = {
      ...Object.fromEntries(SHIP_FIELDS.map((f) => [f, values[f]])),
      handlingNotes: form.getAll("handlingNotes").map(String),
    };
    for (const k of Object.keys(input)) if (input[k] === "") delete input[k];
    return input;
  };
  const cancelRequest = { reason: values.reason, note: values.note };
  try {
    let flash: FlashKey;
    if (intent === "ship") {
      const o = { actor: user, transactionId: view.id, input: shipInput() };
      if (step === "ask") {
        await checkShipment(ctx, o);
        return confirmation(intent, form);
      }
      await shipItem(ctx, o);
      flash = "buying.shipped";
    } else if (intent === "message") {
      await postTransactionMessage(ctx, {
        actor: user,
        transactionId: view.id,
        input: { body: form.get("body") },
      });
      flash = "buying.messageSent";
    } else if (intent === "renew-drop-off") {
      await renewDropOffCode(ctx, { actor: user, transactionId: view.id });
      flash = "buying.dropOffRenewed";
    } else if (intent === "cancel-request") {
      if (step === "ask") {
        await checkCancelRequest(ctx, { actor: user, transactionId: view.id, request: cancelRequest });
        return confirmation(intent, form);
      }
      await cancelTransaction(ctx, {
        actor: user,
        transactionId: view.id,
        step: "request",
        request: cancelRequest,
      });
      flash = "buying.cancelRequested";
    } else if (intent === "cancel-agree" || intent === "cancel-refuse") {
      const agree = intent === "cancel-agree";
      // Only a cancellation that can be agreed to now is asked about; otherwise the core says why not.
      if (agree && step === "ask" && view.actions.includes("agree_cancel")) return confirmation(intent, form);
      await cancelTransaction(ctx, { actor: user, transactionId: view.id, step: agree ? "agree" : "refuse" });
      flash = agree ? "buying.cancelAgreed" : "buying.cancelRefused";
    } else {
      throw data("Bad request", { status: 400 });
    }
    return redirectWithFlash(context, here, flash);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

function StatusLine({ state, role }: { state: string; role: string }) {
  const t = useTranslations("buying");
  const seller = role === "seller";
  const text: Record<string, string> = {
    START: seller ? t("shipNow") : t("waitingShipment"),
    SHIPPING: seller ? t("waitBuyerRating") : t("receiveAndRate"),
    REVIEWED_BY_BUYER: seller ? t("rateBuyer") : t("waitSellerRating"),
    COMPLETED: t("completed"),
    CANCELED: t("canceled"),
    CANCELING: t("canceling"),
    INVALID: t("invalid"),
    PENDING: t("pending"),
    AUTH: t("securePending"),
  };
  return (
    <p className="rounded-lg bg-brand-50 p-4 text-sm font-semibold text-brand-800" data-testid="status-line">
      {text[state]}
    </p>
  );
}

type Answer =
  | (FormState & { confirm?: undefined })
  | { confirm: { intent: string; values: [string, string][] } };

export default function Transaction({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const tc = useTranslations("buying.confirmStep");
  const lang = langOf(params);
  const { view } = loaderData;
  const answer = actionData as Answer | undefined;
  const confirm = answer?.confirm;
  const state = answer && !answer.confirm ? answer : undefined;
  const stateFor = (intent: string) => (state?.values?.intent === intent ? state : undefined);
  const base = `/${lang}/items/${view.itemId}/transactions/${view.role === "seller" ? "seller" : "buyer"}`;
  const can = (action: (typeof view.actions)[number]) => view.actions.includes(action);
  const canRate = can("rate_by_buyer") || can("rate_by_seller");
  const role = view.role === "seller" ? "seller" : "buyer";
  const pickupSlot = PICKUP_TIME_SLOTS.find((s) => s.code === view.shipment?.pickupSlot);
  const confirmCopy =
    confirm &&
    (confirm.intent === "ship"
      ? shipCopy(tc, view, valuesOf(confirm.values), lang)
      : confirm.intent === "cancel-request"
        ? cancelRequestCopy(tc, valuesOf(confirm.values), lang)
        : cancelAgreeCopy(tc));
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("transactionTitle")}
      </h1>
      <TradeHeader view={view} lang={lang} />
      {view.step && <TradeSteps step={view.step} />}
      {view.role === "buyer" && view.state === "START" && (
        <PurchaseComplete
          leadTime={view.leadTime}
          shipBy={view.shipBy}
          atSpot={view.pickupSpot !== null}
          lang={lang}
        />
      )}
      <StatusLine state={view.state} role={view.role} />
      {view.role === "seller" && view.state === "SHIPPING" && (
        <p className="text-sm text-slate-700" data-testid="rate-after-buyer">
          {t("rateAfterBuyer")}
        </p>
      )}
      <FormError message={state?.formError} />
      {confirm && confirmCopy && <ConfirmPanel copy={confirmCopy} values={confirm.values} />}
      {canRate && (
        <Link
          to={`${base}/review/`}
          className="flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
        >
          {view.role === "buyer" ? tc("receipt.confirm") : t("review")}
        </Link>
      )}
      {view.pickupSpot ? (
        <PickupSpotCard spot={view.pickupSpot} role={view.role} />
      ) : (
        <Link to={`${base}/address/`} className="text-sm text-brand-700 underline">
          {t("addressTitle")}
        </Link>
      )}
      {view.dropOff && <DropOffCode {...view.dropOff} lang={lang} />}
      {view.shipment && (
        <div className="rounded-2xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {view.shipment.invoiceNumber && (
              <>
                <dt>{t("invoiceNumber")}</dt>
                <dd data-testid="invoice-number">{view.shipment.invoiceNumber}</dd>
              </>
            )}
            {view.shipment.pickupDate && (
              <>
                <dt>{t("pickupDate")}</dt>
                <dd>
                  {formatDate(view.shipment.pickupDate, lang)}{" "}
                  {pickupSlot && renderMessage(pickupSlot.label, lang)}
                </dd>
              </>
            )}
            {view.shipment.trackingNumber && (
              <>
                <dt>{t("trackingNumber")}</dt>
                <dd data-testid="tracking-number">{formatTrackingNumber(view.shipment.trackingNumber)}</dd>
              </>
            )}
          </dl>
          {trackingLinks(
            view.shippingMethod,
            view.shipment.invoiceNumber ?? view.shipment.trackingNumber,
            view.shipment.carrier,
          ).map((link) => (
            <a
              key={link.carrier}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 flex min-h-11 items-center text-brand-700 underline"
              data-testid={`tracking-link-${link.carrier}`}
            >
              {t(`trackOn.${link.carrier}`)}
            </a>
          ))}
        </div>
      )}
      {can("ship") && !confirm && (
        <ShipForm
          shippingMethod={view.shippingMethod}
          postage={view.postage}
          state={stateFor("ship")}
          lang={lang}
        />
      )}
      {!confirm && (
        <CancelSection
          role={role}
          canRequest={can("request_cancel")}
          canAnswer={can("agree_cancel")}
          cancellation={view.cancellation}
          state={stateFor("cancel-request")}
          lang={lang}
        />
      )}
      <TransactionSummary view={view} lang={lang} />
      <section
        aria-labelledby="messages-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="messages-title" className="font-bold">
          {t("messages")}
        </h2>
        {view.messages.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("noMessages")}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2">
            {view.messages.map((m) => (
              <li key={m.id} className="text-sm">
                <span className="font-semibold">{m.senderNickname}</span>{" "}
                <span className="text-xs text-slate-500">{formatDate(m.createdAt, lang, true)}</span>
                <p className="whitespace-pre-wrap">{m.body}</p>
              </li>
            ))}
          </ol>
        )}
        {!["COMPLETED", "CANCELED", "INVALID"].includes(view.state) && (
          <Form method="post" className="mt-3 flex flex-col gap-2" noValidate>
            <TextField
              name="body"
              label={t("messageLabel")}
              defaultValue={stateFor("message")?.values?.body ?? ""}
              error={stateFor("message")?.errors?.body}
            />
            <SubmitButton name="intent" value="message" variant="secondary">
              {t("send")}
            </SubmitButton>
          </Form>
        )}
      </section>
      <p className="text-sm text-slate-600">
        {t("askSupport")}{" "}
        <Link
          to={`/${lang}/mypage/support/?category=transaction&transaction=${view.id}`}
          className="font-semibold text-brand-700 underline underline-offset-2"
          data-testid="ask-support"
        >
          {t("askSupportLink")}
        </Link>
      </p>
    </section>
  );
}
