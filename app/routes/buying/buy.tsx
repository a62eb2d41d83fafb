import { type FormEvent, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { data, redirect } from "react-router";
import { getPurchaseQuote } from "#core/trading/get-purchase-quote.ts";
import { PICKUP_HOLD_DAYS, type PickupSpot } from "#core/trading/pickup-spots.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import type { AddressFormState } from "../../components/account/address-form.tsx";
import { CardFields, canEnterCards, useCardEntry } from "../../components/buying/card-fields.tsx";
import {
  CHECKOUT_CHOICES,
  CheckoutAddress,
  type CheckoutChoices,
  checkoutUrl,
} from "../../components/buying/checkout-address.tsx";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { HelpLink } from "../../components/help/help-link.tsx";
import { formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { addressForPage, submitAddressForm } from "../../lib/account-forms.server.ts";
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
  requireUser,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/buy";

export const meta = titleMeta("buying.buyTitle");
export const handle = { back: "history", tab: "home" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  // Business buyers and staff do not buy on the marketplace.
  if (user.role !== "member") throw data("Forbidden", { status: 403 });
  const quote = await orNotFound(() =>
    getPurchaseQuote(core(context), { actor: user, itemId: pathIdOf(params) }),
  );
  const search = new URL(request.url).searchParams;
  // The choices carried through the address step (a page sent without JavaScript loses nothing).
  const chosen: CheckoutChoices | null = search.has("method")
    ? {
        method: search.get("method") ?? "",
        usePoints: search.get("usePoints") ?? "",
        saveCard: search.get("saveCard") ?? "",
      }
    : null;
  return {
    quote: { ...quote, address: addressForPage(quote.address) },
    chosen,
    addressStep: search.get("step") === "address",
    // One key per visit of the page: a resent form is the same purchase, a new visit a new one.
    idempotencyKey: crypto.randomUUID(),
  };
}

/** A failed purchase (what was chosen kept), or the address step's answer (with those choices). */
type BuyActionData = FormState | { addressStep: AddressFormState; choices: CheckoutChoices };

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const itemId = pathIdOf(params);
  const form = await readForm(request);
  const ctx = core(context);
  if (form.get("step") === "address") {
    // The address step of the purchase: saved to the member's address, then back to the purchase.
    const choices = formValues(form, CHECKOUT_CHOICES);
    const result = await submitAddressForm(ctx, { userId: actor.id, form, lang });
    if ("saved" in result) {
      return redirectWithFlash(context, checkoutUrl(lang, itemId, { choices }), "buying.addressSaved");
    }
    return data<BuyActionData>({ addressStep: result.data, choices }, result.init ?? undefined);
  }
  const values = formValues(form, [
    "idempotencyKey",
    "method",
    "cardToken",
    "saveCardToken",
    "usePoints",
    "saveCard",
    "pickupSpot",
  ] as const);
  // The box is sent only when ticked: the balance first, the card the rest.
  const usePoints = values.usePoints === "1";
  // Collected at a pickup spot, when the buyer chose one; otherwise delivered to their address.
  const delivery = values.pickupSpot ? { pickupSpotId: values.pickupSpot } : {};
  const input =
    values.method === "points"
      ? { paymentMethod: "points", ...delivery }
      : values.method === "new"
        ? { paymentMethod: "card", cardToken: values.cardToken, usePoints, ...delivery }
        : {
            paymentMethod: "card",
            savedCardId: values.method.replace(/^saved:/, ""),
            usePoints,
            ...delivery,
          };
  // A new card the buyer asked to keep comes with a second token: it is saved once the payment is.
  const saveCardToken =
    values.method === "new" && values.saveCard === "1" && values.saveCardToken !== ""
      ? values.saveCardToken
      : undefined;
  try {
    const result = await purchaseItem(ctx, {
      actor,
      itemId,
      idempotencyKey: values.idempotencyKey,
      input,
      returnUrl: `${ctx.publicUrl}/${lang}/items/${itemId}/secure/result/`,
      saveCardToken,
    });
    if (result.redirectUrl) return redirect(`/${lang}/items/${itemId}/secure/`);
    return redirectWithFlash(context, `/${lang}/items/${itemId}/transactions/`, "buying.purchased");
  } catch (error) {
    // A refused attempt is finished: trying again is a new attempt with a new key.
    return formFailure(error, lang, {
      ...values,
      cardToken: "",
      saveCardToken: "",
      idempotencyKey: crypto.randomUUID(),
    });
  }
}

export default function Buy({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const { quote } = loaderData;
  const failed: FormState | undefined = actionData && "addressStep" in actionData ? undefined : actionData;
  const addressState = actionData && "addressStep" in actionData ? actionData.addressStep : undefined;
  // What was chosen before: sent with a refused purchase, or carried through the address step.
  const before: Partial<CheckoutChoices> | null =
    failed?.values ?? (actionData && "choices" in actionData ? actionData.choices : loaderData.chosen);
  const key = failed?.values?.idempotencyKey ?? loaderData.idempotencyKey;
  // New cards are typed into the provider's tokeniser (the sandbox's form, or PAY.JP's).
  const entry = { provider: quote.provider, publicKey: quote.publicKey };
  const cardEntry = canEnterCards(entry);
  const card = useCardEntry(entry);
  const balance = quote.freePoints + quote.points;
  // Points alone are offered only when they cover the price; otherwise the balance can go with a card.
  const pointsCover = balance > 0 && quote.withPoints.card === 0;
  const methods = [
    ...(pointsCover ? ["points"] : []),
    ...quote.cards.map((c) => `saved:${c.id}`),
    ...(cardEntry ? ["new"] : []),
  ];
  // What was chosen before (when still on offer), else points when they cover it, else a card.
  const chosenBefore = before?.method;
  const offered = chosenBefore && methods.includes(chosenBefore) ? chosenBefore : (methods[0] ?? "");
  const usePointsOffered = !pointsCover && balance > 0;
  const usePointsDefault = before ? before.usePoints === "1" : true;
  // A new card is kept for next time unless the buyer says otherwise.
  const saveCardDefault = before ? before.saveCard === "1" : true;
  // The radios and the boxes keep their own state; this follows them (choices made before hydration included).
  const [method, setMethod] = useState(offered);
  const [usePoints, setUsePoints] = useState(usePointsDefault);
  const [saveCard, setSaveCard] = useState(saveCardDefault);
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const chosen = formRef.current?.querySelector<HTMLInputElement>('input[name="method"]:checked');
    if (chosen) setMethod(chosen.value);
    const box = formRef.current?.querySelector<HTMLInputElement>('input[name="usePoints"]');
    if (box) setUsePoints(box.checked);
    const keep = formRef.current?.querySelector<HTMLInputElement>('input[name="saveCard"]');
    if (keep) setSaveCard(keep.checked);
  }, []);
  const parts =
    method === "points" || (method !== "" && usePointsOffered && usePoints)
      ? quote.withPoints
      : { freePoints: 0, points: 0, card: quote.item.price };
  const [cardError, setCardError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const sent = new FormData(form);
    if (sent.get("method") !== "new") return;
    event.preventDefault();
    setSending(true);
    setCardError(null);
    try {
      (form.elements.namedItem("cardToken") as HTMLInputElement).value = await card.tokenize(form);
      // A card to keep gets a token of its own: the first one is spent by the payment.
      (form.elements.namedItem("saveCardToken") as HTMLInputElement).value =
        sent.get("saveCard") === "1" ? await card.tokenize(form) : "";
      form.submit();
    } catch (error) {
      setCardError((error as Error).message);
      setSending(false);
    }
  }

  const addressEditing = quote.address === null || loaderData.addressStep || addressState !== undefined;
  const choices: CheckoutChoices = {
    method,
    usePoints: usePoints ? "1" : "",
    saveCard: saveCard ? "1" : "",
  };
  const canBuy = quote.refusal === null && quote.address !== null && !addressEditing && offered !== "";
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("buyTitle")}
      </h1>
      <HelpLink lang={lang} slug="how-to-buy" className="self-start" />
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-sm text-slate-600">{t("item")}</h2>
        <p className="mt-1 font-semibold">{quote.item.title}</p>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt>
            {quote.listPrice === null
              ? t("price")
              : t("agreedPrice", { price: formatYen(quote.listPrice, lang) })}
          </dt>
          <dd className="text-right" data-testid="price">
            {formatYen(quote.item.price, lang)}
          </dd>
          <dt>{t("postage")}</dt>
          <dd className="text-right">
            {quote.item.postage === "ARRIVAL" ? t("postageArrival") : t("postageIncluded")}
          </dd>
          <dt className="font-bold">{t("total")}</dt>
          <dd className="text-right text-lg font-bold" data-testid="total">
            {formatYen(quote.item.price, lang)}
          </dd>
        </dl>
      </div>
      {quote.refusal ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-danger-600" data-testid="refusal">
          <p className="font-semibold">{t(REFUSALS[quote.refusal])}</p>
          {/* A purchase sent meanwhile was refused before anything was charged (or its hold let go). */}
          {failed && <p className="mt-1">{t("notCharged")}</p>}
        </div>
      ) : (
        <>
          <CheckoutAddress
            lang={lang}
            itemId={quote.item.id}
            address={quote.address}
            editing={addressEditing}
            state={addressState}
            choices={choices}
          />
          <form
            ref={formRef}
            method="post"
            action={checkoutUrl(lang, quote.item.id)}
            onSubmit={onSubmit}
            className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            noValidate
          >
            <FormError message={failed?.formError ?? cardError ?? Object.values(failed?.errors ?? {})[0]} />
            <input type="hidden" name="idempotencyKey" value={key} />
            <input type="hidden" name="cardToken" defaultValue="" />
            <input type="hidden" name="saveCardToken" defaultValue="" />
            {quote.pickupSpots && quote.pickupSpots.length > 0 && (
              <DeliveryChoice spots={quote.pickupSpots} chosen={failed?.values?.pickupSpot ?? ""} />
            )}
            <fieldset className="flex flex-col gap-2">
              <legend className="font-bold">{t("paymentMethod")}</legend>
              {quote.cards.map((c) => (
                <MethodChoice key={c.id} value={`saved:${c.id}`} offered={offered} onChoose={setMethod}>
                  {t("savedCard", { brand: c.brand, last4: c.last4, month: c.expMonth, year: c.expYear })}
                </MethodChoice>
              ))}
              {cardEntry && (
                <MethodChoice value="new" offered={offered} onChoose={setMethod}>
                  {t("newCard")}
                </MethodChoice>
              )}
              {pointsCover && (
                <MethodChoice value="points" offered={offered} onChoose={setMethod}>
                  {t("points", { points: formatPoints(balance, lang) })}
                </MethodChoice>
              )}
              {offered === "" && <p className="text-sm text-danger-600">{t("cardEntryUnavailable")}</p>}
            </fieldset>
            {method === "new" && (
              <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4" data-testid="card-step">
                <CardFields entry={entry} session={card.session} purpose="pay" />
                <label className="flex min-h-11 items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    name="saveCard"
                    value="1"
                    className="mt-0.5 size-5 shrink-0"
                    defaultChecked={saveCardDefault}
                    onChange={(event) => setSaveCard(event.currentTarget.checked)}
                  />
                  <span>
                    <span className="font-semibold">{t("saveCard")}</span>
                    <span className="mt-0.5 block text-xs text-slate-600">{t("saveCardNote")}</span>
                  </span>
                </label>
              </div>
            )}
            {balance > 0 && (
              <p className="text-sm text-slate-600" data-testid="points-balance">
                {t("balanceNote", {
                  points: formatPoints(balance, lang),
                  free: formatPoints(quote.freePoints, lang),
                  paid: formatPoints(quote.points, lang),
                })}
              </p>
            )}
            {usePointsOffered && (
              <label className="flex min-h-11 items-center gap-3 rounded-lg bg-slate-50 px-3 text-sm">
                <input
                  type="checkbox"
                  name="usePoints"
                  value="1"
                  className="size-5 shrink-0"
                  defaultChecked={usePointsDefault}
                  onChange={(event) => setUsePoints(event.currentTarget.checked)}
                />
                {t("usePoints", {
                  points: formatPoints(quote.withPoints.freePoints + quote.withPoints.points, lang),
                  rest: formatYen(quote.withPoints.card, lang),
                })}
              </label>
            )}
            <section aria-labelledby="paid-with-title" className="rounded-lg bg-slate-50 p-4">
              <h2 id="paid-with-title" className="text-sm font-bold">
                {t("paidWith")}
              </h2>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm" aria-live="polite">
                <dt>{t("freePoints")}</dt>
                <dd className="text-right" data-testid="pay-free-points">
                  {formatPoints(parts.freePoints, lang)}
                </dd>
                <dt>{t("paidPoints")}</dt>
                <dd className="text-right" data-testid="pay-points">
                  {formatPoints(parts.points, lang)}
                </dd>
                <dt className="font-bold">{t("cardPart")}</dt>
                <dd className="text-right text-lg font-bold" data-testid="pay-card">
                  {formatYen(parts.card, lang)}
                </dd>
              </dl>
            </section>
            {canBuy ? (
              <SubmitButton>{sending ? "…" : t("confirm")}</SubmitButton>
            ) : (
              addressEditing && <p className="text-sm text-slate-600">{t("addressFirst")}</p>
            )}
          </form>
        </>
      )}
    </section>
  );
}

