import { z } from "zod";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { digitsField } from "../shared/validation/digits-field.ts";
import { digits, mobilePhoneNumber, required, text } from "../shared/validation/index.ts";

// The mobile number's rules, in a module the browser can load: proving a number and signing in with
// it read the same schema and labels as the pages that check as people type.

export const PHONE_FIELD_LABELS: Record<string, Message> = {
  phoneNumber: msg("account.fields.phoneNumber"),
  code: msg("account.fields.code"),
};

/** The mobile number, by the §5 rule every mobile number field of the product follows. */
export const ZPhoneNumberInput = z.object({
  phoneNumber: digitsField(required(), mobilePhoneNumber()),
});
export type TPhoneNumberInput = z.input<typeof ZPhoneNumberInput>;

/** The 6-digit code texted to the number. */
export const ZPhoneCode = z.object({ code: text(required(), digits(6)) });

/** "09012345678" → "090-1234-5678", as people read a mobile number. */
export function formatPhoneNumber(digits: string): string {
  const m = /^(0\d0)(\d{4})(\d{4})$/.exec(digits);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : digits;
}
