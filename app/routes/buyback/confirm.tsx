import { useMemo } from "react";
import { Link, redirect } from "react-router";
import { getAddress } from "#core/account/get-address.ts";
import { applyForBuyback } from "#core/buyback/apply.ts";
import { estimateDevices } from "#core/buyback/estimate.ts";
import { BUYBACK_HANDOVER, spotDropOff } from "#core/buyback/handover.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { confirmFormSchema, SHIPPING_LABELS } from "#core/buyback/shipping-fields.ts";
import { COURIER_PICKUP_CLOSING_HOUR, PICKUP_TIME_SLOTS } from "#core/shared/courier.ts";
import { isAppError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { tokyoNow } from "#core/shared/validation/tokyo-clock.ts";
import { AddressBlock } from "../../components/buyback-member/address-block.tsx";
import { useStorageLabel } from "../../components/buyback-member/device-fieldset.tsx";
import { EstimateRange } from "../../components/buyback-member/estimate-panel.tsx";
import { OfferLines, useGradeLabel, useNgLabel } from "../../components/buyback-member/offer-lines.tsx";
import {
  Checkbox,
  FieldMessages,
  FormError,
  SubmitButton,
  TextField,
  useShownError,
  ValidatedForm,
} from "../../components/form.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { addressForPage } from "../../lib/account-forms.server.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, readForm } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/confirm";
import { clearDraftCookie, deviceInput, readDraft, requireMember } from "./member.server.ts";

export const meta = titleMeta("buybackMember.confirm.title", { noindex: true });
export const handle = { back: "/buyback/application/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireMember(context, request, lang);
  const ctx = core(context);
  const draft = readDraft(request, user.id);
  if (!draft) throw redirect(`/${lang}/buyback/application/`);
  let devices: Awaited<ReturnType<typeof estimateDevices>>;
  try {
    devices = await estimateDevices(ctx, draft.map(deviceInput), { actor: user });
  } catch (error) {
    // The draft no longer holds (a model left the catalogue, a report went on a listing meanwhile):
    // back to the form, which says why.
    if (isAppError(error) && ["VALIDATION", "FORBIDDEN", "CONFLICT"].includes(error.code)) {
      throw redirect(`/${lang}/buyback/application/`);
    }
    throw error;
  }
  return {
    devices: devices.map(({ device, estimate }) => ({
      modelName: device.modelName,
      storageGb: device.storageGb,
      imei: device.imei,
      checkedAt: device.check?.checkedAt ?? null,
      estimate,
    })),
    address: addressForPage(await getAddress(ctx, user.id)),
    requestKey: crypto.randomUUID(),
    today: tokyoNow(ctx.clock.now()).date,
    dropOff: await spotDropOff(ctx),
  };
}

const FIELDS = [
  "requestKey",
  "method",
  "pickupDate",
  "pickupSlot",
  "activationLock",
  "dataErased",
  "adult",
] as const;

/** Confirm: one application (the request key makes a double submit answer the first one). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireMember(context, request, lang);
  const values = formValues(await readForm(request), FIELDS);
  const draft = readDraft(request, user.id);
  try {
    const { applicationId } = await applyForBuyback(core(context), {
      actor: user,
      requestKey: values.requestKey,
      devices: (draft ?? []).map(deviceInput),
      shipping: { method: values.method, pickupDate: values.pickupDate, pickupSlot: values.pickupSlot },
      confirmations: {
        activationLock: values.activationLock,
        dataErased: values.dataErased,
        adult: values.adult,
      },
    });
    return redirect(`/${lang}/buyback/transactions/?applied=${applicationId}`, {
      headers: { "Set-Cookie": clearDraftCookie(context) },
    });
  } catch (error) {
    // Nothing left to apply with (the devices were sent from another tab): start again.
    if (!draft && isAppError(error) && error.code === "VALIDATION") {
      return redirect(`/${lang}/buyback/application/`);
    }
    return formFailure(error, lang, values);
  }
}

/** A choice's message: the page's own check once the choice is made, else the server's. */
function ShownMessages({ name, error }: { name: string; error: string | undefined }) {
  return <FieldMessages id={name} name={name} error={useShownError(name, error)} />;
}

