/** The input rules' messages (spec §5): `{field}` is the field's label, `{other}` the label of the field it must match. */
import type { Messages } from "../../messages.ts";

export const enValidation: Pick<Messages, "validation"> = {
  validation: {
    default: "{field} is not valid",
    required: "{field} is required",
    select: "Please select an option for {field}",
    numeric: "{field} may only contain digits",
    minLength: "{field} must be at least {min, number} characters",
    maxLength: "{field} must be at most {max, number} characters",
    minValue: "{field} must be {min, number} or more",
    maxValue: "{field} must be {max, number} or less",
    confirmed: "{field} does not match {other}",
    email: "Enter a valid email address",
    digits: "{field} must be {length, number} digits",
    imei: "Enter the IMEI correctly",
    imeiLength: "Enter all {length, number} digits of the IMEI",
    printSafeText: "Contains characters that cannot be used",
    katakana: "Enter full-width katakana",
    mobilePhoneNumber: "Enter the phone number correctly",
    yamatoShukaDate: "Today's reception has ended. Please choose tomorrow or later",
    yamatoInvoiceKb: "Nekoposu is not eligible for the pickup service",
    bankHolderName: "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
    postalDigits: "Enter 7 digits",
    phone: "Enter 10 or 11 digits",
    phoneAreaCode: "Enter the phone number from its area code, starting with 0",
    passwordStrength: "{field} must contain both letters and digits",
    slug: "{field} may only contain lowercase letters, digits and hyphens",
    bidRow: "If money is not input, it can not be checked",
  },
};
