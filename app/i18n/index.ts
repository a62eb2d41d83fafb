import { createTranslator } from "use-intl/core";
import type { Messages } from "#core/shared/i18n/messages.ts";
import type { Locale } from "#core/shared/locale.ts";
import { TIME_ZONE } from "#core/shared/locale.ts";
import { messagesFor } from "#i18n/catalogue";

/**
 * A language's messages, for `IntlProvider`: both languages on the server, the page's own in the
 * browser (decision 031), where `loadMessages` brings a language in before anything reads it.
 */
export { loadMessages, messagesFor } from "#i18n/catalogue";

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

/** For code outside React (meta, loaders): the same messages as the components use. */
export function translator(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale), timeZone: TIME_ZONE });
}

const YEN = {
  ja: new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }),
  en: new Intl.NumberFormat("en-US", { style: "currency", currency: "JPY" }),
};

/**
 * Yen as the product writes it in both languages: ¥12,800, with the half-width sign (the Japanese
 * format's full-width ￥ would stand next to the ¥ of typed texts such as 「¥50〜」).
 */
export function formatYen(amount: number, locale: Locale): string {
  return YEN[locale === "ja" ? "ja" : "en"].format(amount).replace("￥", "¥");
}

const POINTS = {
  ja: new Intl.NumberFormat("ja-JP"),
  en: new Intl.NumberFormat("en-US"),
};

/** Points are not yen: shown as a number with P (1,200P), in both languages. */
export function formatPoints(amount: number, locale: Locale): string {
  return `${POINTS[locale === "ja" ? "ja" : "en"].format(amount)}P`;
}

// Formatters are costly to build and safe to share.
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

export function formatDate(date: Date | string, locale: Locale, withTime = false): string {
  const key = `${locale}|${withTime}`;
  let format = DATE_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-US", {
      timeZone: TIME_ZONE,
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
    });
    DATE_FORMATS.set(key, format);
  }
  return format.format(new Date(date));
}
