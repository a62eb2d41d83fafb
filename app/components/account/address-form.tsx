import { type MouseEvent, type ReactNode, useId, useRef, useState } from "react";
import { ZAddress } from "#core/account/address-fields.ts";
import { ACCOUNT_FIELD_LABELS } from "#core/account/fields.ts";
import { PREFECTURES } from "#core/shared/codes.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { streetAfterLookup, townChoices } from "../../lib/address-lookup.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError, SubmitButton, TextField, ValidatedForm } from "../form.tsx";
import { SelectField } from "../select-field.tsx";

export const ADDRESS_FIELDS = [
  "familyName",
  "givenName",
  "familyNameKana",
  "givenNameKana",
  "postalCode",
  "prefectureCode",
  "city",
  "street",
  "building",
  "phone",
] as const;
export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>;

/** What the address form's action answers: a failed save, or the result of a postal-code lookup. */
export type AddressFormState = FormState & { lookup?: { towns: string[]; notice: string } };

/**
 * The core's own rules, checked as each field is left; the kana fields show what they became
 * (すずき → スズキ, ｽｽﾞｷ → スズキ), the same conversion the server makes.
 */
const ADDRESS_VALIDATION = {
  schema: ZAddress,
  labels: ACCOUNT_FIELD_LABELS,
  convert: ["familyNameKana", "givenNameKana"],
};

type LookupAnswer = {
  addresses?: { prefecture_code: string; city: string; town: string }[];
  error?: { message: string; fields?: Record<string, string> };
};

function field(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/**
 * The member's address, used by the settings page and the seller setup flow. The postal-code
 * button fills prefecture, city and town: with JavaScript from the API without leaving the page,
 * without it by submitting the form with intent "lookup", which renders it again filled in.
 */
export function AddressForm({
  lang,
  state,
  saved,
  submitLabel,
  children,
}: {
  lang: Locale;
  state: AddressFormState | undefined;
  saved: Partial<AddressValues> | null;
  submitLabel: string;
  /** Hidden fields the page needs sent along (the setup flow's redirect target). */
  children?: ReactNode;
}) {
  const t = useTranslations("address");
  const formRef = useRef<HTMLFormElement>(null);
  const datalistId = useId();
  const [busy, setBusy] = useState(false);
  const [looked, setLooked] = useState<{ towns: string[]; notice?: string; error?: string } | null>(null);
  const value = (name: keyof AddressValues) => state?.values?.[name] ?? saved?.[name] ?? "";
  const error = (name: keyof AddressValues) => state?.errors?.[name];
  const towns = looked ? looked.towns : (state?.lookup?.towns ?? []);
  const notice = looked ? looked.notice : state?.lookup?.notice;

  async function lookUp(event: MouseEvent<HTMLButtonElement>) {
    const form = formRef.current;
    const postal = form && field(form, "postalCode");
    if (!form || !postal) return;
    event.preventDefault();
    setBusy(true);
    try {
      const code = postal.value.trim() || "-";
      const res = await fetch(`/api/v1/postal-codes/${encodeURIComponent(code)}`, {
        headers: { accept: "application/json", "accept-language": lang },
      });
      const answer = (await res.json()) as LookupAnswer;
      const found = answer.addresses ?? [];
      const first = found[0];
      if (!res.ok || !first) {
        setLooked({
          towns: [],
          error: answer.error?.fields?.postal_code ?? answer.error?.message ?? t("lookupFailed"),
        });
        return;
      }
      const prefecture = field(form, "prefectureCode");
      const city = field(form, "city");
      const street = field(form, "street");
      if (prefecture) prefecture.value = first.prefecture_code;
      if (city) city.value = first.city;
      const foundTowns = found.map((a) => a.town);
      if (street) street.value = streetAfterLookup(street.value, foundTowns);
      const choices = townChoices(foundTowns);
      setLooked({ towns: choices, notice: choices.length > 0 ? t("lookupChooseTown") : t("lookupFound") });
      street?.focus();
    } catch {
      setLooked({ towns: [], error: t("lookupFailed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ValidatedForm
      method="post"
      ref={formRef}
      className="flex flex-col gap-5"
      state={state}
      validation={ADDRESS_VALIDATION}
    >
      {/* The first submit button is the one Enter presses: saving, not the lookup. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      {children}
      <FormError message={state?.formError} />
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="sr-only">{t("name")}</legend>
        <TextField
          name="familyName"
          label={t("familyName")}
          autoComplete="family-name"
          defaultValue={value("familyName")}
          error={error("familyName")}
        />
        <TextField
          name="givenName"
          label={t("givenName")}
          autoComplete="given-name"
          defaultValue={value("givenName")}
          error={error("givenName")}
        />
        <TextField
          name="familyNameKana"
          label={t("familyNameKana")}
          defaultValue={value("familyNameKana")}
          error={error("familyNameKana")}
        />
        <TextField
          name="givenNameKana"
          label={t("givenNameKana")}
          defaultValue={value("givenNameKana")}
          error={error("givenNameKana")}
        />
        <p className="col-span-2 -mt-2 text-xs text-slate-500">{t("kanaHint")}</p>
      </fieldset>
      <div>
        <TextField
          name="postalCode"
          label={t("postalCode")}
          hint={t("postalCodeHint")}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          defaultValue={value("postalCode")}
          error={looked?.error ?? error("postalCode")}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            name="intent"
            value="lookup"
            onClick={lookUp}
            disabled={busy}
            aria-busy={busy || undefined}
            className="h-10 shrink-0 rounded-full border border-brand-600 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            {t("lookup")}
          </button>
          <p role="status" className="text-sm text-slate-600" data-testid="postal-lookup-status">
            {busy ? t("lookupBusy") : (notice ?? "")}
          </p>
        </div>
      </div>
      <SelectField
        name="prefectureCode"
        label={t("prefecture")}
        options={PREFECTURES.map((p) => ({ value: p.code, label: renderMessage(p.label, lang) }))}
        defaultValue={value("prefectureCode")}
        error={error("prefectureCode")}
        required
      />
      <TextField
        name="city"
        label={t("city")}
        autoComplete="address-level2"
        defaultValue={value("city")}
        error={error("city")}
      />
      <TextField
        name="street"
        label={t("street")}
        hint={t("streetHint")}
        autoComplete="address-line1"
        list={towns.length > 0 ? datalistId : undefined}
        defaultValue={value("street")}
        error={error("street")}
      />
      {towns.length > 0 && (
        <datalist id={datalistId}>
          {towns.map((town) => (
            <option key={town} value={town} />
          ))}
        </datalist>
      )}
      <TextField
        name="building"
        label={t("building")}
        hint={t("buildingHint")}
        optional
        autoComplete="address-line2"
        defaultValue={value("building")}
        error={error("building")}
      />
      <TextField
        name="phone"
        label={t("phone")}
        hint={t("phoneHint")}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        defaultValue={value("phone")}
        error={error("phone")}
      />
      <SubmitButton name="intent" value="save">
        {submitLabel}
      </SubmitButton>
    </ValidatedForm>
  );
}
