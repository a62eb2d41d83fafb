// Shared validation building blocks (spec §5) for web forms, the REST API and the core.
export { confirmed, yamatoInvoiceKb, yamatoShukaTime } from "./cross-field.ts";
export { type FieldLabelMessages, localizeIssues } from "./format.ts";

export {
  bankHolderName,
  digits,
  email,
  imei,
  katakana,
  maxLength,
  minLength,
  mobilePhoneNumber,
  passwordStrength,
  phone,
  postalDigits,
  printSafeText,
  required,
  text,
  yamatoShukaDate,
} from "./rules.ts";
