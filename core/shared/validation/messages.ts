import { anyMessages } from "#i18n/catalogue";
import type { Messages } from "../i18n/messages.ts";
import { type Message, type MessageValue, msg, renderMessage } from "../i18n/translate.ts";
import type { Locale } from "../locale.ts";

/**
 * The rules' messages live in the catalogue, namespace `validation` (decision 020). Placeholders:
 * `{field}` is the field's label, `{other}` the label of the field it must match, and numeric
 * parameters (`{min}`, `{max}`, `{length}`) are formatted per locale (ICU `{min, number}`).
 */
export type RuleMessageKey = keyof Messages["validation"];
/** The parameters a rule attaches to its issue: plain numbers and strings. */
export type MessageValues = Readonly<Record<string, string | number>>;

export function isRuleMessageKey(value: unknown): value is RuleMessageKey {
  return typeof value === "string" && Object.hasOwn(anyMessages().validation, value);
}

/**
 * The names of a template's placeholders (`{field}`, `{min, number}` → field, min). In the browser a
 * template comes compiled ahead of time (decision 052): `[["field"], "を入力してください"]`, where an
 * argument is an array of its name (and its type and branches), a tag its name and its content.
 */
export function placeholdersOf(template: unknown): string[] {
  if (typeof template === "string") {
    return [...template.matchAll(/\{(\w+)(?:\s*,[^{}]*)?\}/g)].map((match) => match[1] as string);
  }
  if (!Array.isArray(template)) return [];
  const names: string[] = [];
  for (const part of template) {
    if (!Array.isArray(part) || typeof part[0] !== "string") continue;
    const [name, kind, branches] = part as [string, unknown, unknown];
    if (kind === undefined || typeof kind === "number") {
      names.push(name);
      if (branches && typeof branches === "object") {
        for (const branch of Object.values(branches)) names.push(...placeholdersOf(branch));
      }
    } else {
      // A tag: its content may hold placeholders.
      names.push(...placeholdersOf(part.slice(1)));
    }
  }
  return [...new Set(names)];
}

/**
 * A rule's message with its values; a placeholder without a value is left visible ("{field}")
 * rather than silently blanked or failing the whole response.
 */
export function ruleMessage(
  key: RuleMessageKey,
  values: Readonly<Record<string, MessageValue>> = {},
): Message {
  const filled: Record<string, MessageValue> = {};
  for (const name of placeholdersOf(anyMessages().validation[key])) {
    filled[name] = Object.hasOwn(values, name) ? (values[name] as MessageValue) : `{${name}}`;
  }
  return msg(`validation.${key}`, Object.keys(filled).length > 0 ? filled : undefined);
}

/** A rule's message written out in one language. */
export function formatMessage(
  key: RuleMessageKey,
  locale: Locale,
  values: Readonly<Record<string, MessageValue>> = {},
): string {
  return renderMessage(ruleMessage(key, values), locale);
}
