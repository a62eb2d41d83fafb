import { data, Link } from "react-router";
import { answerOffer, type OfferAnswer } from "#core/offers/answer-offer.ts";
import { listOffers, type OfferView } from "#core/offers/list-offers.ts";
import { counterProblem, readAmount } from "#core/offers/offer-rules.ts";
import { AppError } from "#core/shared/errors.ts";
import {
  type ConfirmCopy,
  ConfirmForm,
  ConfirmPanel,
  valuesOf,
} from "../../components/buying/confirm-form.tsx";
import { FormError } from "../../components/form.tsx";
import { AmountField } from "../../components/offers/amount-field.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  idOf,
  readForm,
  redirectWithFlash,
  requireUser,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { confirmation, confirmStepOf } from "../buying/transaction.server.ts";
import type { Route } from "./+types/offers";

export const meta = titleMeta("offers.page.title");
export const handle = { back: "/mypage/", tab: "mypage" };

type Side = "received" | "sent";
const sideOf = (url: string): Side =>
  new URL(url).searchParams.get("side") === "sent" ? "sent" : "received";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const side = sideOf(request.url);
  const page = await listOffers(core(context), { actor: user, side });
  return { side, offers: page.items };
}

const ANSWERS = ["accept", "decline", "counter"] as const satisfies readonly OfferAnswer[];
const FLASH: Record<Side, Record<OfferAnswer, FlashKey>> = {
  received: {
    accept: "offers.page.accepted",
    decline: "offers.page.declined",
    counter: "offers.page.countered",
  },
  sent: {
    accept: "offers.page.counterAccepted",
    decline: "offers.page.declined",
    counter: "offers.page.countered",
  },
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const side = sideOf(request.url);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as OfferAnswer;
  if (!ANSWERS.includes(intent)) throw data("Bad request", { status: 400 });
  const offer = String(form.get("offer") ?? "");
  const amount = String(form.get("amount") ?? "");
  const values = { intent, offer, amount };
  const step = confirmStepOf(form);
  if (step === "back") return data<FormState>({ values });
  try {
    const offerId = idOf(offer);
    if (step === "ask") {
      // Without script the page asks before a step that cannot be undone; a wrong counter is told first.
      if (intent === "counter") {
        const { items } = await listOffers(core(context), { actor: user, side });
        const row = items.find((o) => o.id === offerId);
        const problem = row?.counterRange ? counterProblem(readAmount(amount), listingOf(row)) : null;
        if (problem) throw new AppError("VALIDATION", { fields: { amount: problem } });
      }
      return confirmation(intent, form);
    }
    await answerOffer(core(context), { actor: user, offerId, answer: intent, input: { amount } });
    return redirectWithFlash(
      context,
      `/${lang}/mypage/offers/${side === "sent" ? "?side=sent" : ""}`,
      FLASH[side][intent],
    );
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

type Copy = ReturnType<typeof useTranslations<"offers.page">>;

function copyOf(
  t: Copy,
  intent: string,
  offer: OfferView | undefined,
  amount: string,
  lang: "ja" | "en",
): ConfirmCopy {
  const price = (n: number | null | undefined) => formatYen(n ?? 0, lang);
  if (intent === "counter") {
    return {
      title: t("counterConfirmTitle", { price: price(readAmount(amount) || 0) }),
      body: <p className="mt-2 text-sm text-slate-700">{t("counterConfirmBody")}</p>,
      confirm: t("counterSubmit"),
    };
  }
  if (intent === "decline") {
    return {
      title: t("declineConfirmTitle"),
      body: <p className="mt-2 text-sm text-slate-700">{t("declineConfirmBody")}</p>,
      confirm: offer?.state === "COUNTERED" ? t("declineCounter") : t("decline"),
    };
  }
  return offer?.state === "COUNTERED"
    ? {
        title: t("acceptCounterConfirmTitle", { price: price(offer.counterPrice) }),
        body: <p className="mt-2 text-sm text-slate-700">{t("acceptCounterConfirmBody")}</p>,
        confirm: t("acceptCounter"),
      }
    : {
        title: t("acceptConfirmTitle", { price: price(offer?.price) }),
        body: <p className="mt-2 text-sm text-slate-700">{t("acceptConfirmBody")}</p>,
        confirm: t("accept"),
      };
}

function StateBadge({ offer, side }: { offer: OfferView; side: Side }) {
  const t = useTranslations("offers");
  const waiting =
    (side === "received" && offer.state === "PENDING") || (side === "sent" && offer.state === "COUNTERED");
  const label =
    side === "received" && (offer.state === "PENDING" || offer.state === "COUNTERED")
      ? t(`sellerStates.${offer.state}`)
      : t(`states.${offer.state}`);
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${
        waiting && offer.actions.length > 0
          ? "bg-danger-600 text-white"
          : offer.state === "ACCEPTED"
            ? "bg-brand-600 text-white"
            : "bg-slate-100 text-slate-700"
      }`}
      data-testid="offer-state"
    >
      {label}
    </span>
  );
}

function OfferCard({
  offer,
  side,
  lang,
  state,
}: {
  offer: OfferView;
  side: Side;
  lang: "ja" | "en";
  state: FormState | undefined;
}) {
  const t = useTranslations("offers.page");
  const offers = useTranslations("offers");
  const mine = state?.values?.offer === String(offer.id) ? state : undefined;
  const yen = (n: number) => formatYen(n, lang);
  const hidden = <input type="hidden" name="offer" value={offer.id} />;
  return (
    <li className="flex flex-col gap-3 p-4" data-testid="offer-card" data-offer-id={offer.id}>
      <div className="flex gap-3">
        {offer.item.thumbUrl ? (
          <img src={offer.item.thumbUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
        ) : (
          <div className="size-16 shrink-0 rounded-lg bg-slate-100" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start justify-between gap-2">
            <Link
              to={`/${lang}/items/${offer.item.id}/`}
              className="line-clamp-2 text-sm font-semibold underline-offset-2 hover:underline"
            >
              {offer.item.title}
            </Link>
            <StateBadge offer={offer} side={side} />
          </div>
          <p className="text-xs text-slate-600">
            {side === "received"
              ? t("from", { nickname: offer.counterpart })
              : t("to", { nickname: offer.counterpart })}
            {" ・ "}
            {t("listPrice", { price: yen(offer.listPrice) })}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt className="text-slate-600">{t("offerPrice")}</dt>
        <dd className="text-right font-bold" data-testid="offer-price">
          {yen(offer.price)}
        </dd>
        {offer.counterPrice !== null && (
          <>
            <dt className="text-slate-600">{t("counterPrice")}</dt>
            <dd className="text-right font-bold" data-testid="counter-price">
              {yen(offer.counterPrice)}
            </dd>
          </>
        )}
        {offer.agreedPrice !== null && (
          <>
            <dt className="text-slate-600">{t("agreedPrice")}</dt>
            <dd className="text-right font-bold text-brand-700">{yen(offer.agreedPrice)}</dd>
          </>
        )}
      </dl>
      {(offer.state === "PENDING" || offer.state === "COUNTERED") && (
        <p className="text-xs text-slate-600">
          {t("expiresAt", { date: formatDate(offer.expiresAt, lang, true) })}
        </p>
      )}
      {offer.canBuy && offer.reservedUntil && (
        <>
          <p className="text-xs text-slate-600">
            {t("reservedUntil", { date: formatDate(offer.reservedUntil, lang, true) })}
          </p>
          <Link
            to={`/${lang}/items/${offer.item.id}/buy/`}
            className="flex h-12 items-center justify-center rounded-full bg-danger-600 text-base font-bold text-white"
            data-testid="offer-buy"
          >
            {t("buy")}
          </Link>
        </>
      )}
      <FormError message={mine?.formError} />
      {offer.actions.length > 0 && (
        <div className="grid grid-cols-2 gap-2">
          {(["accept", "decline"] as const)
            .filter((a) => offer.actions.some((x) => x === a || x === `${a}_counter`))
            .map((answer) => (
              <ConfirmForm
                key={answer}
                intent={answer}
                variant={answer === "accept" ? "primary" : "secondary"}
                submitLabel={offer.state === "COUNTERED" ? t(`${answer}Counter`) : t(answer)}
                copy={() => copyOf(t, answer, offer, "", lang)}
                testId={`offer-${answer}`}
              >
                {hidden}
              </ConfirmForm>
            ))}
        </div>
      )}
      {offer.counterRange && (
        <details className="rounded-lg border border-slate-200 p-3" open={mine?.values?.intent === "counter"}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("counter")}</summary>
          <p className="mt-2 text-sm text-slate-600">
            {t("counterLead", { min: yen(offer.price), max: yen(offer.counterRange.max + 1) })}
          </p>
          <ConfirmForm
            intent="counter"
            submitLabel={t("counterSubmit")}
            copy={(v) => copyOf(t, "counter", offer, v.get("amount"), lang)}
            check={(form) => {
              const amount = readAmount(new FormData(form).get("amount"));
              return counterProblem(amount, listingOf(offer)) === null;
            }}
            className="mt-3 flex flex-col gap-3"
            testId="offer-counter"
          >
            {hidden}
            <AmountField
              id={`offer-${offer.id}-amount`}
              label={offers("fields.counterAmount")}
              hint={offers("amountHint", {
                min: yen(offer.counterRange.min),
                max: yen(offer.counterRange.max),
              })}
              problem={(amount) => counterProblem(amount, listingOf(offer))}
              defaultValue={mine?.values?.amount}
              serverError={mine?.errors?.amount}
            />
          </ConfirmForm>
        </details>
      )}
    </li>
  );
}

/** The counter's rule as the browser checks it: above the offer, below the price, within the range. */
function listingOf(offer: OfferView) {
  const max = offer.counterRange?.max ?? offer.listPrice - 1;
  return { offer: offer.price, listing: { price: max + 1, shippingMethod: null } };
}

export default function Offers({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("offers.page");
  const lang = langOf(params);
  const { side, offers } = loaderData;
  const raw = actionData as
    | (FormState & { confirm?: { intent: string; values: [string, string][] } })
    | undefined;
  const confirm = raw?.confirm;
  const state = raw && !confirm ? raw : undefined;
  const tab = (s: Side) =>
    `flex h-11 flex-1 items-center justify-center rounded-full text-sm font-semibold ${
      s === side ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300"
    }`;
  const confirmValues = confirm ? valuesOf(confirm.values) : null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-slate-600">{t("lead")}</p>
      <nav aria-label={t("tabsLabel")} className="flex gap-2">
        {(["received", "sent"] as const).map((s) => (
          <Link
            key={s}
            to={`/${lang}/mypage/offers/${s === "sent" ? "?side=sent" : ""}`}
            className={tab(s)}
            aria-current={s === side ? "page" : undefined}
          >
            {t(s)}
          </Link>
        ))}
      </nav>
      {confirm && confirmValues && (
        <ConfirmPanel
          copy={copyOf(
            t,
            confirm.intent,
            offers.find((o) => String(o.id) === confirmValues.get("offer")),
            confirmValues.get("amount"),
            lang,
          )}
          values={confirm.values}
        />
      )}
      {offers.length === 0 ? (
        <EmptyState>{side === "received" ? t("emptyReceived") : t("emptySent")}</EmptyState>
      ) : (
        <ul
          aria-label={t(side)}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} side={side} lang={lang} state={state} />
          ))}
        </ul>
      )}
    </div>
  );
}
