import { data } from "react-router";
import {
  type BankChoice,
  bankChoice,
  JAPAN_POST_BANK_CODE,
  popularBanks,
} from "#core/account/bank-search.ts";
import { changeBankAccount } from "#core/account/change-bank-account.ts";
import type { Address } from "#core/account/get-address.ts";
import type { BankAccount } from "#core/account/get-bank-account.ts";
import { getBankAccount } from "#core/account/get-bank-account.ts";
import { findAddressesByPostalCode } from "#core/account/postal-lookup.ts";
import { saveAddress } from "#core/account/save-address.ts";
import { isFreshSignIn } from "#core/identity/fresh-sign-in.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { ADDRESS_FIELDS, type AddressFormState } from "../components/account/address-form.tsx";
import { BANK_ACCOUNT_FIELDS, type SavedBankAccount } from "../components/account/bank-account-form.tsx";
import { translator } from "../i18n/index.ts";
import { streetAfterLookup, townChoices } from "./address-lookup.ts";
import type { FormState } from "./form-state.ts";
import { formFailure, formValues } from "./request.server.ts";

// The settings pages and the seller setup flow share these: the same form, the same use case.

export function addressForPage(address: Address | null) {
  if (!address) return null;
  const { updatedAt: _updatedAt, ...values } = address;
  return values;
}

function bankAccountForPage(account: BankAccount | null): SavedBankAccount | null {
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

/**
 * What the payout account form needs from the server: the saved account, the quick picks, and
 * whether the member's sign-in is too old to change it without their password.
 */
export async function bankAccountFormData(ctx: CoreContext, actor: SessionUser) {
  const [account, fresh] = await Promise.all([getBankAccount(ctx, actor.id), isFreshSignIn(ctx, actor)]);
  return { account: bankAccountForPage(account), popular: popularBanks(), askPassword: !fresh };
}

/**
 * The payout account form's action. A quick pick sent without JavaScript (`pickBank`) renders the
 * form again with that bank chosen (ゆうちょ銀行: its 記号・番号); anything else saves, by 記号・番号
 * when "ゆうちょ銀行" is the chosen kind and by bank and branch codes otherwise.
 */
export async function submitBankAccountForm(
  ctx: CoreContext,
  o: { actor: SessionUser; form: FormData; lang: Locale },
) {
  const values = formValues(o.form, BANK_ACCOUNT_FIELDS);
  const pickBank = o.form.get("pickBank");
  if (typeof pickBank === "string") {
    const bank = bankChoice(pickBank);
    if (bank?.code === JAPAN_POST_BANK_CODE)
      return data<FormState>({ values: { ...values, bankKind: "japanPost" } });
    if (bank) {
      return data<FormState>({
        values: {
          ...values,
          bankKind: "bank",
          bankCode: bank.code,
          bankName: bank.name,
          branchCode: "",
          branchName: "",
        },
      });
    }
  }
  const { bankKind, japanPostSymbol, japanPostNumber, ...zengin } = values;
  const input =
    bankKind === "japanPost" ? { holderName: values.holderName, japanPostSymbol, japanPostNumber } : zengin;
  try {
    await changeBankAccount(ctx, { actor: o.actor, currentPassword: o.form.get("currentPassword"), input });
    return { saved: true as const };
  } catch (error) {
    return formFailure(error, o.lang, values);
  }
}

/**
 * The bank form's suggestions as JSON: `{ suggestions: [{ code, name, reading }] }`, or for a query
 * that cannot be a name `{ error: { message } }` with 400, in the page's language. The directory
 * only changes with a deploy, so the browser may keep an answer for an hour.
 */
export function bankSuggestionsResponse(lang: Locale, find: () => BankChoice[]): Response {
  try {
    return Response.json(
      { suggestions: find() },
      { headers: { "Cache-Control": "private, max-age=3600", Vary: "Cookie" } },
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.json(
      { error: { message: localizeError(error, lang).message } },
      { status: error.status, headers: { "Cache-Control": "no-store" } },
    );
  }
}
