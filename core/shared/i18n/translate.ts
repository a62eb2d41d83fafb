import { createTranslator } from "use-intl/core";
import { messagesFor, requireMessages } from "#i18n/catalogue";
import { type Locale, TIME_ZONE } from "../locale.ts";
import type { Messages } from "./messages.ts";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dot path to one sentence of the catalogue (`"trading.soldOut"`), checked by the compiler. */
export type MessageKey = Leaves<Messages>;
/** A message's parameter: a number is shown as ICU says (`{n, number}` formats it for the language). */
export type MessageValue = string | number | Message;

/**
 * What the core says instead of a finished sentence: a catalogue key and its parameters. A value may
 * itself be a message (a field's label inside "{field} is required"); it is rendered first, in the
 * same language. Doors render it in the language of the request, page or mail.
 */
export interface Message {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

export function msg(key: MessageKey, values?: Readonly<Record<string, MessageValue>>): Message {
  return values ? { key, values } : { key };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as Message).key === "string";
}

type Translate = (key: string, values?: Record<string, string | number>) => string;
const TRANSLATORS = new Map<Locale, Translate>();
const PLAIN = new Map<string, string>();

function translate(locale: Locale): Translate {
  let t = TRANSLATORS.get(locale);
  if (!t) {
    t = createTranslator({
      locale,
      messages: messagesFor(locale),
      timeZone: TIME_ZONE,
      onError: (error) => {
        throw error;
      },
    }) as unknown as Translate;
    TRANSLATORS.set(locale, t);
  }
  return t;
}

/** Writes a message out in one language; a parameter that is a message is written out first. */
export function renderMessage(message: Message, locale: Locale): string {
  // In the browser a page may not have this namespace yet: the component rendering it waits for it.
  requireMessages(locale, message.key);
  if (!message.values) {
    // Labels without parameters are written out often (every tile, every option): once is enough.
    const cacheKey = `${locale}:${message.key}`;
    let text = PLAIN.get(cacheKey);
    if (text === undefined) {
      text = translate(locale)(message.key);
      PLAIN.set(cacheKey, text);
    }
    return text;
  }
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values)) {
    values[name] = typeof value === "object" ? renderMessage(value, locale) : value;
  }
  return translate(locale)(message.key, values);
}