export default function Confirm({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackMember");
  const lang = langOf(params);
  const grade = useGradeLabel();
  const ng = useNgLabel();
  const storageLabel = useStorageLabel();
  const { devices, address, requestKey, today, dropOff } = loaderData;
  const p = useTranslations("buybackPublic");
  const v = (k: (typeof FIELDS)[number]) => actionData?.values?.[k] ?? "";
  const e = actionData?.errors ?? {};
  const priced = devices.filter((d) => d.estimate.offer);
  const total = priced.reduce((sum, d) => sum + (d.estimate.offer?.amount ?? 0), 0);
  const deviceErrors = Object.keys(e).some((k) => k.startsWith("devices"));
  const method = v("method") || "kit";
  const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
  // The choices checked as they are made, with the core's rules (the server checks again on sending).
  const confirmRule = useMemo(() => confirmFormSchema(new Date()), []);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("confirm.title")}
      </h1>
      <FormError
        message={deviceErrors ? t("application.checkErrors") : (actionData?.formError ?? e.requestKey)}
      />
      <section aria-labelledby="devices-title" className={card}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="devices-title" className="text-lg font-bold">
            {t("confirm.devices")}
          </h2>
          <Link
            to={`/${lang}/buyback/application/`}
            className="text-sm font-semibold text-brand-700 underline"
          >
            {t("confirm.edit")}
          </Link>
        </div>
        <ol className="mt-3 flex flex-col divide-y divide-slate-200">
          {devices.map((d, i) => (
            <li
              key={`${i}-${d.imei ?? ""}`}
              className="flex flex-col gap-2 py-3"
              data-testid="confirm-device"
            >
              <p className="font-semibold">
                {t("application.device", { n: i + 1 })}: {d.modelName}
                {d.storageGb ? ` ${storageLabel(d.storageGb)}` : ""}
              </p>
              {d.imei && (
                <p className="text-xs text-slate-600">
                  {t("fields.imei")}: <span className="font-mono">{d.imei}</span>
                </p>
              )}
              {d.checkedAt && (
                <p className="text-sm text-emerald-900" data-testid="confirm-device-check">
                  {t("application.checkOnDevice", { date: formatDate(d.checkedAt, lang, true) })}
                </p>
              )}
              {e[`devices.${i}.checkId`] && (
                <p className="text-sm font-medium text-danger-600" role="alert">
                  {e[`devices.${i}.checkId`]}
                </p>
              )}
              {d.estimate.offer ? (
                <OfferLines
                  lang={lang}
                  bidLabel={t("detail.bid", {
                    grade: grade(d.estimate.grade),
                    condition: ng(d.estimate.ngCondition),
                  })}
                  bid={d.estimate.offer.bid}
                  deductions={d.estimate.offer.deductions}
                  amountLabel={t("estimate.amount")}
                  amount={d.estimate.offer.amount}
                />
              ) : (
                <p className="text-sm">
                  <span className="font-semibold">{t("estimate.noBid")}</span> {t("estimate.noBidNote")}
                </p>
              )}
              <EstimateRange estimate={d.estimate} lang={lang} testId={`confirm-range-${i}`} />
            </li>
          ))}
        </ol>
        <div className="mt-2 flex items-baseline justify-between gap-3 border-t border-slate-300 pt-3">
          <span className="font-bold">{t("confirm.total")}</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="confirm-total">
            {formatYen(total, lang)}
          </span>
        </div>
        {priced.length < devices.length && (
          <p className="mt-1 text-xs text-slate-600">
            {t("confirm.totalNote", { count: devices.length - priced.length })}
          </p>
        )}
        <p className="mt-2 text-xs text-slate-600">{t("estimate.note")}</p>
      </section>

      <ValidatedForm
        method="post"
        className="flex flex-col gap-4"
        state={actionData}
        validation={{ schema: confirmRule, labels: SHIPPING_LABELS }}
      >
        <input type="hidden" name="requestKey" value={requestKey} />
        <div className={card}>
          <fieldset className="group flex flex-col gap-3">
            <legend className="mb-1 text-lg font-bold">{t("confirm.shipping")}</legend>
            {BUYBACK_HANDOVER.methods.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="method"
                  value={m}
                  defaultChecked={method === m}
                  className={`mt-1 size-4 shrink-0 accent-brand-600 ${m === "pickup" ? "method-pickup" : ""}`}
                />
                <span>
                  <span className="block font-semibold">{t(`confirm.${m}`)}</span>
                  <span className="mt-1 block text-sm text-slate-700">{t(`confirm.${m}Note`)}</span>
                </span>
              </label>
            ))}
            <ShownMessages name="method" error={e.method} />
            {/* Shown once the pickup is chosen (CSS only, so it works before and without scripts). */}
            <div
              className={`${e.pickupDate || e.pickupSlot || method === "pickup" ? "flex" : "hidden"} flex-col gap-3 group-has-[.method-pickup:checked]:flex`}
              data-testid="pickup-fields"
            >
              <TextField
                name="pickupDate"
                type="date"
                label={t("fields.pickupDate")}
                min={today}
                defaultValue={v("pickupDate")}
                error={e.pickupDate}
              />
              <SelectField
                name="pickupSlot"
                label={t("fields.pickupSlot")}
                options={PICKUP_TIME_SLOTS.map((s) => ({
                  value: s.code,
                  label: renderMessage(s.label, lang),
                }))}
                defaultValue={v("pickupSlot")}
                error={e.pickupSlot}
              />
              <p className="text-xs text-slate-600">
                {t("confirm.pickupClosing", { hour: COURIER_PICKUP_CLOSING_HOUR })}
              </p>
            </div>
          </fieldset>
          {dropOff.open && (
            <p className="mt-3 text-sm leading-relaxed text-slate-700" data-testid="drop-off-note">
              {p("dropOff.applicationNote", { count: dropOff.spots })}{" "}
              {p("dropOff.how", { method: t(`confirm.${dropOff.method}`) })}{" "}
              <Link to={`/${lang}/buyback/spots/`} className="font-semibold text-brand-700 underline">
                {p("dropOff.spotsLink")}
              </Link>
            </p>
          )}
        </div>

        <section aria-labelledby="address-title" className={card}>
          <h2 id="address-title" className="text-lg font-bold">
            {t("confirm.address")}
          </h2>
          {address ? (
            <>
              <AddressBlock address={address} testId="confirm-address" />
              <Link
                to={`/${lang}/settings/address/`}
                className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
              >
                {t("confirm.changeAddress")}
              </Link>
            </>
          ) : (
            <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <p>{t("confirm.noAddress")}</p>
              <Link
                to={`/${lang}/settings/address/`}
                className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {t("confirm.registerAddress")}
              </Link>
            </div>
          )}
          <FieldMessages id="address" name="address" error={e.address} />
        </section>

        <div className={card}>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-lg font-bold">{t("confirm.checks")}</legend>
            {(["activationLock", "dataErased", "adult"] as const).map((name) => (
              <div key={name}>
                <Checkbox name={name} label={t(`confirm.${name}`)} defaultChecked={v(name) === "on"} />
                <ShownMessages name={name} error={e[name]} />
              </div>
            ))}
            <p className="text-xs text-slate-600">
              {t("confirm.identity", { amount: formatYen(BUYBACK_RULES.identityExemptBelow, lang) })}
            </p>
          </fieldset>
        </div>

        <p className="text-sm text-slate-700">
          {t("confirm.deadline", { days: BUYBACK_RULES.shipWithinDays })}
        </p>
        <SubmitButton>{t("confirm.submit")}</SubmitButton>
      </ValidatedForm>
    </section>
  );
}
