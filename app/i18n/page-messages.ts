import { preloadModule } from "react-dom";
import { useLocation, useMatches } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { localeOf } from "../lib/seo.ts";
import { loadMessages } from "./index.ts";
import { MESSAGE_FILES } from "./message-files.ts";

/**
 * A page carries the messages of its own language only (decision 031). Its language is its path's
 * (`/ja/…`, `/en/…`; Japanese elsewhere), unless its route's `handle` names another from the page's
 * data: the sandbox pages stand for other sites and speak the language of the page they came from.
 */
export type LanguageHandle = { lang?: (loaderData: unknown) => Locale | undefined };

/** The handle of a page whose data says its language. */
export function languageFromData<Data>(pick: (data: Data) => Locale): LanguageHandle {
  return { lang: (data) => (data === undefined ? undefined : pick(data as Data)) };
}

/**
 * The `clientLoader` of a page whose language comes from its data: a page reached in the browser (a
 * redirect after a form, a link) loads that language's messages before it renders. The root's
 * middleware loads the path's language only, and a sandbox page may speak the other one.
 */
export async function loadDataLanguage<Data>(
  handle: LanguageHandle,
  serverLoader: () => Promise<Data>,
): Promise<Data> {
  const data = await serverLoader();
  const lang = handle.lang?.(data);
  if (lang) await loadMessages(lang);
  return data;
}

/** The language a page is written in: its matched routes' own, else its path's. */
export function pageLanguage(
  pathname: string,
  matches: readonly { handle: unknown; loaderData: unknown }[],
): Locale {
  for (const match of matches) {
    const own = (match.handle as LanguageHandle | undefined)?.lang?.(match.loaderData);
    if (own) return own;
  }
  return localeOf(pathname);
}

/**
 * The language the page is written in (`pageLanguage`): what `<html lang>` says, and the only one
 * whose messages the browser loads before the page hydrates (decision 031).
 */
export function usePageLanguage(): Locale {
  return pageLanguage(useLocation().pathname, useMatches());
}

const BACK_OFFICE = /^\/(?:ja|en)\/staff(?:\/|$)/;

/**
 * Whether a page is the back office's (`/ja/staff/…`, `/en/staff/…`), the only pages that show the
 * back office's part of the messages; every other page has the site's part only (decision 031).
 */
function isBackOffice(pathname: string): boolean {
  return BACK_OFFICE.test(pathname);
}

/**
 * Loads the messages a page reads: its language's site part, and on a back-office page the back
 * office's part beside it.
 */
export async function loadMessagesFor(lang: Locale, pathname: string): Promise<void> {
  await loadMessages(lang, isBackOffice(pathname) ? "office" : "site");
}

/**
 * Asks the page's head to fetch the files of the language's messages at once, beside the page's code
 * (the back office's part too on a back-office page): the browser reads them before it hydrates. Only
 * the server knows the files (none in development).
 */
export function preloadMessages(lang: Locale, pathname: string): void {
  const files = MESSAGE_FILES[lang];
  if (!files) return;
  for (const href of files.site) preloadModule(href);
  if (isBackOffice(pathname)) for (const href of files.office) preloadModule(href);
}

/**
 * For the root's client middleware: a page reached in the browser whose language is not loaded yet
 * (an English page links to a news story, which is Japanese) loads its messages before it renders,
 * and a back-office page reached from the site loads the back office's part the same way. The
 * language switcher loads the other language's page from the server instead.
 */
export async function loadPageMessages({ request }: { request: Request }): Promise<void> {
  const { pathname } = new URL(request.url);
  await loadMessagesFor(localeOf(pathname), pathname);
}
