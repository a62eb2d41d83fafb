import { Link, redirect } from "react-router";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { listSavedCards } from "#core/money/payments/saved-cards.ts";
import { startCardTopUp } from "#core/money/top-ups/card-top-up.ts";
import { ErrorSummary, FormError, SubmitButton, TextField } from "../../components/form.tsx";
import { formatPoints } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/order-points-card";

export const meta = titleMeta("cardTopUp.title");
export const handle = { back: "/balance/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const [cards, balance] = await Promise.all([
    listSavedCards(ctx, { userId: user.id }),
    getBalance(ctx, { userId: user.id }),
  ]);
  // One key per visit: a confirm sent twice is the same top-up, a new visit a new one.
  return {
    cards,
    points: balance.points,
    limits: BALANCE_LIMITS.topUp.card,
    requestKey: crypto.randomUUID(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const values = formValues(await readForm(request), ["amount", "cardId", "requestKey"] as const);
  const ctx = core(context);
  const resultPath = (id: number) => `/${lang}/balance/order-points/card/result/?id=${id}`;
  try {
    const started = await startCardTopUp(ctx, {
      userId: user.id,
      input: { amount: values.amount, cardId: values.cardId },
      requestKey: values.requestKey,
      returnUrl: (id) => `${ctx.publicUrl}${resultPath(id)}`,
    });
    // The card issuer asks for 3-D Secure: off to its page, which sends the member back to the result.
    return redirect(started.redirectUrl ?? resultPath(started.topUp.id));
  } catch (error) {
    // A refused top-up is finished: trying again is a new one with a new key.
    return formFailure(error, lang, { ...values, requestKey: crypto.randomUUID() });
  }
}

export default function OrderPointsCard({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("cardTopUp");
  const lang = langOf(params);
  const { cards, points, limits } = loaderData;
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const chosen = values.cardId ?? cards[0]?.id;
  const addCard = `/${lang}/settings/credit-card/add/?redirect=${encodeURIComponent(`/${lang}/balance/order-points/card/`)}`;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      <div className="flex items-baseline justify-between rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <span className="text-sm text-slate-600">{t("balance")}</span>
        <span className="text-2xl font-bold" data-testid="points">
          {formatPoints(points, lang)}
        </span>
      </div>
      {cards.length === 0 ? (
        <div className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm">{t("noCards")}</p>
          <Link
            to={addCard}
            className="flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
          >
            {t("addCard")}
          </Link>
        </div>
      ) : (
        <form
          method="post"
          className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          noValidate
        >
          <ErrorSummary errors={actionData?.errors} />
          <FormError message={actionData?.formError} />
          <input type="hidden" name="requestKey" value={values.requestKey ?? loaderData.requestKey} />
          <TextField
            name="amount"
            label={t("amount")}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={values.amount ?? ""}
            error={errors.amount}
            hint={t("amountHint", { min: limits.min, max: limits.max })}
            className="[&_input]:text-xl [&_input]:font-semibold"
          />
          <fieldset aria-describedby={errors.cardId ? "card-error" : undefined}>
            <legend className="text-sm font-semibold text-slate-800">{t("card")}</legend>
            <div className="mt-2 flex flex-col gap-2">
              {cards.map((c) => (
                <label
                  key={c.id}
                  className="flex min-h-12 items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="cardId"
                    value={c.id}
                    defaultChecked={c.id === chosen}
                    className="size-5 accent-brand-600"
                  />
                  {t("savedCard", { brand: c.brand, last4: c.last4, month: c.expMonth, year: c.expYear })}
                </label>
              ))}
            </div>
            {errors.cardId && (
              <p
                id="card-error"
                className="mt-1 text-sm font-medium text-danger-600"
                data-testid="error-cardId"
              >
                {errors.cardId}
              </p>
            )}
            <Link
              to={addCard}
              className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 underline"
            >
              {t("addAnotherCard")}
            </Link>
          </fieldset>
          <p className="text-xs leading-relaxed text-slate-600">{t("secureNote")}</p>
          <SubmitButton>{t("submit")}</SubmitButton>
        </form>
      )}
      <Link
        to={`/${lang}/balance/order-points/cvs/`}
        className="inline-flex min-h-11 items-center justify-center text-sm text-brand-700 underline"
      >
        {t("otherMethods")}
      </Link>
    </section>
  );
}
