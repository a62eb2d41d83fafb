import { data, Form, Link } from "react-router";
import { acceptOffer, checkAcceptOffer } from "#core/buyback/accept-buyback-offer.ts";
import { cancelBuyback } from "#core/buyback/cancel-buyback.ts";
import { BUYBACK_SELLER_STATES } from "#core/buyback/codes.ts";
import { declineOffer } from "#core/buyback/decline-buyback-offer.ts";
import { getMemberBuyback } from "#core/buyback/get-member-buyback.ts";
import { offerAcceptance } from "#core/buyback/get-offer-acceptance.ts";
import { primaryNg } from "#core/buyback/offer.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { markBuybackShipped } from "#core/buyback/ship-buyback.ts";
import { deviceCheckOfBuybackItem } from "#core/checks/get-device-check.ts";
import { PICKUP_TIME_SLOTS } from "#core/shared/courier.ts";
import { AddressBlock } from "../../components/buyback-member/address-block.tsx";
import { useStorageLabel } from "../../components/buyback-member/device-fieldset.tsx";
import { GradingSection } from "../../components/buyback-member/grading-section.tsx";
import { OfferLines, useGradeLabel, useNgLabel } from "../../components/buyback-member/offer-lines.tsx";
import {
  card,
  DeviceSection,
  OfferAnswer,
  useStepCopy,
} from "../../components/buyback-member/transaction-parts.tsx";
import { ConfirmForm, ConfirmPanel } from "../../components/buying/confirm-form.tsx";
import { ReportBadge, reportForPage } from "../../components/checks/report-view.tsx";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import type { FormState } from "../../lib/form-state.ts";
import { label } from "../../lib/labels.ts";
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
import { confirmation, confirmStepOf } from "../buying/transaction.server.ts";
import type { Route } from "./+types/transaction";
import { requireMember } from "./member.server.ts";

export const meta = titleMeta("buybackMember.detail.title", { noindex: true });
export const handle = { back: "/buyback/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireMember(context, request, langOf(params));
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const view = await orNotFound(() => getMemberBuyback(ctx, { userId: user.id, itemId }));
  // An offer waiting: whether the Act needs an identity check before it can be accepted, and if it is done.
  const acceptance = view.actions.includes("accept")
    ? await offerAcceptance(ctx, { itemId, userId: user.id })
    : null;
  // The self-check report the device was sent with (the member's own: the device is theirs).
  const check = await deviceCheckOfBuybackItem(ctx, { buybackItemId: view.id });
  return { view, acceptance, deviceCheck: check ? reportForPage(check) : null };
}

/** Steps that cannot be undone: the page asks before it takes them (a dialog, or this answer without JavaScript). */
const ASKS_FIRST = ["accept", "decline", "ship"];

type Answer =
  | (FormState & { confirm?: undefined })
  | { confirm: { intent: string; values: (readonly [string, string])[] } };

