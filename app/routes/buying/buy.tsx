import { type FormEvent, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { formatAddress } from "#core/account/address-format.ts";
import { getPurchaseQuote } from "#core/trading/get-purchase-quote.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { CardFields, canEnterCards, useCardEntry } from "../../components/buying/card-fields.tsx";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { formatPoints, formatYen } from "../../i18n/index.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
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
  // One key per visit of the page: a resent form is the same purchase, a new visit a new one.
  return { quote, idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const itemId = pathIdOf(params);
  const values = formValues(await request.formData(), [
    "idempotencyKey",
    "method",
    "cardToken",
    "usePoints",
  ] as const);
  const ctx = core(context);
  // The box is sent only when ticked: the balance first, the card the rest.
  const usePoints = values.usePoints === "1";
  const input =
    values.method === "points"
      ? { paymentMethod: "points" }
      : values.method === "new"
        ? { paymentMethod: "card", cardToken: values.cardToken, usePoints }
        : { paymentMethod: "card", savedCardId: values.method.replace(/^saved:/, ""), usePoints };
  try {
    const result = await purchaseItem(ctx, {
      actor,
      itemId,
      idempotencyKey: values.idempotencyKey,
      input,
      returnUrl: `${ctx.publicUrl}/${lang}/items/${itemId}/secure/result/`,
    });
    if (result.redirectUrl) return redirect(`/${lang}/items/${itemId}/secure/`);
    return redirectWithFlash(context, `/${lang}/items/${itemId}/transactions/`, "buying.purchased");
  } catch (error) {
    // A refused attempt is finished: trying again is a new attempt with a new key.
    return formFailure(error, lang, { ...values, cardToken: "", idempotencyKey: crypto.randomUUID() });
  }
}

export default function Buy({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const { quote } = loaderData;
  const key = actionData?.values?.idempotencyKey ?? loaderData.idempotencyKey;
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
  const chosenBefore = actionData?.values?.method;
  const offered = chosenBefore && methods.includes(chosenBefore) ? chosenBefore : (methods[0] ?? "");
  const usePointsOffered = !pointsCover && balance > 0;
  const usePointsDefault = actionData?.values ? actionData.values.usePoints === "1" : true;
  // The radios and the box keep their own state; this follows them (choices made before hydration included).
  const [method, setMethod] = useState(offered);
  const [usePoints, setUsePoints] = useState(usePointsDefault);
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const chosen = formRef.current?.querySelector<HTMLInputElement>('input[name="method"]:checked');
    if (chosen) setMethod(chosen.value);
    const box = formRef.current?.querySelector<HTMLInputElement>('input[name="usePoints"]');
    if (box) setUsePoints(box.checked);
  }, []);
  const parts =
    method === "points" || (method !== "" && usePointsOffered && usePoints)
      ? quote.withPoints
      : { freePoints: 0, points: 0, card: quote.item.price };
  const [cardError, setCardError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (new FormData(form).get("method") !== "new") return;
    event.preventDefault();
    setSending(true);
    setCardError(null);
    try {
      (form.elements.namedItem("cardToken") as HTMLInputElement).value = await card.tokenize(form);
      form.submit();
    } catch (error) {
      setCardError((error as Error).message);
      setSending(false);
    }
  }

  const canBuy = quote.refusal === null && quote.address !== null && offered !== "";
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("buyTitle")}
      </h1>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-sm text-slate-600">{t("item")}</h2>
        <p className="mt-1 font-semibold">{quote.item.title}</p>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt>{t("price")}</dt>
          <dd className="text-right">{formatYen(quote.item.price, lang)}</dd>
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
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-bold">{t("address")}</h2>
        {quote.address ? (
          <p className="mt-2 text-sm leading-relaxed">
            {formatAddress(quote.address)}
            <br />
            {quote.address.familyName} {quote.address.givenName}
          </p>
        ) : (
          <p className="mt-2 text-sm text-danger-600">{t("addressMissing")}</p>
        )}
        <Link
          to={`/${lang}/settings/address/`}
          className="mt-2 inline-block text-sm text-brand-700 underline"
        >
          {quote.address ? t("changeAddress") : t("addAddress")}
        </Link>
      </div>
      {quote.refusal ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-danger-600">
          {quote.refusal === "own" ? t("ownItem") : quote.refusal === "blocked" ? t("blocked") : t("soldOut")}
        </p>
      ) : (
        <form
          ref={formRef}
          method="post"
          onSubmit={onSubmit}
          className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          noValidate
        >
          <FormError
            message={actionData?.formError ?? cardError ?? Object.values(actionData?.errors ?? {})[0]}
          />
          <input type="hidden" name="idempotencyKey" value={key} />
          <input type="hidden" name="cardToken" defaultValue="" />
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
          {method === "new" && <CardFields entry={entry} session={card.session} />}
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
          {canBuy && <SubmitButton>{sending ? "…" : t("confirm")}</SubmitButton>}
        </form>
      )}
    </section>
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
