import type { Locale } from "../locale.ts";
import { filesOf, MESSAGE_FILE_NAMES } from "./message-files.ts";
import type { Messages } from "./messages.ts";

/**
 * The message catalogue in the browser (decisions 031 and 052): only what the page has loaded, in
 * its own language. Each language's messages are files of their own (`messages/ja/*.ts`), one or a
 * few namespaces each; a page loads the files its code and data read before it hydrates, and a page
 * reached in the browser those of its route before it renders. A namespace read before its files are
 * here suspends the component that reads it until they are. Outside the browser `#i18n/catalogue` is
 * `catalogue.ts`, with everything; the two answer the same functions.
 */
type Loader = () => Promise<unknown>;

const LOADERS: Record<Locale, Record<string, Loader>> = {
  ja: byName(import.meta.glob("./messages/ja/*.ts")),
  en: byName(import.meta.glob("./messages/en/*.ts")),
};

function byName(modules: Record<string, Loader>): Record<string, Loader> {
  return Object.fromEntries(
    Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/([a-z-]+)\.ts$/, "$1"), load]),
  );
}

/** A language's messages so far: each namespace appears once all the files that hold it are here. */
const loaded = new Map<Locale, Record<string, unknown>>();
const files = new Map<string, Promise<Record<string, unknown>>>();
const arrived = new Set<string>();
const waiting = new Map<string, Promise<void>>();

/** A language's messages; reading a language that was not loaded is a mistake of the page's code. */
export function messagesFor(locale: Locale): Messages {
  const messages = loaded.get(locale);
  if (!messages) throw new Error(`The ${locale} messages are not loaded in this page`);
  return messages as unknown as Messages;
}

/**
 * Whether messages can be read here: the namespace of `key` (`"trading.soldOut"`, or `"trading"`),
 * or without a key the whole language.
 */
export function hasMessages(locale: Locale, key?: string): boolean {
  if (key === undefined) return MESSAGE_FILE_NAMES.every((name) => arrived.has(`${locale}/${name}`));
  const namespace = key.split(".", 1)[0]!;
  const messages = loaded.get(locale);
  return messages !== undefined && Object.hasOwn(messages, namespace);
}

/**
 * Loads message files of a language (by name; all of them without `names`), each once, and joins
 * them into its messages. Names the catalogue does not know are passed over.
 */
export async function loadMessages(
  locale: Locale,
  names: readonly string[] = MESSAGE_FILE_NAMES,
): Promise<void> {
  const wanted = names.filter((name) => LOADERS[locale][name]);
  await Promise.all(wanted.map((name) => loadFile(locale, name)));
  const messages = loaded.get(locale) ?? {};
  loaded.set(locale, messages);
  for (const name of wanted) {
    const content = await loadFile(locale, name);
    for (const namespace of Object.keys(content)) {
      if (Object.hasOwn(messages, namespace)) continue;
      const holders = filesOf(namespace).length > 0 ? filesOf(namespace) : [name];
      if (!holders.every((holder) => arrived.has(`${locale}/${holder}`))) continue;
      // A namespace two files hold is joined one level down, in the index's order.
      const parts = await Promise.all(holders.map((holder) => loadFile(locale, holder)));
      messages[namespace] =
        parts.length === 1
          ? parts[0]![namespace]
          : Object.assign({}, ...parts.map((part) => part[namespace]));
    }
  }
}

function loadFile(locale: Locale, name: string): Promise<Record<string, unknown>> {
  const id = `${locale}/${name}`;
  let file = files.get(id);
  if (!file) {
    file = LOADERS[locale][name]!().then(
      (module) => {
        arrived.add(id);
        const [content] = Object.values(module as Record<string, Record<string, unknown>>);
        return content ?? {};
      },
      (error: unknown) => {
        // A file that could not be fetched may be asked for again.
        files.delete(id);
        throw error;
      },
    );
    files.set(id, file);
  }
  return file;
}

/**
 * Makes sure the namespace of `key` can be read while a page renders: when it is not here yet, its
 * files are fetched and the component reading it suspends until they are (the same promise for every
 * reader, as React asks). Outside the browser everything is always here.
 */
export function requireMessages(locale: Locale, key: string): void {
  const pending = pendingMessages(locale, key);
  if (pending) throw pending;
}

/** The loading of the namespace of `key` when it is not here yet (one promise per namespace), else null. */
export function pendingMessages(locale: Locale, key: string): Promise<void> | null {
  if (hasMessages(locale, key)) return null;
  const namespace = key.split(".", 1)[0]!;
  const holders = filesOf(namespace);
  // A namespace the catalogue does not have: reading it fails as it would on the server.
  if (holders.length === 0) return null;
  const id = `${locale}/${namespace}`;
  let promise = waiting.get(id);
  if (!promise) {
    // Seen in the browser's performance timeline: a page's list of files missed this namespace.
    globalThis.performance?.mark?.(`tsugu:messages-waited:${locale}:${namespace}`);
    promise = loadMessages(locale, holders).finally(() => waiting.delete(id));
    waiting.set(id, promise);
  }
  return promise;
}

/** The messages of any one language, for what all languages share: the keys and their placeholders. */
export function anyMessages(): Messages {
  const [messages] = loaded.values();
  if (!messages) throw new Error("No messages are loaded in this page");
  return messages as unknown as Messages;
}
