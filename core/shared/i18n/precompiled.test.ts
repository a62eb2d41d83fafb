import compile from "icu-minify/compile";
import { _createCache, _createIntlFormatters } from "use-intl/core";
import parsedAtRunTime from "use-intl/format-message";
import precompiled from "use-intl/format-message/format-only";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../locale.ts";
import { MESSAGES } from "./catalogue.ts";

/**
 * The browser formats messages compiled ahead of time, the server parses the same texts as it reads
 * them (decision 052): both must write every message alike, or a page would not hydrate as the
 * server sent it.
 */
type Compiled = string | number | Compiled[] | { [branch: string]: Compiled };

/** Values for every argument a compiled message names: a number where it counts, a tag that shows itself. */
function valuesFor(message: Compiled, values: Record<string, unknown> = {}): Record<string, unknown> {
  if (!Array.isArray(message)) return values;
  for (const part of message) {
    if (!Array.isArray(part) || typeof part[0] !== "string") continue;
    const [name, kind, branches] = part as [string, unknown, unknown];
    if (kind === undefined) values[name] ??= `«${name}»`;
    else if (typeof kind === "number") {
      // 1 select, 2 plural, 3 ordinal, 4 number.
      values[name] ??= kind === 1 ? "other" : 3;
      for (const branch of Object.values((branches ?? {}) as Record<string, Compiled>))
        valuesFor(branch, values);
    } else {
      values[name] ??= (chunks: unknown[]) => `<${name}>${chunks.join("")}</${name}>`;
      valuesFor(part.slice(1) as Compiled, values);
    }
  }
  return values;
}

function leaves(tree: object, path = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${path}${key}`, value] as [string, string]]
      : leaves(value, `${path}${key}.`),
  );
}

const asText = (node: unknown): string => (Array.isArray(node) ? node.map(asText).join("") : String(node));

describe("messages compiled ahead of time", () => {
  it.each(LOCALES)("write every %s message as the server writes it", (locale) => {
    const cache = _createCache();
    const options = { cache, formatters: _createIntlFormatters(cache), locale, timeZone: "Asia/Tokyo" };
    const different: string[] = [];
    for (const [key, text] of leaves(MESSAGES[locale])) {
      const compiled = compile(text) as Compiled;
      const values = valuesFor(compiled) as never;
      const server = asText(parsedAtRunTime(key, text, values, options));
      const browser = asText(precompiled(key, compiled as never, values, options));
      if (server !== browser) different.push(`${key}: ${server} ≠ ${browser}`);
    }
    expect(different).toEqual([]);
  });
});
