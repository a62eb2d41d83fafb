import { useState } from "react";
import { Link, redirect } from "react-router";
import { z } from "zod";
import { isFreshSignIn } from "#core/identity/fresh-sign-in.ts";
import { BALANCE_FIELD_LABELS, typedYen, yenField } from "#core/money/balance/fields.ts";
import { changeWalletLink } from "#core/money/payouts/change-wallet-link.ts";
import { payoutOptions } from "#core/money/payouts/get-payout-options.ts";
import { quotePayout } from "#core/money/payouts/quote-payout.ts";
import { SANDBOX_KYASH_ACCOUNTS } from "#core/money/payouts/sandbox-wallet.ts";
import { FreshSignInField } from "../../components/account/fresh-sign-in-field.tsx";
import { FormError, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { HelpLink } from "../../components/help/help-link.tsx";
import { AmountRows, Card, DestinationDetails } from "../../components/payouts/payout-parts.tsx";
import { formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm, requireUser } from "../../lib/request.server.ts";
import { seo } from "../../lib/seo.ts";
import type { Route } from "./+types/start";
import { isRequestKey, payoutMethodOf, payoutPath } from "./payout-method.ts";

export function meta(args: Route.MetaArgs) {
  const t = translator(langOf(args.params));
  return args.loaderData
    ? seo(args, { title: t(`payoutPages.title.${args.loaderData.options.method}`) })
    : [];
}
export const handle = { back: "/balance/", tab: "mypage" };
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = payoutMethodOf(request);
  const ctx = core(context);
  const url = new URL(request.url);
  return {
    options: await payoutOptions(ctx, { userId: user.id, method }),
    // One key per visit of the first step, carried through the confirm step: a repeated confirm
    // is the same payout.
    requestKey: crypto.randomUUID(),
    amount: (url.searchParams.get("amount") ?? "").slice(0, 20),
    linked: url.searchParams.has("linked"),
    kyashSandbox: method === "kyash" && ctx.wallet.kind === "sandbox" ? SANDBOX_KYASH_ACCOUNTS.ok : null,
    askPassword: method === "kyash" && !(await isFreshSignIn(ctx, user)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = payoutMethodOf(request);
  const ctx = core(context);
  const form = await readForm(request);
  if (method === "kyash" && form.get("intent") === "link") {
    const values = formValues(form, ["intent", "accountId"] as const);
    try {
      await changeWalletLink(ctx, {
        actor: user,
        currentPassword: form.get("currentPassword"),
        input: { accountId: values.accountId },
      });
      return redirect(`${payoutPath(lang, method)}?linked=1`);
    } catch (error) {
      return formFailure(error, lang, values);
    }
  }
  const values = formValues(form, ["intent", "amount", "requestKey"] as const);
  if (!isRequestKey(values.requestKey)) values.requestKey = crypto.randomUUID();
  try {
    const quote = await quotePayout(ctx, { userId: user.id, method, input: { amount: values.amount } });
    const query = new URLSearchParams({ amount: String(quote.amount), key: values.requestKey });
    return redirect(`${payoutPath(lang, method, "application/")}?${query}`);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/**
 * The amount as the page can check it while it is typed: whole yen between the smallest and the
 * largest one transfer takes. The core checks it again against the proceeds, the day and the step.
 */
function payoutAmountRule(min: number, max: number) {
  return z.object({ amount: yenField(min, max) });
}

/** Sets a field as typing would, so its checks and the running total see the new value. */
function fillField(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
  field.focus();
}

export default function PayoutStart({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("payoutPages");
  const lang = langOf(params);
  const { options, kyashSandbox } = loaderData;
  const { method, fee } = options;
  const state = actionData as FormState | undefined;
  const linkFailed = state?.values?.intent === "link" ? state : undefined;
  const amountState = state?.values?.intent === "link" ? undefined : state;
  const initial = amountState?.values?.amount ?? loaderData.amount;
  const [typed, setTyped] = useState(initial);
  const typedAmount = typedYen(typed);
  const min = fee + 1;
  const minShown = method === "seven" ? options.step : min;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t(`title.${method}`)}
      </h1>
      <HelpLink lang={lang} slug="payout-fees" className="self-start" />
      {loaderData.linked && (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {t("kyashLinked")}
        </p>
      )}

      <Card>
        <p className="text-sm text-slate-600">{t("proceeds")}</p>
        <p className="mt-1 text-3xl font-bold" data-testid="proceeds">
          {formatYen(options.proceeds, lang)}
        </p>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-slate-200 pt-3 text-sm">
          <dt>{t("fee")}</dt>
          <dd className="text-right font-semibold" data-testid="fee">
            {fee === 0 ? t("feeFree", { fee: formatYen(0, lang) }) : formatYen(fee, lang)}
          </dd>
        </dl>
        <p className="mt-2 text-xs text-slate-500">{t("totalNote")}</p>
      </Card>

      {method === "bank" && (
        <Card title={t("destination")} id="destination-title">
          {options.destination ? (
            <>
              <DestinationDetails destination={options.destination} lang={lang} />
              <Link
                to={`/${lang}/settings/bank-account/`}
                className="mt-3 inline-flex min-h-11 items-center text-sm text-brand-700 underline"
              >
                {t("changeBank")}
              </Link>
            </>
          ) : (
            <>
              <p className="text-sm text-danger-600">{t("noBank")}</p>
              <Link
                to={`/${lang}/settings/bank-account/`}
                className="mt-3 flex h-12 items-center justify-center rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
                data-testid="add-bank"
              >
                {t("addBank")}
              </Link>
            </>
          )}
        </Card>
      )}

      {method === "kyash" && (
        <Card title={t("destinationKyash")} id="destination-title">
          {options.destination ? (
            <DestinationDetails destination={options.destination} lang={lang} />
          ) : (
            <p className="text-sm text-danger-600">{t("noKyash")}</p>
          )}
          <p className="mt-2 text-xs text-slate-500">{t("kyashHow")}</p>
          <ValidatedForm method="post" className="mt-4 flex flex-col gap-3" state={linkFailed}>
            <input type="hidden" name="intent" value="link" />
            <FormError message={linkFailed?.formError} />
            <TextField
              name="accountId"
              label={t("kyashAccount")}
              hint={t("kyashAccountHint")}
              inputMode="numeric"
              autoComplete="off"
              maxLength={40}
              defaultValue={linkFailed?.values?.accountId ?? ""}
              error={linkFailed?.errors?.accountId}
            />
            {kyashSandbox && (
              <p className="text-xs text-slate-500">{t("kyashSandboxHint", { ok: kyashSandbox })}</p>
            )}
            <FreshSignInField ask={loaderData.askPassword} state={linkFailed} />
            <SubmitButton variant="secondary">
              {options.destination ? t("changeKyash") : t("linkKyash")}
            </SubmitButton>
          </ValidatedForm>
        </Card>
      )}

      {method === "seven" && (
        <Card title={t("sevenHowTitle")} id="how-title">
          <ul className="list-disc space-y-1.5 pl-5 text-sm leading-relaxed">
            <li>{t("sevenHow1")}</li>
            <li>{t("sevenHow2")}</li>
            <li>{t("sevenHow3", { hours: options.atmCodeHours })}</li>
            <li>{t("sevenHow4")}</li>
          </ul>
        </Card>
      )}

      <Card>
        <ValidatedForm
          method="post"
          className="flex flex-col gap-4"
          state={amountState}
          validation={{ schema: payoutAmountRule(minShown, options.max), labels: BALANCE_FIELD_LABELS }}
        >
          <input type="hidden" name="intent" value="review" />
          <input
            type="hidden"
            name="requestKey"
            value={amountState?.values?.requestKey ?? loaderData.requestKey}
          />
          <FormError message={amountState?.formError} />
          <TextField
            name="amount"
            label={t("amountLabel")}
            hint={t(method === "seven" ? "amountHintAtm" : "amountHint", {
              min: formatYen(minShown, lang),
              max: formatYen(options.max, lang),
            })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            defaultValue={initial}
            onInput={(event) => setTyped(event.currentTarget.value)}
            error={amountState?.errors?.amount}
          />
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-slate-600" data-testid="largest">
              {options.largest > 0
                ? t("largest", { amount: formatYen(options.largest, lang) })
                : t("nothingToPayOut")}
            </p>
            {options.largest > 0 && (
              // Without scripts, the page again with the amount filled in; with them, only the field.
              <Link
                to={`?amount=${options.largest}`}
                replace
                preventScrollReset
                aria-label={t("fillLargestLabel", { amount: formatYen(options.largest, lang) })}
                className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                onClick={(event) => {
                  const field = event.currentTarget.closest("form")?.elements.namedItem("amount");
                  if (!(field instanceof HTMLInputElement)) return;
                  event.preventDefault();
                  fillField(field, String(options.largest));
                }}
              >
                {t("fillLargest")}
              </Link>
            )}
          </div>
          {typedAmount !== null && typedAmount > 0 && (
            <div className="rounded-xl bg-slate-50 p-4">
              <AmountRows amount={typedAmount} fee={fee} lang={lang} />
            </div>
          )}
          <SubmitButton>{t("next")}</SubmitButton>
        </ValidatedForm>
      </Card>

      <Card title={t("limitsTitle")} id="limits-title">
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt>{t("limitPerTransfer")}</dt>
          <dd className="text-right">{formatYen(options.max, lang)}</dd>
          <dt>{t("limitPerDay")}</dt>
          <dd className="text-right">{formatYen(options.perDay, lang)}</dd>
          {method === "seven" && (
            <>
              <dt>{t("limitStep")}</dt>
              <dd className="text-right">{t("limitStepValue")}</dd>
            </>
          )}
        </dl>
        {options.max + fee > options.approvalThreshold && (
          <p className="mt-2 text-xs text-slate-500">
            {t("approvalNote", { amount: formatYen(options.approvalThreshold, lang) })}
          </p>
        )}
      </Card>
    </section>
  );
}
