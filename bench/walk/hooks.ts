import type { LoadHook } from "node:module";

/**
 * Module hooks for the walk benchmark: every exported function declaration of `core/` is replaced by
 * a wrapper that tells `tracer.ts` when it is entered from another file. Calls inside a file are
 * not wrapped (they do not leave it). Test files and this folder are left as they are.
 */
const CORE = new URL("../../core/", import.meta.url).href;
const TRACER = new URL("./tracer.ts", import.meta.url).href;
const EXPORTED = /^export (async )?function (\w+)/gm;

export const load: LoadHook = async (url, context, next) => {
  const loaded = await next(url, context);
  if (!url.startsWith(CORE) || !url.endsWith(".ts") || url.endsWith(".test.ts")) return loaded;
  const names = new Set<string>();
  const source = String(loaded.source).replace(EXPORTED, (_line, async: string | undefined, name: string) => {
    names.add(name);
    return `${async ?? ""}function ${name}`;
  });
  if (names.size === 0) return loaded;
  const file = JSON.stringify(url.slice(CORE.length - "core/".length));
  const wrapped = [...names].map((name) => `const __walk_${name} = __walk(${file}, ${name});`);
  const exported = [...names].map((name) => `__walk_${name} as ${name}`).join(", ");
  return {
    ...loaded,
    source: [
      source,
      `import { wrap as __walk } from ${JSON.stringify(TRACER)};`,
      ...wrapped,
      `export { ${exported} };`,
    ].join("\n"),
  };
};
