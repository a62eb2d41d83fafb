import { preloadModule } from "react-dom";
import { useLocation, useMatches } from "react-router";
import { filesOf } from "#core/shared/i18n/message-files.ts";
import type { Locale } from "#core/shared/locale.ts";
import { localeOf } from "../lib/seo.ts";
import { routeMap } from "../navigation/route-map.ts";
import { loadMessages } from "./index.ts";
import { MESSAGE_BUILD } from "./message-files.ts";

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

/**
 * The message files a page reads (decision 052): those its routes' code names (the build lists them
 * by route) and those of the messages its data carries (a core error, a state's label). Null where
 * the build lists nothing (development): there a page loads every file of its language.
 */
function pageMessageFiles(
  matches: readonly { id: string; loaderData?: unknown; data?: unknown }[],
): string[] | null {
  if (!MESSAGE_BUILD) return null;
  const names = new Set(MESSAGE_BUILD.routes.root ?? []);
  for (const match of matches) {
    for (const name of MESSAGE_BUILD.routes[match.id] ?? []) names.add(name);
    namesInData(match.loaderData ?? match.data, names, 0);
  }
  return [...names].sort();
}

/** A message key as data carries it: a namespace, a dot, then the rest of the path. */
const MESSAGE_KEY = /^([a-z][A-Za-z0-9]*)\.[A-Za-z0-9_.]+$/;

/**
 * The files of the messages found in a page's data, a few levels down: a key as a string (a desk
 * menu's labels) or a message (an object with a `key` and its values).
 */
function namesInData(value: unknown, names: Set<string>, depth: number): void {
  if (typeof value === "string") {
    const namespace = MESSAGE_KEY.exec(value)?.[1];
    if (namespace) for (const name of filesOf(namespace)) names.add(name);
    return;
  }
  if (depth > 8 || value === null || typeof value !== "object") return;
  const inner = Array.isArray(value) ? value.slice(0, 200) : Object.values(value);
  for (const element of inner) namesInData(element, names, depth + 1);
}

/** What the page's head says of its messages, read once from the page before it hydrates. */
let boot: PageMessages | null = null;

type PageMessages = { files: string; routeMap: string | null };

/**
 * The page's message files as its head lists them (`<meta name="tsugu-messages">`, "*" for all) and
 * the build's route map (every route pattern's files): the server works them out, the browser keeps
 * what the server said while the page lives.
 */
export function usePageMessages(): PageMessages {
  const matches = useMatches();
  if (typeof document !== "undefined") {
    boot ??= {
      files: metaContent("tsugu-messages") ?? "*",
      routeMap: metaContent("tsugu-route-map"),
    };
    return boot;
  }
  return { files: pageMessageFiles(matches)?.join(" ") ?? "*", routeMap: MESSAGE_BUILD?.routeMap ?? null };
}

function metaContent(name: string): string | null {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? null;
}

/**
 * Asks the page's head to fetch the page's message files at once, beside the page's code: the browser
 * reads them before it hydrates. Only the server knows the files (none in development).
 */
export function preloadMessages(lang: Locale, files: string): void {
  const build = MESSAGE_BUILD?.files[lang];
  if (!build || files === "*") return;
  for (const name of files.split(" ")) for (const href of build[name] ?? []) preloadModule(href);
}

/** Loads what the head lists, before the page hydrates: the page then says what the server said. */
export async function loadBootMessages(lang: Locale): Promise<void> {
  const files = metaContent("tsugu-messages") ?? "*";
  await loadMessages(lang, files === "*" ? undefined : files.split(" ").filter(Boolean));
}

/**
 * For the root's client middleware: a page reached in the browser loads the message files its route
 * pattern reads, in its language, beside its data, and those of the messages its data carries, before
 * it renders (an English page links to a news story, which is Japanese; a back-office page reached
 * from the site reads the back office's words). What is still missed, or all of it when the build's
 * list could not be fetched, comes when a component reads it, which waits for it. Without a list
 * (development) the language comes whole. The language switcher loads the other language's page
 * from the server instead.
 */
export async function loadPageMessages<Results>(
  { request, pattern }: { request: Request; pattern: string },
  next: () => Promise<Results>,
): Promise<Results> {
  if (typeof document === "undefined") return next();
  const lang = localeOf(new URL(request.url).pathname);
  const map = routeMap();
  const routeFiles = map
    ? map.then((routes) => loadMessages(lang, routes?.patterns[pattern]?.messages.split(" ") ?? []))
    : loadMessages(lang);
  const results = await next();
  const names = new Set<string>();
  for (const result of Object.values(results ?? {}))
    namesInData((result as { result?: unknown }).result, names, 0);
  await Promise.all([routeFiles, loadMessages(lang, [...names])]);
  return results;
}
