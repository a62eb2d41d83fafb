import { data } from "react-router";
import type { Address } from "#core/account/get-address.ts";
import type { BankAccount } from "#core/account/get-bank-account.ts";
import { findAddressesByPostalCode } from "#core/account/postal-lookup.ts";
import { saveAddress } from "#core/account/save-address.ts";
import { saveBankAccount } from "#core/account/save-bank-account.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { ADDRESS_FIELDS, type AddressFormState } from "../components/account/address-form.tsx";
import { BANK_ACCOUNT_FIELDS, type SavedBankAccount } from "../components/account/bank-account-form.tsx";
import { translator } from "../i18n/index.ts";
import { streetAfterLookup, townChoices } from "./address-lookup.ts";
import { formFailure, formValues } from "./request.server.ts";

// The settings pages and the seller setup flow share these: the same form, the same use case.

export function addressForPage(address: Address | null) {
  if (!address) return null;
  const { updatedAt: _updatedAt, ...values } = address;
  return values;
}

export function bankAccountForPage(account: BankAccount | null): SavedBankAccount | null {
  if (!account) return null;
  const { updatedAt: _updatedAt, ...values } = account;
  return values;
}

/**
 * The address form's action: intent "lookup" fills prefecture, city and town from the postal code
 * and renders the form again (the no-JavaScript path); anything else saves.
 */
export async function submitAddressForm(
  ctx: CoreContext,
  o: { userId: number; form: FormData; lang: Locale },
): Promise<{ saved: true } | ReturnType<typeof data<AddressFormState>>> {
  const values = formValues(o.form, ADDRESS_FIELDS);
  if (o.form.get("intent") === "lookup") {
    const t = translator(o.lang);
    try {
      const { postalCode, addresses } = findAddressesByPostalCode({ postalCode: values.postalCode });
      const first = addresses[0]!;
      const towns = addresses.map((a) => a.town);
      const street = streetAfterLookup(values.street, towns);
      const choices = townChoices(towns);
      return data<AddressFormState>({
        values: { ...values, postalCode, prefectureCode: first.prefectureCode, city: first.city, street },
        lookup: {
          towns: choices,
          notice: choices.length > 0 ? t("address.lookupChooseTown") : t("address.lookupFound"),
        },
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const text = localizeError(error, o.lang);
      const message = text.fields.postalCode ?? text.message;
      return data<AddressFormState>({ values, errors: { postalCode: message } }, { status: 422 });
    }
  }
  try {
    await saveAddress(ctx, { userId: o.userId, input: values });
    return { saved: true };
  } catch (error) {
    return formFailure(error, o.lang, values);
  }
}

/** The payout account form's action. */
export async function submitBankAccountForm(
  ctx: CoreContext,
  o: { userId: number; form: FormData; lang: Locale },
) {
  const values = formValues(o.form, BANK_ACCOUNT_FIELDS);
  try {
    await saveBankAccount(ctx, { userId: o.userId, input: values });
    return { saved: true as const };
  } catch (error) {
    return formFailure(error, o.lang, values);
  }
}
