import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import compileMessage from "icu-minify/compile";
import { defineConfig, type Plugin, type Rollup } from "vite";
import type { RouteMap } from "./app/navigation/route-map.ts";
import { filesOf } from "./core/shared/i18n/message-files.ts";

/** One message file of a language (`messages/ja/buying.ts`): a browser file of its own. */
const MESSAGE_FILE = /\/core\/shared\/i18n\/messages\/(ja|en)\/([a-z-]+)\.ts$/;
/** A whole language's catalogue, which only the server reads. */
const WHOLE_CATALOGUE = /\/core\/shared\/i18n\/messages\/(ja|en)(-site|-office)?\.ts$/;
/**
 * How a module of the browser's code names a namespace it reads: a namespaced translator
 * (`useTranslations("checks.page")`) or a key (`"buying.soldOut"`, `` `codes.category.${code}` ``,
 * `msg("trading.declined")`).
 */
const NAMESPACE_READS = [
  /useTranslations\(\s*["'`]([a-z][A-Za-z0-9]*)["'`.]/g,
  /["'`]([a-z][A-Za-z0-9]*)\.[A-Za-z0-9_$]/g,
];
/** The catalogue's own code, whose strings are file and namespace names, not reads. */
const CATALOGUE_CODE = /\/core\/shared\/i18n\/(message-files|catalogue\.browser)\.ts$/;
/**
 * Files every page loads whatever its code reads: the shell's words, and the validation messages the
 * forms' checks read by property (`anyMessages().validation`), which no string names.
 */
const EVERY_PAGE = ["shell", "validation"];

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/**
 * A page carries its own language's messages only, and of those only what its code and data read
 * (decisions 031, 052). In the browser build each message file (`messages/ja/buying.ts`) is a file of
 * its own. This plugin finds, for every route, the message files its code reads (the namespaces its
 * modules and the modules they import name), and writes them into the server build
 * (`app/i18n/message-files.ts`): a page's head preloads them and the page loads them before it
 * hydrates. The same, by route pattern, goes into a small file of the build that the browser reads
 * for pages it reaches by itself. The build fails when a language's messages end up in a file with
 * other code, or a whole catalogue in the browser.
 */
function messageFiles(): Plugin {
  let base = "/";
  let appDir = "";
  let build: unknown = null;
  /** The message files each module of the browser's code reads, by module id. */
  const moduleReads = new Map<string, Set<string>>();
  return {
    name: "tsugu:message-files",
    apply: "build",
    sharedDuringBuild: true,
    config: () => ({
      environments: {
        client: {
          build: {
            rollupOptions: {
              output: {
                // A message file's name says its language and file: messages-ja-buying-[hash].js.
                chunkFileNames: (chunk: { facadeModuleId: string | null }) => {
                  const [, lang, name] = MESSAGE_FILE.exec(chunk.facadeModuleId ?? "") ?? [];
                  return lang ? `assets/messages-${lang}-${name}-[hash].js` : "assets/[name]-[hash].js";
                },
              },
            },
          },
        },
      },
    }),
    configResolved(config) {
      base = config.base;
      appDir = resolve(config.root, "app");
    },
    async generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = Object.values(bundle).filter(
        (chunk): chunk is Rollup.OutputChunk => chunk.type === "chunk",
      );
      const files: Record<string, Record<string, string[]>> = { ja: {}, en: {} };
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          if (WHOLE_CATALOGUE.test(id))
            this.error(`A whole message catalogue is bundled for the browser, in ${chunk.fileName}`);
          const [, lang, name] = MESSAGE_FILE.exec(id) ?? [];
          if (!lang || !name) continue;
          if (chunk.facadeModuleId !== id) {
            this.error(
              `The ${lang} ${name} messages are bundled into ${chunk.fileName}: import them only through #i18n/catalogue`,
            );
          }
          files[lang]![name] = [chunk.fileName, ...chunk.imports].map((file) => `${base}${file}`);
        }
      }

      // The message files a chunk's own code reads, then with every chunk it imports.
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const own = new Map<string, Set<string>>();
      const ownReads = (chunk: Rollup.OutputChunk): Set<string> => {
        let names = own.get(chunk.fileName);
        if (!names) {
          names = new Set();
          for (const id of chunk.moduleIds) {
            for (const name of moduleReads.get(id.split("?")[0]!) ?? []) names.add(name);
          }
          own.set(chunk.fileName, names);
        }
        return names;
      };
      const reads = (chunk: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
        const names = new Set(ownReads(chunk));
        seen.add(chunk.fileName);
        for (const imported of chunk.imports) {
          const next = byName.get(imported);
          if (next && !seen.has(imported)) for (const name of reads(next, seen)) names.add(name);
        }
        return names;
      };
      const routeChunks = (file: string): Rollup.OutputChunk[] => {
        const path = resolve(appDir, file);
        return chunks.filter((chunk) => chunk.facadeModuleId?.split("?")[0] === path);
      };
      const routeReads = (file: string): Set<string> => {
        const names = new Set<string>();
        for (const chunk of routeChunks(file)) for (const name of reads(chunk)) names.add(name);
        return names;
      };
      /** A route's browser files: its module and every module it imports, however deep. */
      const routeModules = (file: string): Set<string> => {
        const found = new Set<string>();
        const add = (fileName: string) => {
          if (found.has(fileName)) return;
          found.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) add(imported);
        };
        for (const chunk of routeChunks(file)) add(chunk.fileName);
        return found;
      };

      const config = (await import(resolve(appDir, "routes.ts"))) as { default: RouteEntry[] };
      const root = new Set([...routeReads("root.tsx"), ...EVERY_PAGE]);
      const rootModules = routeModules("root.tsx");
      const routes: Record<string, string[]> = { root: [...root].sort() };
      /** By route pattern: the message files its routes read, their modules, whether it is a page. */
      const patterns: Record<string, { messages: Set<string>; modules: Set<string>; page: boolean }> = {};
      const walk = (
        entries: RouteEntry[],
        paths: string[],
        above: Set<string>,
        aboveModules: Set<string>,
      ) => {
        for (const entry of entries) {
          const id = entry.id ?? entry.file.replace(/\.[a-z]+$/, "");
          const names = routeReads(entry.file);
          routes[id] = [...names].sort();
          const chain = new Set([...above, ...names]);
          const modules = new Set([...aboveModules, ...routeModules(entry.file)]);
          for (const file of rootModules) modules.delete(file);
          // A page has a component; a resource route (a CSV, a photo, a list's next page) has none.
          const page = routeChunks(entry.file).some((chunk) => chunk.exports.includes("default"));
          const own = entry.path ? [...paths, entry.path] : paths;
          // As React Router names a route's pattern: its paths and its parents', joined.
          const pattern = own.join("/").replace(/\/\/+/g, "/") || "/";
          // A layout without a path (the desks' frames) is its children's: their patterns carry it.
          const known = patterns[pattern];
          if (entry.path || entry.index)
            patterns[pattern] = {
              messages: new Set([...(known?.messages ?? []), ...chain]),
              modules: new Set([...(known?.modules ?? []), ...modules]),
              page: (known?.page ?? false) || page,
            };
          walk(entry.children ?? [], own, chain, modules);
        }
      };
      walk(config.default, [], root, new Set());
      // The browser's files once, each pattern naming them by their place in that list.
      const moduleList = [...new Set(Object.values(patterns).flatMap((entry) => [...entry.modules]))].sort();
      const place = new Map(moduleList.map((file, at) => [file, at]));
      const routeMap: RouteMap = {
        modules: moduleList.map((file) => `${base}${file}`),
        patterns: Object.fromEntries(
          Object.entries(patterns).map(([pattern, entry]) => [
            pattern,
            {
              messages: [...entry.messages].sort().join(" "),
              modules: [...entry.modules].map((file) => place.get(file)!).sort((a, b) => a - b),
              page: entry.page,
            },
          ]),
        ),
      };
      const reference = this.emitFile({
        type: "asset",
        name: "route-map.json",
        source: JSON.stringify(routeMap),
      });
      build = { files, routes, routeMap: `${base}${this.getFileName(reference)}` };
    },
    transform(code, id) {
      if (this.environment.name === "client") {
        const path = id.split("?")[0]!;
        if (MESSAGE_FILE.test(path) || CATALOGUE_CODE.test(path) || path.includes("/node_modules/")) return;
        const names = moduleReads.get(path) ?? new Set<string>();
        for (const pattern of NAMESPACE_READS) {
          for (const [, namespace] of code.matchAll(pattern))
            for (const file of filesOf(namespace!)) names.add(file);
        }
        moduleReads.set(path, names);
        return;
      }
      if (!id.endsWith("/app/i18n/message-files.ts")) return;
      if (!build) this.error("The browser build has no list of each language's message files");
      return code.replace(/= null;/, `= ${JSON.stringify(build)};`);
    },
  };
}

/**
 * The browser's messages come compiled ahead of time (decision 052): each message file is written as
 * its messages already parsed (icu-minify), and use-intl formats them without the ICU parser, which
 * stays on the server. The server renders from the same texts, parsed as it reads them.
 */
function precompiledMessages(): Plugin {
  const compile = (value: unknown): unknown =>
    typeof value === "string"
      ? compileMessage(value)
      : Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, compile(inner)]));
  return {
    name: "tsugu:precompiled-messages",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (this.environment.name !== "client" || source !== "use-intl/format-message") return null;
      return this.resolve("use-intl/format-message/format-only", importer, { ...options, skipSelf: true });
    },
    async load(id) {
      const path = id.split("?")[0]!;
      if (this.environment.name !== "client" || !MESSAGE_FILE.test(path)) return null;
      const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
      const [[name, messages]] = Object.entries(module) as [[string, unknown]];
      return `export const ${name} = ${JSON.stringify(compile(messages))};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompiledMessages(), messageFiles()],
  build: { sourcemap: false },
});
