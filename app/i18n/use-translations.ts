import { use } from "react";
import { useTranslations as useIntlTranslations, useLocale } from "use-intl";
import { pendingMessages, requireMessages } from "#i18n/catalogue";

/**
 * use-intl's `useTranslations`, for pages that load their messages file by file (decision 052): a
 * namespace that is not here yet is fetched while the component reading it waits (Suspense), then
 * read. A page's own files are loaded before it renders, so this waits only for what a page's list
 * missed. Without a namespace, each key read is checked the same way.
 */
export const useTranslations = ((namespace?: string) => {
  const locale = useLocale();
  if (namespace) {
    const pending = pendingMessages(locale, namespace);
    if (pending) use(pending);
  }
  const t = useIntlTranslations(namespace as never) as unknown as Translate;
  return namespace ? t : everyKeyChecked(t, locale);
}) as unknown as typeof useIntlTranslations;

type Translate = ((key: string, ...rest: unknown[]) => unknown) & Record<string, unknown>;

function everyKeyChecked(t: Translate, locale: ReturnType<typeof useLocale>): Translate {
  const checked =
    (read: (key: string, ...rest: unknown[]) => unknown) =>
    (key: string, ...rest: unknown[]) => {
      requireMessages(locale, key);
      return read(key, ...rest);
    };
  return new Proxy(t, {
    apply: (target, _this, [key, ...rest]: [string, ...unknown[]]) => checked(target)(key, ...rest),
    get: (target, property) => {
      const value = Reflect.get(target, property);
      return typeof value === "function" && property !== "has"
        ? checked((value as (...args: unknown[]) => unknown).bind(target))
        : value;
    },
  });
}
