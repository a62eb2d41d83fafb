import { describe, expect, it } from "vitest";
import { MESSAGES } from "./catalogue.ts";
import { type MessageKey, msg, renderMessage } from "./translate.ts";

function leaves(tree: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The names of a message's ICU arguments (`{name}`, `{n, number}`, `{n, plural, …}`). */
function argumentsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1] as string))].sort();
}

/** The rich-text tags a page fills in (`<terms>…</terms>`). */
function tagsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/<(\w+)>/g)].map((m) => m[1] as string))].sort();
}

describe("the message catalogue", () => {
  const ja = leaves(MESSAGES.ja);
  const en = leaves(MESSAGES.en);

  it("has the same keys in Japanese and English, and no empty text", () => {
    expect([...en.keys()].sort()).toEqual([...ja.keys()].sort());
    for (const [key, text] of [...ja, ...en]) expect(text.trim(), key).not.toBe("");
  });

  it("asks for the same arguments and tags in both languages, and every plain message renders in both", () => {
    for (const [key, text] of ja) {
      const names = argumentsOf(text);
      expect(argumentsOf(en.get(key) ?? ""), key).toEqual(names);
      expect(tagsOf(en.get(key) ?? ""), key).toEqual(tagsOf(text));
      if (tagsOf(text).length > 0) continue; // rendered by the page with its links
      const values = Object.fromEntries(names.map((name) => [name, 1]));
      for (const locale of ["ja", "en"] as const) {
        expect(
          () => renderMessage(msg(key as MessageKey, values), locale),
          `${key} (${locale})`,
        ).not.toThrow();
      }
    }
  });

  it("renders a message's parameters, messages among them, in the same language", () => {
    const required = msg("validation.required", { field: msg("identity.fields.email") });
    expect(renderMessage(required, "ja")).toBe("メールアドレスを入力してください");
    expect(renderMessage(required, "en")).toMatch(/^Email.* is required$/);
    const longer = msg("validation.minLength", { field: msg("identity.fields.email"), min: 1000 });
    expect(renderMessage(longer, "ja")).toBe("メールアドレスは1,000文字以上で入力してください");
    expect(renderMessage(msg("footer.copyright", { year: "2026" }), "en")).toBe("© 2026 Tsugu");
  });

  it("refuses a message whose parameter is missing, rather than showing a half sentence", () => {
    expect(() => renderMessage(msg("validation.required"), "ja")).toThrow();
  });
});