/**
 * The member's steps on a device: the parcel left, the offer is accepted or declined, or the device
 * is withdrawn. Selling, declining and the shipping notice are asked about first (decision 026);
 * a step that cannot be taken now is not asked about, and the core says why not.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireMember(context, request, lang);
  const itemId = pathIdOf(params);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const adult = form.get("adult") === "on";
  const values: Record<string, string> = adult ? { adult: "on" } : {};
  const ctx = core(context);
  const step = ASKS_FIRST.includes(intent) ? confirmStepOf(form) : "confirmed";
  // Back from the confirmation: the page again, as it was filled in.
  if (step === "back") return data<Answer>({ values });
  try {
    let flash: FlashKey;
    if (intent === "accept") {
      const o = { itemId, userId: user.id, adult };
      if (step === "ask") {
        await orNotFound(() => checkAcceptOffer(ctx, o));
        return data<Answer>(confirmation(intent, form));
      }
      await orNotFound(() => acceptOffer(ctx, o));
      flash = "buybackMember.flash.accepted";
    } else if (intent === "decline" || intent === "ship") {
      if (step === "ask") {
        const { actions } = await orNotFound(() => getMemberBuyback(ctx, { userId: user.id, itemId }));
        if (actions.includes(intent)) return data<Answer>(confirmation(intent, form));
      }
      if (intent === "decline") {
        await orNotFound(() => declineOffer(ctx, { itemId, userId: user.id }));
        flash = "buybackMember.flash.declined";
      } else {
        await orNotFound(() => markBuybackShipped(ctx, { actor: user, itemId }));
        flash = "buybackMember.flash.shipped";
      }
    } else if (intent === "cancel") {
      await orNotFound(() => cancelBuyback(ctx, { actor: user, itemId }));
      flash = "buybackMember.flash.canceled";
    } else {
      throw data("Bad request", { status: 400 });
    }
    return redirectWithFlash(context, `/${lang}/buyback/transactions/${itemId}/`, flash);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function BuybackTransaction({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackMember");
  const b = useTranslations("buyback");
  const lang = langOf(params);
  const grade = useGradeLabel();
  const ng = useNgLabel();
  const storage = useStorageLabel();
  const { view, acceptance } = loaderData;
  const answer = actionData as Answer | undefined;
  const confirm = answer?.confirm;
  const state = answer && !answer.confirm ? answer : undefined;
  const copy = useStepCopy(view, lang);
  const app = view.application;
  const can = (a: (typeof view.actions)[number]) => view.actions.includes(a);
  const pickupSlot = label(PICKUP_TIME_SLOTS, app.pickupSlot, lang);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className="text-2xl font-bold">
          {view.modelName}
          {view.storageGb ? ` ${storage(view.storageGb)}` : ""}
        </h1>
        <p className="text-sm text-slate-600">
          {t("detail.title")} · {t("detail.number", { id: view.id })}
        </p>
      </div>
      <p
        className="rounded-lg bg-brand-50 p-4 text-sm font-semibold text-brand-800"
        data-testid="buyback-status"
        data-state={view.state}
      >
        <span className="mr-2 rounded bg-white px-2 py-0.5 text-xs ring-1 ring-brand-100">
          {label(BUYBACK_SELLER_STATES, view.state, lang)}
        </span>
        {t(`detail.status.${view.state}`)}
      </p>
      <FormError message={state?.formError} />
      {confirm && <ConfirmPanel copy={copy(confirm.intent)} values={confirm.values} />}

      {view.state === "40" && view.offer && view.grading && (
        <section
          aria-labelledby="offer-title"
          className={`${card} ring-2 ring-brand-600`}
          data-testid="offer"
        >
          <h2 id="offer-title" className="text-lg font-bold">
            {t("detail.offer")}
          </h2>
          <div className="mt-3">
            <OfferLines
              lang={lang}
              bidLabel={t("detail.bid", {
                grade: grade(view.grading.grade),
                condition: ng(primaryNg(view.grading.ngConditions)),
              })}
              bid={view.offer.bid}
              deductions={view.offer.deductions}
              amountLabel={t("detail.amount")}
              amount={view.offer.amount}
              testId="offer-lines"
            />
          </div>
          {view.offer.expiresAt && (
            <p className="mt-3 font-semibold text-amber-900" data-testid="offer-deadline">
              {t("detail.deadline", { date: formatDate(view.offer.expiresAt, lang, true) })}
            </p>
          )}
          <p className="mt-1 text-sm text-slate-700">{t("detail.rule", { days: BUYBACK_RULES.offerDays })}</p>
          {acceptance && !confirm && (
            <OfferAnswer acceptance={acceptance} state={state} lang={lang} copy={copy} />
          )}
        </section>
      )}

      {view.state === "50" && view.offer && (
        <section aria-labelledby="bought-title" className={card} data-testid="bought">
          <h2 id="bought-title" className="text-lg font-bold">
            {t("detail.offer")}
          </h2>
          <p className="mt-2 text-2xl font-bold tabular-nums">{formatYen(view.offer.amount, lang)}</p>
          <p className="mt-1 text-sm">{t("detail.bought", { amount: formatYen(view.offer.amount, lang) })}</p>
          <Link
            to={`/${lang}/balance/`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            {t("detail.balance")}
          </Link>
        </section>
      )}

      {view.state === "60" && view.endReason && (
        <section aria-labelledby="ended-title" className={card} data-testid="ended">
          <h2 id="ended-title" className="text-lg font-bold">
            {t("detail.endReason")}
          </h2>
          <p className="mt-2 text-sm">{b(`endReasons.${view.endReason}`)}</p>
          {view.returnInvoiceNumber && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
              <dt className="text-slate-600">{t("detail.returnInvoice")}</dt>
              <dd className="font-mono font-semibold" data-testid="return-invoice">
                {view.returnInvoiceNumber}
              </dd>
            </dl>
          )}
        </section>
      )}

      {view.grading && <GradingSection grading={view.grading} photos={view.photos} lang={lang} />}

      <section aria-labelledby="timeline-title" className={card}>
        <h2 id="timeline-title" className="text-lg font-bold">
          {t("detail.timeline")}
        </h2>
        <ol
          className="mt-2 flex flex-col gap-2 border-l-2 border-brand-100 pl-4 text-sm"
          data-testid="timeline"
        >
          {view.history.map((h, i) => (
            <li key={`${h.state}-${i}`}>
              <span className="font-semibold">{label(BUYBACK_SELLER_STATES, h.state, lang)}</span>{" "}
              <span className="text-xs text-slate-600">{formatDate(h.at, lang, true)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="shipping-title" className={card}>
        <h2 id="shipping-title" className="text-lg font-bold">
          {t("detail.shipping")}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{t("detail.method")}</dt>
          <dd>{app.shippingMethod === "pickup" ? t("detail.pickup") : t("detail.kit")}</dd>
          {app.shippingMethod === "pickup" && app.pickupDate && (
            <>
              <dt className="text-slate-600">{t("detail.pickupAt")}</dt>
              <dd>
                {formatDate(`${app.pickupDate}T00:00:00+09:00`, lang)} {pickupSlot}
              </dd>
            </>
          )}
          <dt className="text-slate-600">{t("detail.invoice")}</dt>
          <dd className="font-mono font-semibold" data-testid="invoice-number">
            {app.invoiceNumber ?? t("detail.invoicePending")}
          </dd>
        </dl>
        {app.devices.length > 1 && (
          <>
            <h3 className="mt-3 text-sm font-bold">{t("detail.parcel")}</h3>
            <ul className="mt-1 flex flex-col gap-1 text-sm">
              {app.devices.map((d) => (
                <li key={d.id}>
                  {d.id === view.id ? (
                    <span aria-current="page" className="font-semibold">
                      {d.modelName}
                    </span>
                  ) : (
                    <Link to={`/${lang}/buyback/transactions/${d.id}/`} className="text-brand-700 underline">
                      {d.modelName}
                    </Link>
                  )}{" "}
                  <span className="text-xs text-slate-600">
                    {label(BUYBACK_SELLER_STATES, d.state, lang)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <h3 className="mt-3 text-sm font-bold">{t("detail.address")}</h3>
        <AddressBlock address={app.address} testId="buyback-address" />
        {can("address") && (
          <Link
            to={`/${lang}/buyback/transactions/${view.id}/address/`}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
          >
            {t("detail.changeAddress")}
          </Link>
        )}
        {can("ship") && !confirm && (
          <ConfirmForm
            intent="ship"
            submitLabel={t("detail.ship")}
            copy={() => copy("ship")}
            className="mt-3 flex flex-col gap-2"
            testId="ship-form"
          >
            {app.toShip > 1 && <p className="order-last text-xs text-slate-600">{t("detail.shipNote")}</p>}
          </ConfirmForm>
        )}
        {can("cancel") && !confirm && (
          <Form method="post" className="mt-2 flex flex-col gap-2">
            <SubmitButton name="intent" value="cancel" variant="secondary">
              {t("detail.cancel")}
            </SubmitButton>
            {app.devices.length > 1 && <p className="text-xs text-slate-600">{t("detail.cancelNote")}</p>}
          </Form>
        )}
      </section>

      <DeviceSection view={view} lang={lang} />
      {loaderData.deviceCheck && <ReportBadge report={loaderData.deviceCheck} lang={lang} />}
    </section>
  );
}
