/**
 * Writes `core/shared/i18n/message-files.ts`: which message files hold each namespace of the
 * catalogue (decision 052). The browser loads a page's messages file by file and looks there for the
 * files of a namespace it is about to read. Run after adding, moving or renaming a namespace:
 * `npm run messages:index`; `core/shared/i18n/message-files.test.ts` fails while it is out of date.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const I18N = join(dirname(fileURLToPath(import.meta.url)), "..", "core", "shared", "i18n");
const TARGET = join(I18N, "message-files.ts");

/** The index as it should read now, from the Japanese files (the reference; English mirrors them). */
export async function messageFilesIndex(): Promise<{
  namespaces: Record<string, string[]>;
  names: string[];
}> {
  const folder = join(I18N, "messages", "ja");
  // The back office's files come after the site's: a namespace both hold is joined in that order.
  const office = [
    ...readFileSync(join(I18N, "messages", "ja-office.ts"), "utf8").matchAll(/from "\.\/ja\/([a-z-]+)\.ts"/g),
  ].map((match) => match[1]!);
  const names = readdirSync(folder)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => basename(file, ".ts"))
    .sort((a, b) => Number(office.includes(a)) - Number(office.includes(b)) || a.localeCompare(b));
  const index: Record<string, string[]> = {};
  for (const name of names) {
    const module = (await import(join(folder, `${name}.ts`))) as Record<string, Record<string, unknown>>;
    const [messages] = Object.values(module);
    for (const namespace of Object.keys(messages ?? {})) {
      index[namespace] = [...(index[namespace] ?? []), name];
    }
  }
  const namespaces = Object.fromEntries(Object.entries(index).sort(([a], [b]) => a.localeCompare(b)));
  return { namespaces, names };
}

function source({ namespaces, names }: Awaited<ReturnType<typeof messageFilesIndex>>): string {
  return `// Written by \`npm run messages:index\` (scripts/message-files.ts); message-files.test.ts checks it.

/**
 * The files of each language's messages that hold each namespace (the catalogue's top-level keys),
 * by file name in \`messages/ja/\` and \`messages/en/\` (decision 052). A namespace two files hold is
 * joined one level down, in this order.
 */
export const NAMESPACE_FILES: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(namespaces, null, 2)};

/** The files that hold a namespace, in joining order; none for a namespace the catalogue does not have. */
export function filesOf(namespace: string): readonly string[] {
  return Object.hasOwn(NAMESPACE_FILES, namespace) ? NAMESPACE_FILES[namespace]! : [];
}

/** Every message file, by name. */
export const MESSAGE_FILE_NAMES: readonly string[] = ${JSON.stringify(names, null, 2)};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TARGET, source(await messageFilesIndex()));
  execFileSync("npx", ["biome", "format", "--write", TARGET], { stdio: "ignore" });
  console.log(`Wrote ${TARGET}`);
}
