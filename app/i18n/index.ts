import { createTranslator } from "use-intl/core";
import type { Locale } from "#core/shared/locale.ts";
import { TIME_ZONE } from "#core/shared/locale.ts";
import { en } from "./messages/en.ts";
import { ja } from "./messages/ja.ts";
import type { Messages } from "./messages.ts";

export const MESSAGES: Record<Locale, Messages> = { ja, en };

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

/** For code outside React (meta, loaders): the same messages as the components use. */
export function translator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], timeZone: TIME_ZONE });
}

export function formatYen(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === "ja" ? "ja-JP" : "en-US", {
    style: "currency",
    currency: "JPY",
  }).format(amount);
}

export function formatDate(date: Date | string, locale: Locale, withTime = false): string {
  return new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : "en-US", {
    timeZone: TIME_ZONE,
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
  }).format(new Date(date));
}
