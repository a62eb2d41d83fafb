import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const MESSAGES_SOURCE = /\/core\/shared\/i18n\/messages\/(ja|en)\.ts$/;

/**
 * A page carries its own language's messages only (decision 031). In the browser build each
 * language's messages are a file of their own: this names those files in the server build
 * (`app/i18n/message-files.ts`), so that a page's head preloads its language's, and fails the build
 * when a language's messages end up in a file with other code, where every page would carry them.
 */
function messageFiles(): Plugin {
  const files: Record<string, string[]> = {};
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
          const lang = MESSAGES_SOURCE.exec(id)?.[1];
          if (!lang) continue;
          if (chunk.facadeModuleId !== id) {
            this.error(
              `The ${lang} messages are bundled into ${chunk.fileName}: import them only through #i18n/catalogue`,
            );
          }
          files[lang] = [chunk.fileName, ...chunk.imports].map((file) => `${base}${file}`);
        }
      }
    },
    transform(code, id) {
      if (this.environment.name === "client" || !id.endsWith("/app/i18n/message-files.ts")) return;
      if (!files.ja || !files.en) this.error("The browser build has no file of each language's messages");
      return code.replace(/= \{\};/, `= ${JSON.stringify(files)};`);
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), messageFiles()],
  build: { sourcemap: false },
});
