import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MESSAGE_FILE_NAMES, NAMESPACE_FILES } from "../core/shared/i18n/message-files.ts";
import { messageFilesIndex } from "./message-files.ts";

describe("the index of the message files", () => {
  it("says which files hold each namespace, as they do now (npm run messages:index writes it)", async () => {
    const now = await messageFilesIndex();
    expect(NAMESPACE_FILES).toEqual(now.namespaces);
    expect(MESSAGE_FILE_NAMES).toEqual(now.names);
  });

  it("holds the same files in English, each with the same namespaces as the Japanese one", async () => {
    const names = (lang: string) =>
      readdirSync(new URL(`../core/shared/i18n/messages/${lang}/`, import.meta.url))
        .map((file) => file.replace(/\.ts$/, ""))
        .sort();
    expect(names("en")).toEqual(names("ja"));
    for (const name of MESSAGE_FILE_NAMES) {
      const [ja] = Object.values(await import(`../core/shared/i18n/messages/ja/${name}.ts`));
      const [en] = Object.values(await import(`../core/shared/i18n/messages/en/${name}.ts`));
      expect(Object.keys(en as object).sort(), name).toEqual(Object.keys(ja as object).sort());
    }
  });
});
