import type { z } from "zod";
import { isRuleMessageKey, type MessageValues, type RuleMessageKey } from "./messages.ts";

/**
 * A rule is a plain zod check, so it plugs into `.check(...)` of any schema whose output it can read:
 * field rules into string (or number) schemas, cross-field rules into object schemas.
 */
export type Rule<T> = z.core.CheckFn<T>;

/**
 * What a rule attaches to its issue instead of a finished sentence: the language is only known when
 * the issue is formatted for a request. `fields` names sibling fields whose labels fill placeholders.
 */
export interface RuleIssueParams {
  readonly key: RuleMessageKey;
  readonly values?: MessageValues;
  readonly fields?: Readonly<Record<string, string>>;
}

export function readRuleIssueParams(params: unknown): RuleIssueParams | undefined {
  if (typeof params !== "object" || params === null) return undefined;
  const { key, values, fields } = params as Record<string, unknown>;
  if (!isRuleMessageKey(key)) return undefined;
  return {
    key,
    ...(isRecord(values) && { values: values as MessageValues }),
    ...(isRecord(fields) && { fields: fields as Record<string, string> }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

interface ReportOptions {
  readonly values?: MessageValues;
  readonly fields?: Readonly<Record<string, string>>;
  /** For cross-field rules: the field (relative to the checked object) the message belongs to. */
  readonly field?: string;
}

export function report(
  payload: z.core.ParsePayload<unknown>,
  key: RuleMessageKey,
  options: ReportOptions = {},
): void {
  const { values, fields, field } = options;
  const params: RuleIssueParams = { key, ...(values && { values }), ...(fields && { fields }) };
  payload.issues.push({
    code: "custom",
    // The key, not a sentence: callers are meant to go through formatIssues for a localized message.
    message: key,
    params,
    input: field === undefined ? payload.value : (payload.value as Record<string, unknown>)[field],
    ...(field !== undefined && { path: [field] }),
    // Keep later checks running so each field, and the object-level rules, can still report.
    continue: true,
  });
}

/**
 * Empty means "nothing entered": only `required` fails on it, every other rule lets it through so that
 * optional fields stay optional. `false` and `[]` count as empty for checkboxes and multi-selects.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  return Array.isArray(value) && value.length === 0;
}
