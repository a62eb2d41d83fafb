import type { z } from "zod";
import { isMessage, type Message, type MessageValue, renderMessage } from "../i18n/translate.ts";
import type { Locale } from "../locale.ts";
import { type RuleIssueParams, readRuleIssueParams } from "./issues.ts";
import { type MessageValues, ruleMessage } from "./messages.ts";

/** One message per field, keyed by the dot-joined path (`"address.postal"`, `"bids.0.enabled"`). */
export type FieldErrors = Record<string, string>;
/** Field labels in the request's language, keyed by dot-joined path or by plain field name. */
export type FieldLabels = Readonly<Record<string, string>>;
/** Field labels as catalogue messages, keyed like `FieldLabels`. */
export type FieldLabelMessages = Readonly<Record<string, Message>>;

export type FormResult<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly errors: FieldErrors };

/**
 * Turns a zod error into messages, the first issue of each field winning (rules run in the order they
 * were listed). Issues raised by plain zod checks are mapped onto the same messages, so a schema that
 * mixes `z.string().min(3)` with our rules still reads consistently.
 */
function issueMessages(
  error: z.ZodError,
  labels: Readonly<Record<string, MessageValue>>,
): Record<string, Message> {
  const messages: Record<string, Message> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (Object.hasOwn(messages, path)) continue;
    const own = ownMessageOf(issue);
    if (own) {
      messages[path] = own;
      continue;
    }
    const { key, values, fields } = messageParamsOf(issue);
    const fieldLabels: Record<string, MessageValue> = { field: labelFor(issue.path, labels) };
    for (const [placeholder, sibling] of Object.entries(fields ?? {})) {
      fieldLabels[placeholder] = labelFor([...issue.path.slice(0, -1), sibling], labels);
    }
    messages[path] = ruleMessage(key, { ...values, ...fieldLabels });
  }
  return messages;
}

/** The messages of a zod error written out in one language, with the field labels in that language. */
export function formatIssues(error: z.ZodError, locale: Locale, labels: FieldLabels = {}): FieldErrors {
  return Object.fromEntries(
    Object.entries(issueMessages(error, labels)).map(([path, message]) => [
      path,
      renderMessage(message, locale),
    ]),
  );
}

/**
 * The messages of a zod error as catalogue messages, for errors that are raised now and rendered later
 * in whichever language the response needs (the core's `AppError` carries `fields: Record<string, Message>`).
 */
export function localizeIssues(error: z.ZodError, labels: FieldLabelMessages = {}): Record<string, Message> {
  return issueMessages(error, labels);
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

/**
 * A business rule outside §5 may carry its own catalogue message as `params.message` (`params.localized`
 * is read too, for the rules written before decision 020).
 */
function ownMessageOf(issue: z.core.$ZodIssue): Message | undefined {
  if (issue.code !== "custom") return undefined;
  const params = issue.params as { message?: unknown; localized?: unknown } | undefined;
  const own = params?.message ?? params?.localized;
  return isMessage(own) ? own : undefined;
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
    case "invalid_value":
      // One of several codes (a select, radio buttons): nothing chosen asks to choose, not to type.
      // (Only when the input was kept, `reportInput`: without it a wrong code and an empty one look alike.)
      if (!("input" in issue) || !isBlank(issue.input)) return { key: "default" };
      return { key: issue.values.length > 1 ? "select" : "required" };
    default:
      return { key: "default" };
  }
}

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === "string" && input.trim() === "");
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

function labelFor(
  path: readonly PropertyKey[],
  labels: Readonly<Record<string, MessageValue>>,
): MessageValue {
  const full = path.map(String).join(".");
  const name = path.findLast((segment): segment is string => typeof segment === "string") ?? full;
  if (Object.hasOwn(labels, full)) return labels[full] as MessageValue;
  if (Object.hasOwn(labels, name)) return labels[name] as MessageValue;
  return name;
}
