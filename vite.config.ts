import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const MESSAGES_SOURCE = /\/core\/shared\/i18n\/messages\/(ja|en)-(site|office)\.ts$/;

/**
 * A page carries its own language's messages only (decision 031). In the browser build each
 * language's messages are two files of their own, the site's and the back office's: this names those
 * files in the server build (`app/i18n/message-files.ts`), so that a page's head preloads its
 * language's (the back office's part on back-office pages only), and fails the build when a
 * language's messages end up in a file with other code, where every page would carry them.
 */
function messageFiles(): Plugin {
  const files: Record<string, Record<string, string[]>> = {};
  let base = "/";
  return {
    name: "tsugu:message-files",
    apply: "build",
    sharedDuringBuild: true,
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          const [, lang, part] = MESSAGES_SOURCE.exec(id) ?? [];
          if (!lang || !part) continue;
          if (chunk.facadeModuleId !== id) {
            this.error(
              `The ${lang} ${part} messages are bundled into ${chunk.fileName}: import them only through #i18n/catalogue`,
            );
          }
          files[lang] ??= {};
          files[lang][part] = [chunk.fileName, ...chunk.imports].map((file) => `${base}${file}`);
        }
      }
    },
    transform(code, id) {
      if (this.environment.name === "client" || !id.endsWith("/app/i18n/message-files.ts")) return;
      const parts = ["ja", "en"].flatMap((lang) => ["site", "office"].map((part) => files[lang]?.[part]));
      if (!parts.every(Boolean))
        this.error("The browser build has no file of each language's messages, by part");
      return code.replace(/= \{\};/, `= ${JSON.stringify(files)};`);
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), messageFiles()],
  build: { sourcemap: false },
});
