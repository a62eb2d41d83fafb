import { Link } from "react-router";
import { formatAddress } from "#core/account/address-format.ts";
import type { Address } from "#core/account/get-address.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { AddressForm, type AddressFormState } from "../account/address-form.tsx";

/** What the buyer chose on the purchase form, carried through the address step. */
export type CheckoutChoices = { method: string; usePoints: string; saveCard: string };

export const CHECKOUT_CHOICES = ["method", "usePoints", "saveCard"] as const;

/** The purchase page of an item, with the buyer's choices (and the address step, when asked). */
export function checkoutUrl(
  lang: Locale,
  itemId: number | string,
  o: { choices?: CheckoutChoices | null; addressStep?: boolean } = {},
): string {
  const query = new URLSearchParams();
  if (o.addressStep) query.set("step", "address");
  if (o.choices) for (const name of CHECKOUT_CHOICES) query.set(name, o.choices[name]);
  const search = query.toString();
  return `/${lang}/items/${itemId}/buy/${search ? `?${search}` : ""}`;
}

/**
 * Where the item goes, inside the purchase: the saved address with 変更する, or (none yet, or
 * being changed) the address form with its postal-code lookup, posted to the purchase page itself
 * with the choices made below, so nothing is lost and the page never leaves the purchase.
 */
export function CheckoutAddress({
  lang,
  itemId,
  address,
  editing,
  state,
  choices,
}: {
  lang: Locale;
  itemId: number;
  address: Omit<Address, "updatedAt"> | null;
  editing: boolean;
  state: AddressFormState | undefined;
  choices: CheckoutChoices;
}) {
  const t = useTranslations("buying");
  return (
    <section
      aria-labelledby="address-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="checkout-address"
    >
      <h2 id="address-title" className="font-bold">
        {t("address")}
      </h2>
      {address && !editing && (
        <>
          <p className="mt-2 text-sm leading-relaxed" data-testid="shipping-address">
            {formatAddress(address)}
            <br />
            {address.familyName} {address.givenName}
          </p>
          <Link
            to={checkoutUrl(lang, itemId, { choices, addressStep: true })}
            preventScrollReset
            className="mt-2 inline-flex min-h-11 items-center text-sm text-brand-700 underline"
          >
            {t("changeAddress")}
          </Link>
        </>
      )}
      {editing && (
        <div className="mt-2 flex flex-col gap-4">
          {!address && <p className="text-sm text-danger-600">{t("addressMissing")}</p>}
          <p className="text-sm text-slate-600">{address ? t("addressChangeStep") : t("addressStep")}</p>
          <AddressForm lang={lang} state={state} saved={address} submitLabel={t("addressSave")}>
            <input type="hidden" name="step" value="address" />
            {CHECKOUT_CHOICES.map((name) => (
              <input key={name} type="hidden" name={name} value={choices[name]} />
            ))}
          </AddressForm>
          {address && (
            <Link
              to={checkoutUrl(lang, itemId, { choices })}
              preventScrollReset
              className="inline-flex min-h-11 items-center justify-center text-sm text-brand-700 underline"
            >
              {t("addressKeep")}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
