import type { Locale } from "#core/shared/locale.ts";

/** The label of a code in a code table, in the page's language ("" for no code). */
export function label(
  table: readonly { code: string | number; label: { ja: string; en: string } }[],
  code: string | number | null | undefined,
  lang: Locale,
): string {
  if (code === null || code === undefined || code === "") return "";
  return table.find((e) => e.code === code)?.label[lang] ?? String(code);
}
