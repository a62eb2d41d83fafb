import { type Message, renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";

/** The label of a code in a code table, in the page's language ("" for no code). */
export function label(
  table: readonly { code: string | number; label: Message }[],
  code: string | number | null | undefined,
  lang: Locale,
): string {
  if (code === null || code === undefined || code === "") return "";
  const entry = table.find((e) => e.code === code);
  return entry ? renderMessage(entry.label, lang) : String(code);
}

/** A code table as the options of a select or a group of checkboxes, in the page's language. */
export function codeOptions(
  table: readonly { code: string; label: Message }[],
  lang: Locale,
): { value: string; label: string }[] {
  return table.map((e) => ({ value: e.code, label: renderMessage(e.label, lang) }));
}
