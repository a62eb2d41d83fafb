import { type FocusEvent, useState } from "react";
import { SHIPPING_METHOD } from "#core/catalog/codes.ts";
import {
  COURIER_INVOICE_KIND,
  COURIER_INVOICE_KINDS,
  COURIER_SHIPPING_TYPES,
  PARCEL_SIZES,
  PICKUP_TIME_SLOTS,
} from "#core/shared/courier.ts";
import { type Message, renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { courierFee, HANDLING_NOTES, PACKAGINGS } from "#core/trading/codes.ts";
import {
  carrierOf,
  checkTrackingNumber,
  formatTrackingNumber,
  SELLER_CARRIERS,
  TRACKING_HINTS,
  trackingCarrier,
} from "#core/trading/tracking-number.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { label } from "../../lib/labels.ts";
import { TextField } from "../form.tsx";
import { SelectField } from "../select-field.tsx";
import { type ConfirmCopy, ConfirmForm, type FormValues } from "./confirm-form.tsx";

/** What the shipping notice's confirmation says, from the form's values (dialog and server alike). */
export function shipCopy(
  t: ReturnType<typeof useTranslations<"buying.confirmStep">>,
  sale: { shippingMethod: string; postage: string },
  values: FormValues,
  lang: Locale,
): ConfirmCopy {
  const { shippingMethod } = sale;
  const courier = shippingMethod === SHIPPING_METHOD.EASY_DELIVERY;
  const fee = courier ? feeOf(values.get("invoiceKind"), values.get("parcelSize")) : null;
  const tracking = checkTrackingNumber(shippingMethod, values.get("trackingNumber"), values.get("carrier"));
  const number = tracking.ok ? tracking.value : values.get("trackingNumber");
  return {
    title: t("ship.title"),
    confirm: t("ship.confirm"),
    body: (
      <div className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-slate-700">
        <p>{t("ship.body")}</p>
        <p className="font-semibold text-slate-900" data-testid="confirm-detail">
          {courier
            ? t("ship.courier", {
                kind: label(COURIER_INVOICE_KINDS, values.get("invoiceKind"), lang),
                type: label(COURIER_SHIPPING_TYPES, values.get("shippingType"), lang),
              })
            : number
              ? t("ship.tracking", { number: formatTrackingNumber(number) })
              : t("ship.noTracking")}
        </p>
        {courier && sale.postage === "INCLUDED" && fee !== null && (
          <p data-testid="confirm-courier-fee">{t("ship.courierFeeNote", { fee: formatYen(fee, lang) })}</p>
        )}
        {courier && sale.postage === "ARRIVAL" && <p>{t("ship.courierOnArrival")}</p>}
      </div>
    ),
  };
}

/** The courier's fee for the kind and size chosen on the form; null until it is known. */
function feeOf(kind: string | undefined, size: string | undefined): number | null {
  const invoiceKind = COURIER_INVOICE_KINDS.find((k) => k.code === kind)?.code;
  if (!invoiceKind) return null;
  const parcelSize = PARCEL_SIZES.find((s) => String(s) === size) ?? null;
  if (invoiceKind === COURIER_INVOICE_KIND.PARCEL && parcelSize === null) return null;
  return courierFee(invoiceKind, parcelSize);
}

/**
 * The seller's shipping notice: the courier's invoice (kind, size, handover, pickup) with the
 * courier integration, otherwise the carrier's tracking number, checked as it is typed with the
 * server's rule and written back as printed on the slip. Asks before it tells the buyer.
 */
export function ShipForm({
  shippingMethod,
  postage,
  state,
  lang,
}: {
  shippingMethod: string;
  /** INCLUDED: the seller pays the courier out of the proceeds; ARRIVAL: the buyer pays on delivery. */
  postage: string;
  /** The server's answer when it was for this form. */
  state: FormState | undefined;
  lang: Locale;
}) {
  const t = useTranslations("buying");
  const tc = useTranslations("buying.confirmStep");
  const v = (k: string) => state?.values?.[k] ?? "";
  const courier = shippingMethod === SHIPPING_METHOD.EASY_DELIVERY;
  const option = (table: readonly { code: string; label: Message }[]) =>
    table.filter((e) => e.code !== "").map((e) => ({ value: e.code, label: renderMessage(e.label, lang) }));
  // The browser's verdict on the tracking number since the last answer: a message, or null once right.
  const [trackingError, setTrackingError] = useState<string | null | undefined>(undefined);
  const serverError = state?.errors?.trackingNumber;
  const shownTrackingError = trackingError === undefined ? serverError : (trackingError ?? undefined);

  // For an undecided method the seller names the carrier, whose numbers the field then expects.
  const sellerNamesCarrier = carrierOf(shippingMethod) === "any";
  const [carrier, setCarrier] = useState(v("carrier"));

  function checkTracking(field: HTMLInputElement): boolean {
    const named = (field.form?.elements.namedItem("carrier") as HTMLSelectElement | null)?.value ?? carrier;
    const result = checkTrackingNumber(shippingMethod, field.value, named);
    if (result.ok) {
      if (result.value) field.value = formatTrackingNumber(result.value);
      setTrackingError(null);
      return true;
    }
    setTrackingError(renderMessage(result.message, lang));
    return false;
  }

  return (
    <ConfirmForm
      intent="ship"
      submitLabel={t("ship")}
      state={state}
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      testId="ship-form"
      copy={(values) => shipCopy(tc, { shippingMethod, postage }, values, lang)}
      check={(form) => {
        const field = form.elements.namedItem("trackingNumber");
        if (!(field instanceof HTMLInputElement) || checkTracking(field)) return true;
        field.focus();
        return false;
      }}
    >
      {courier ? (
        <>
          <SelectField
            name="invoiceKind"
            label={t("invoiceKind")}
            options={option(COURIER_INVOICE_KINDS).map((o) => {
              const fee = feeOf(o.value, undefined);
              if (fee === null) return o;
              const shown = formatYen(fee, lang);
              return { ...o, label: lang === "ja" ? `${o.label}（${shown}）` : `${o.label} (${shown})` };
            })}
            defaultValue={v("invoiceKind")}
            error={state?.errors?.invoiceKind}
          />
          <SelectField
            name="parcelSize"
            label={t("parcelSize")}
            optional
            options={PARCEL_SIZES.map((s) => ({
              value: String(s),
              label: t("sizeWithFee", {
                size: s,
                fee: formatYen(courierFee(COURIER_INVOICE_KIND.PARCEL, s), lang),
              }),
            }))}
            defaultValue={v("parcelSize")}
            error={state?.errors?.parcelSize}
          />
          <SelectField
            name="shippingType"
            label={t("shippingType")}
            options={option(COURIER_SHIPPING_TYPES)}
            defaultValue={v("shippingType")}
            error={state?.errors?.shippingType}
          />
          <TextField
            name="pickupDate"
            type="date"
            label={t("pickupDate")}
            optional
            defaultValue={v("pickupDate")}
            error={state?.errors?.pickupDate}
          />
          <SelectField
            name="pickupSlot"
            label={t("pickupSlot")}
            optional
            options={option(PICKUP_TIME_SLOTS)}
            defaultValue={v("pickupSlot")}
            error={state?.errors?.pickupSlot}
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
              <label key={n.code} className="mr-3 inline-flex min-h-11 items-center gap-1">
                <input type="checkbox" name="handlingNotes" value={n.code} className="size-5" />
                {renderMessage(n.label, lang)}
              </label>
            ))}
          </fieldset>
        </>
      ) : (
        <>
          {sellerNamesCarrier && (
            <SelectField
              name="carrier"
              label={t("carrier")}
              optional
              options={SELLER_CARRIERS.map((c) => ({ value: c, label: t(`carriers.${c}`) }))}
              defaultValue={v("carrier")}
              error={state?.errors?.carrier}
              onChange={(event) => {
                setCarrier(event.currentTarget.value);
                setTrackingError(undefined);
              }}
            />
          )}
          <TextField
            name="trackingNumber"
            label={t("trackingNumber")}
            optional
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            hint={renderMessage(TRACKING_HINTS[trackingCarrier(shippingMethod, carrier)], lang)}
            defaultValue={v("trackingNumber")}
            error={shownTrackingError}
            onBlur={(event: FocusEvent<HTMLInputElement>) => {
              if (event.currentTarget.value.trim() !== "" || shownTrackingError)
                checkTracking(event.currentTarget);
            }}
          />
        </>
      )}
    </ConfirmForm>
  );
}
