import { useId, useRef } from "react";
import { data, redirect } from "react-router";
import { getAddress } from "#core/account/get-address.ts";
import { BALANCE_FIELD_LABELS } from "#core/money/balance/fields.ts";
import { BALANCE_LIMITS } from "#core/money/balance/limits.ts";
import { offeredMethods } from "#core/money/offered-methods.ts";
import { CONVENIENCE_STORES } from "#core/money/top-ups/codes.ts";
import { findPendingVoucher } from "#core/money/top-ups/find-pending-voucher.ts";
import { voucherDeadlines } from "#core/money/top-ups/voucher-deadline.ts";
import { ZCvsTopUp, ZPayeasyTopUp } from "#core/money/top-ups/voucher-fields.ts";
import type { Locale } from "#core/shared/locale.ts";
import { FieldMessages, FormError, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import {
  cardClass,
  NeedsAddress,
  PendingVoucherCard,
  TopUpHeading,
} from "../../components/top-ups/voucher-parts.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, readForm, requireUser } from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import type { Route } from "./+types/order-points";
import { cancelVoucherFromForm, checkTopUpForm, topUpMethodOf, topUpValues } from "./order-points.server.ts";
import { orderPointsPath, topUpQuery } from "./order-points-paths.ts";

// Step 1 of buying points with a voucher: where and how much. The same module serves
// `/balance/order-points/cvs/` and `/balance/order-points/payeasy/`.

export const meta: Route.MetaFunction = (args) => {
  const t = translator(localeOf(args.location.pathname));
  const payeasy = args.location.pathname.includes("/order-points/payeasy/");
  return seo(args, { title: t(payeasy ? "topUpPages.titles.payeasy" : "topUpPages.titles.cvs") });
};
export const handle = { back: "/balance/", tab: "mypage" };

/** Quick picks for the amount (all inside both methods' limits). */
const PICKS = [1000, 3000, 5000, 10000] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = topUpMethodOf(request);
  const ctx = core(context);
  if (!offeredMethods(ctx).topUps.includes(method)) throw data("Page Not Found", { status: 404 });
  const [pending, address] = await Promise.all([findPendingVoucher(ctx, user.id), getAddress(ctx, user.id)]);
  // Sent back from the next step (to change the order, or because its values did not pass):
  // the values as typed, with each problem beside its field.
  const query = new URL(request.url).searchParams;
  let form: FormState | null = null;
  if (query.has("store") || query.has("amount") || query.has("preset")) {
    const values = topUpValues(query);
    const checked = checkTopUpForm(method, values, lang);
    form = checked.ok ? { values } : checked.state;
  }
  return {
    method,
    pending,
    hasAddress: address !== null,
    form,
    limits: BALANCE_LIMITS.topUp[method],
    days: BALANCE_LIMITS.voucherDays,
    deadline: voucherDeadlines(ctx.clock.now()).shown,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const method = topUpMethodOf(request);
  const form = await readForm(request);
  if (form.get("intent") === "cancel") {
    return cancelVoucherFromForm(core(context), { userId: user.id, form, lang });
  }
  const values = topUpValues(form);
  const checked = checkTopUpForm(method, values, lang);
  if (!checked.ok) return data(checked.state, { status: checked.status });
  return redirect(
    orderPointsPath(
      lang,
      method,
      `application/${topUpQuery({ store: checked.store ?? "", amount: String(checked.amount) })}`,
    ),
  );
}

export default function OrderPoints({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("topUpPages");
  const lang = langOf(params);
  const { method, pending, hasAddress, limits, days, deadline } = loaderData;
  const state: FormState | undefined = actionData ?? loaderData.form ?? undefined;
  const yen = (n: number) => formatYen(n, lang);
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4" aria-labelledby="page-title">
      <TopUpHeading title={t(`titles.${method}`)} step={1} lead={t(`lead.${method}`)} />
      {pending ? (
        <PendingVoucherCard pending={pending} lang={lang} />
      ) : !hasAddress ? (
        <NeedsAddress lang={lang} />
      ) : (
        <TopUpForm method={method} state={state} limits={limits} lang={lang} />
      )}
      <section aria-labelledby="facts-title" className="rounded-2xl bg-slate-100 p-5 text-sm leading-relaxed">
        <h2 id="facts-title" className="font-bold">
          {t("facts.title")}
        </h2>
        <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-slate-700">
          <li>{t("facts.rate")}</li>
          <li>{t("facts.limits", { min: yen(limits.min), max: yen(limits.max) })}</li>
          <li>{t("facts.days", { days, date: formatDate(deadline, lang, true) })}</li>
          <li className="font-semibold text-slate-900" data-testid="no-refund">
            {t("facts.noRefund")}
          </li>
        </ul>
      </section>
    </section>
  );
}

function TopUpForm({
  method,
  state,
  limits,
  lang,
}: {
  method: "cvs" | "payeasy";
  state: FormState | undefined;
  limits: { min: number; max: number };
  lang: Locale;
}) {
  const t = useTranslations("topUpPages");
  const stores = useTranslations("codes.convenienceStore");
  const amountId = useId();
  const storeId = useId();
  const otherRef = useRef<HTMLInputElement>(null);
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  // The quick pick shown as chosen: the one sent, else the pick the amount equals, else "other".
  const typed = values.amount ?? "";
  const chosen = values.preset || (PICKS.some((p) => String(p) === typed) ? typed : typed ? "other" : "");
  const yen = (n: number) => formatYen(n, lang);
  const box =
    "rounded-xl border border-slate-300 bg-white px-4 py-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600";
  const choice = `${box} flex min-h-12 cursor-pointer items-center gap-3`;
  return (
    <ValidatedForm
      method="post"
      className={`${cardClass} flex flex-col gap-6`}
      state={state}
      validation={{ schema: method === "cvs" ? ZCvsTopUp : ZPayeasyTopUp, labels: BALANCE_FIELD_LABELS }}
    >
      <FormError message={state?.formError} />
      {method === "cvs" && (
        <fieldset aria-describedby={errors.store ? `${storeId}-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-800">{t("form.store")}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {CONVENIENCE_STORES.map((s) => (
              <label key={s.code} className={choice}>
                <input
                  type="radio"
                  name="store"
                  value={s.code}
                  defaultChecked={values.store === s.code}
                  className="size-5 shrink-0 accent-brand-600"
                />
                <span className="flex flex-col">
                  <span className="font-semibold">{stores(s.code)}</span>
                  <span className="text-xs text-slate-500">{t(`form.storeHow.${s.code}`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldMessages id={storeId} name="store" error={errors.store} />
        </fieldset>
      )}
      <fieldset aria-describedby={`${amountId}-hint${errors.amount ? ` ${amountId}-error` : ""}`}>
        <legend className="text-sm font-semibold text-slate-800">{t("form.amount")}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2" role="presentation">
          {PICKS.map((p) => (
            <label key={p} className={`${choice} justify-center`}>
              <input
                type="radio"
                name="preset"
                value={String(p)}
                defaultChecked={chosen === String(p)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <span className="text-lg font-bold">{yen(p)}</span>
            </label>
          ))}
        </div>
        <div className={`${box} mt-2 flex flex-col gap-2`}>
          <label className="flex min-h-8 cursor-pointer items-center gap-3">
            <input
              ref={otherRef}
              type="radio"
              name="preset"
              value="other"
              defaultChecked={chosen === "other"}
              className="size-5 shrink-0 accent-brand-600"
            />
            <span className="font-semibold">{t("form.other")}</span>
          </label>
          <div className="flex items-center gap-2">
            <input
              id={amountId}
              name="amount"
              inputMode="numeric"
              autoComplete="off"
              aria-label={t("form.otherLabel")}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${amountId}-hint${errors.amount ? ` ${amountId}-error` : ""}`}
              defaultValue={typed}
              onInput={() => {
                if (otherRef.current) otherRef.current.checked = true;
              }}
              className={`block h-12 w-full rounded-lg border bg-white px-3 text-right text-lg font-semibold shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
                errors.amount ? "border-danger-600" : "border-slate-300"
              }`}
            />
            <span className="shrink-0 text-base">{t("form.yen")}</span>
          </div>
        </div>
        <FieldMessages
          id={amountId}
          name="amount"
          hint={t("form.amountHint", { min: yen(limits.min), max: yen(limits.max) })}
          error={errors.amount}
        />
      </fieldset>
      <SubmitButton name="intent" value="next">
        {t("form.next")}
      </SubmitButton>
    </ValidatedForm>
  );
}
