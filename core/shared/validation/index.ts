// Shared validation building blocks (spec §5) for web forms, the REST API and the core.
export { bidRow, confirmed, yamatoInvoiceKb, yamatoShukaTime } from "./cross-field.ts";
export {
  type FieldErrors,
  type FieldLabels,
  type FormResult,
  formatIssues,
  localizeIssues,
  parseForm,
} from "./format.ts";
export type { Rule, RuleIssueParams } from "./issues.ts";
export { formatMessage, MESSAGES, type MessageKey, type MessageValues } from "./messages.ts";
export {
  bankHolderName,
  digits,
  email,
  imei,
  katakana,
  maxLength,
  maxValue,
  minLength,
  minValue,
  mobilePhoneNumber,
  numeric,
  passwordStrength,
  phone,
  postalDigits,
  printSafeText,
  required,
  text,
  yamatoShukaDate,
} from "./rules.ts";
export { type Now, type TokyoNow, tokyoNow } from "./tokyo-clock.ts";
