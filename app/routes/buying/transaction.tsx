import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import {
  COURIER_INVOICE_KINDS,
  COURIER_SHIPPING_TYPES,
  HANDLING_NOTES,
  PACKAGINGS,
  PARCEL_SIZES,
  PICKUP_TIME_SLOTS,
  SHIPPING_METHOD,
} from "#core/shared/codes.ts";
import { type Message, renderMessage } from "#core/shared/i18n/translate.ts";
import { cancelTransaction } from "#core/trading/cancel-transaction.ts";
import { shipItem } from "#core/trading/ship-item.ts";
import { postTransactionMessage } from "#core/trading/transaction-messages.ts";
import { TransactionSummary } from "../../components/buying/transaction-summary.tsx";
import { FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { formatDate } from "../../i18n/index.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, redirectWithFlash } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transaction";
import { loadTransactionPage } from "./transaction.server.ts";

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
] as const;

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const lang = langOf(params);
  const { view, user } = await loadTransactionPage(args, sideOf(request));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries(SHIP_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Record<
    string,
    string
  >;
  const ctx = core(context);
  const here = `/${lang}/items/${view.itemId}/transactions/${view.role === "seller" ? "seller" : "buyer"}/`;
  try {
    let flash: FlashKey;
    if (intent === "ship") {
      const input: Record<string, unknown> = {
        ...values,
        handlingNotes: form.getAll("handlingNotes").map(String),
      };
      for (const k of Object.keys(input)) if (input[k] === "") delete input[k];
      await shipItem(ctx, { actor: user, transactionId: view.id, input });
      flash = "buying.shipped";
    } else if (intent === "message") {
      await postTransactionMessage(ctx, {
        actor: user,
        transactionId: view.id,
        input: { body: form.get("body") },
      });
      flash = "buying.messageSent";
    } else {
      const step = intent === "cancel-agree" ? "agree" : intent === "cancel-refuse" ? "refuse" : "request";
      await cancelTransaction(ctx, { actor: user, transactionId: view.id, step });
      flash =
        step === "agree"
          ? "buying.cancelAgreed"
          : step === "refuse"
            ? "buying.cancelRefused"
            : "buying.cancelRequested";
    }
    return redirectWithFlash(context, here, flash);
  } catch (error) {
    return formFailure(error, lang, { ...values, body: String(form.get("body") ?? "") });
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
  return <p className="rounded-lg bg-brand-50 p-4 text-sm font-semibold text-brand-800">{text[state]}</p>;
}

export default function Transaction({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const { view } = loaderData;
  const base = `/${lang}/items/${view.itemId}/transactions/${view.role === "seller" ? "seller" : "buyer"}`;
  const can = (action: (typeof view.actions)[number]) => view.actions.includes(action);
  const canRate = can("rate_by_buyer") || can("rate_by_seller");
  const canAnswerCancel = can("agree_cancel");
  const v = (k: string) => actionData?.values?.[k] ?? "";
  const courier = view.shippingMethod === SHIPPING_METHOD.EASY_DELIVERY;
  const option = (table: readonly { code: string; label: Message }[]) =>
    table.filter((e) => e.code !== "").map((e) => ({ value: e.code, label: renderMessage(e.label, lang) }));
  const pickupSlot = PICKUP_TIME_SLOTS.find((s) => s.code === view.shipment?.pickupSlot);
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("transactionTitle")}
      </h1>
      <TransactionSummary view={view} lang={lang} />
      <StatusLine state={view.state} role={view.role} />
      <FormError message={actionData?.formError} />
      {canRate && (
        <Link
          to={`${base}/review/`}
          className="flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
        >
          {t("review")}
        </Link>
      )}
      <Link to={`${base}/address/`} className="text-sm text-brand-700 underline">
        {t("addressTitle")}
      </Link>
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
            {view.shipment.qrCode && view.role === "seller" && (
              <>
                <dt>{t("qrCode")}</dt>
                <dd className="font-mono">{view.shipment.qrCode}</dd>
              </>
            )}
            {view.shipment.trackingNumber && (
              <>
                <dt>{t("trackingNumber")}</dt>
                <dd>{view.shipment.trackingNumber}</dd>
              </>
            )}
          </dl>
        </div>
      )}
      {can("ship") && (
        <Form
          method="post"
          className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          noValidate
        >
          {courier ? (
            <>
              <SelectField
                name="invoiceKind"
                label={t("invoiceKind")}
                options={option(COURIER_INVOICE_KINDS)}
                defaultValue={v("invoiceKind")}
                error={actionData?.errors?.invoiceKind}
              />
              <SelectField
                name="parcelSize"
                label={t("parcelSize")}
                optional
                options={PARCEL_SIZES.map((s) => ({ value: String(s), label: `${s}` }))}
                defaultValue={v("parcelSize")}
                error={actionData?.errors?.parcelSize}
              />
              <SelectField
                name="shippingType"
                label={t("shippingType")}
                options={option(COURIER_SHIPPING_TYPES)}
                defaultValue={v("shippingType")}
                error={actionData?.errors?.shippingType}
              />
              <TextField
                name="pickupDate"
                type="date"
                label={t("pickupDate")}
                optional
                defaultValue={v("pickupDate")}
                error={actionData?.errors?.pickupDate}
              />
              <SelectField
                name="pickupSlot"
                label={t("pickupSlot")}
                optional
                options={option(PICKUP_TIME_SLOTS)}
                defaultValue={v("pickupSlot")}
                error={actionData?.errors?.pickupSlot}
              />
              <SelectField
                name="packaging"
                label={t("packaging")}
                optional
                options={option(PACKAGINGS)}
                defaultValue={v("packaging")}
              />
              <fieldset className="text-sm">
                <legend className="font-semibold">{t("handlingNotes")}</legend>
                {HANDLING_NOTES.map((n) => (
                  <label key={n.code} className="mr-3 inline-flex items-center gap-1">
                    <input type="checkbox" name="handlingNotes" value={n.code} />
                    {renderMessage(n.label, lang)}
                  </label>
                ))}
              </fieldset>
            </>
          ) : (
            <TextField
              name="trackingNumber"
              label={t("trackingNumber")}
              optional
              defaultValue={v("trackingNumber")}
              error={actionData?.errors?.trackingNumber}
            />
          )}
          <SubmitButton name="intent" value="ship">
            {t("ship")}
          </SubmitButton>
        </Form>
      )}
      {(can("request_cancel") || canAnswerCancel) && (
        <Form method="post" className="flex flex-col gap-2">
          {can("request_cancel") && (
            <SubmitButton name="intent" value="cancel-request" variant="secondary">
              {t("requestCancel")}
            </SubmitButton>
          )}
          {canAnswerCancel && (
            <>
              <SubmitButton name="intent" value="cancel-agree" variant="secondary">
                {t("agreeCancel")}
              </SubmitButton>
              <SubmitButton name="intent" value="cancel-refuse" variant="secondary">
                {t("refuseCancel")}
              </SubmitButton>
            </>
          )}
        </Form>
      )}
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
              defaultValue={v("body")}
              error={actionData?.errors?.body}
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
