import { Form, useNavigation } from "react-router";
import { offerProblem } from "#core/offers/offer-rules.ts";
import { formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError } from "../form.tsx";
import { AmountField } from "./amount-field.tsx";

/** The listing an offer is made on: its price and how it ships set the lowest amount allowed. */
export type OfferListing = { id: number; price: number; shippingMethod: string | null };

/** The amount and the buttons: inside the sheet, or on the page itself before script runs. */
export function OfferForm({
  listing,
  lowest,
  lang,
  state,
  onCancel,
}: {
  listing: OfferListing;
  lowest: number;
  lang: "ja" | "en";
  state: FormState | undefined;
  onCancel?: () => void;
}) {
  const t = useTranslations("offers");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="offer" />
      <FormError message={state?.formError} />
      <AmountField
        label={t("fields.amount")}
        hint={t("amountHint", {
          min: formatYen(lowest, lang),
          max: formatYen(listing.price - 1, lang),
        })}
        problem={(amount) => offerProblem(amount, listing)}
        defaultValue={state?.values?.amount}
        serverError={state?.errors?.amount}
      />
      <div className="flex gap-2">
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="h-12 flex-1 rounded-full border border-slate-300 bg-white text-sm font-semibold"
          >
            {t("cancel")}
          </button>
        )}
        <button
          type="submit"
          disabled={busy}
          className="h-12 flex-[2] rounded-full bg-brand-600 text-sm font-bold text-white disabled:opacity-60"
        >
          {t("submit")}
        </button>
      </div>
    </Form>
  );
}
