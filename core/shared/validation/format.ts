import type { z } from "zod";
import type { Locale, Localized } from "../locale.ts";
import { type RuleIssueParams, readRuleIssueParams } from "./issues.ts";
import { formatMessage, type MessageValues } from "./messages.ts";

/** One message per field, keyed by the dot-joined path (`"address.postal"`, `"bids.0.enabled"`). */
export type FieldErrors = Record<string, string>;
/** Field labels in the request's language, keyed by dot-joined path or by plain field name. */
export type FieldLabels = Readonly<Record<string, string>>;

export type FormResult<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly errors: FieldErrors };

/**
 * Turns a zod error into localized messages, the first issue of each field winning (rules run in the
 * order they were listed). Issues raised by plain zod checks are mapped onto the same messages, so a
 * schema that mixes `z.string().min(3)` with our rules still reads consistently.
 */
export function formatIssues(error: z.ZodError, locale: Locale, labels: FieldLabels = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (Object.hasOwn(errors, path)) continue;
    const own = ownMessageOf(issue);
    if (own) {
      errors[path] = own[locale];
      continue;
    }
    const { key, values, fields } = messageParamsOf(issue);
    const fieldLabels: Record<string, string> = { field: labelFor(issue.path, labels) };
    for (const [placeholder, sibling] of Object.entries(fields ?? {})) {
      fieldLabels[placeholder] = labelFor([...issue.path.slice(0, -1), sibling], labels);
    }
    errors[path] = formatMessage(key, locale, { ...values, ...fieldLabels });
  }
  return errors;
}

/**
 * Both languages at once, for errors that are raised now and rendered later in whichever language the
 * response needs (the core's `AppError` carries `fields: Record<string, Localized>`).
 */
export function localizeIssues(
  error: z.ZodError,
  labels: Readonly<Record<string, Localized>> = {},
): Record<string, Localized> {
  const labelsIn = (locale: Locale) =>
    Object.fromEntries(Object.entries(labels).map(([field, label]) => [field, label[locale]]));
  const ja = formatIssues(error, "ja", labelsIn("ja"));
  const en = formatIssues(error, "en", labelsIn("en"));
  return Object.fromEntries(
    Object.keys(ja).map((path) => [path, { ja: ja[path] as string, en: en[path] as string }]),
  );
}

/** Validates a submitted form or request body and returns either the parsed data or the messages. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: Locale,
  labels: FieldLabels = {},
): FormResult<z.output<S>> {
  // reportInput lets formatIssues tell a missing value ("required") from a value of the wrong type.
  const result = schema.safeParse(input, { reportInput: true });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: formatIssues(result.error, locale, labels) };
}

/** A business rule outside §5 may carry its finished text in both languages as `params.localized`. */
function ownMessageOf(issue: z.core.$ZodIssue): Localized | undefined {
  if (issue.code !== "custom") return undefined;
  const localized = (issue.params as { localized?: unknown } | undefined)?.localized;
  if (!localized || typeof localized !== "object") return undefined;
  const { ja, en } = localized as Record<string, unknown>;
  return typeof ja === "string" && typeof en === "string" ? { ja, en } : undefined;
}

function messageParamsOf(issue: z.core.$ZodIssue): RuleIssueParams {
  switch (issue.code) {
    case "custom":
      // Our rules carry a message key; so can any `.refine(fn, { params: { key } })` written elsewhere.
      return readRuleIssueParams(issue.params) ?? { key: "default" };
    case "invalid_type":
      // Without reportInput the input is not kept on the issue; a missing field is by far the usual case.
      return { key: "input" in issue && issue.input != null ? "default" : "required" };
    case "too_small":
      return bound(issue.origin, "minLength", "minValue", { min: Number(issue.minimum) });
    case "too_big":
      return bound(issue.origin, "maxLength", "maxValue", { max: Number(issue.maximum) });
    case "invalid_format":
      return { key: issue.format === "email" ? "email" : "default" };
    default:
      return { key: "default" };
  }
}

function bound(
  origin: string,
  lengthKey: "minLength" | "maxLength",
  valueKey: "minValue" | "maxValue",
  values: MessageValues,
): RuleIssueParams {
  if (origin === "string") return { key: lengthKey, values };
  if (origin === "number" || origin === "int" || origin === "bigint") return { key: valueKey, values };
  return { key: "default" };
}

function labelFor(path: readonly PropertyKey[], labels: FieldLabels): string {
  const full = path.map(String).join(".");
  const name = path.findLast((segment): segment is string => typeof segment === "string") ?? full;
  if (Object.hasOwn(labels, full)) return labels[full] as string;
  if (Object.hasOwn(labels, name)) return labels[name] as string;
  return name;
}