/** Why the item cannot be bought, as the page says it. */
const REFUSALS = {
  own: "ownItem",
  blocked: "blocked",
  sold: "soldOut",
  stopped: "stopped",
  reserved: "reserved",
} as const;

/**
 * Delivered to the address above, or kept at one of the courier's spots near it (an office, a
 * FamilyMart or a locker) for the buyer to collect: plain radios, so it works before the scripts.
 */
function DeliveryChoice(o: { spots: PickupSpot[]; chosen: string }) {
  const t = useTranslations("buying.delivery");
  const chosen = o.spots.some((s) => s.id === o.chosen) ? o.chosen : "";
  return (
    <fieldset className="flex flex-col gap-2" data-testid="delivery-choice">
      <legend className="font-bold">{t("title")}</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="radio"
          className="size-5 shrink-0"
          name="pickupSpot"
          value=""
          defaultChecked={chosen === ""}
        />
        {t("home")}
      </label>
      <p className="text-sm font-semibold text-slate-700">{t("spot")}</p>
      {o.spots.map((spot) => (
        <label key={spot.id} className="flex min-h-11 items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm">
          <input
            type="radio"
            className="mt-0.5 size-5 shrink-0"
            name="pickupSpot"
            value={spot.id}
            defaultChecked={chosen === spot.id}
          />
          <span>
            <span className="block text-xs text-slate-600">{t(`kinds.${spot.kind}`)}</span>
            <span className="block font-semibold">{spot.name}</span>
            <span className="block text-xs text-slate-600">{spot.address}</span>
            <span className="block text-xs text-slate-600">{t("hours", { hours: spot.hours })}</span>
          </span>
        </label>
      ))}
      <p className="text-xs leading-relaxed text-slate-600">{t("spotsNote", { days: PICKUP_HOLD_DAYS })}</p>
    </fieldset>
  );
}

function MethodChoice(o: { value: string; offered: string; onChoose(v: string): void; children: ReactNode }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input
        type="radio"
        className="size-5 shrink-0"
        name="method"
        value={o.value}
        defaultChecked={o.offered === o.value}
        onChange={() => o.onChoose(o.value)}
      />
      {o.children}
    </label>
  );
}
