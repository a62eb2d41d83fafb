import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

/** Beside the built browser assets: `{"id": "…"}`, the id of the build those assets belong to. */
export const BUILD_ID_FILE = "build.json";

/**
 * A build's id: a hash of the names of its browser assets. Every name carries a hash of the file's
 * content, so the id changes exactly when the code or styles sent to browsers change.
 */
export function buildIdOf(assetNames: readonly string[]): string {
  return createHash("sha256")
    .update([...assetNames].sort().join("\n"))
    .digest("hex")
    .slice(0, 16);
}

/** Written at the end of `react-router build`, into the browser build's folder. */
export function writeBuildId(clientDir: string): string {
  const id = buildIdOf(readdirSync(path.join(clientDir, "assets")));
  writeFileSync(path.join(clientDir, BUILD_ID_FILE), `${JSON.stringify({ id })}\n`);
  return id;
}

/** The id of the build in `clientDir` when this server started (its health and metrics name it). */
export function startedBuildId(clientDir: string): string | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(clientDir, BUILD_ID_FILE), "utf8")) as { id?: unknown };
    return typeof parsed.id === "string" && parsed.id ? parsed.id : null;
  } catch {
    return null;
  }
}

/**
 * The id of the build deployed in `clientDir`, as its file says now: read again when the file
 * changes (a new build replaced the old one), looked at no more than once every `recheckMs`.
 * Null when there is no readable id (development, or a build from before ids).
 */
export function deployedBuildId(
  clientDir: string,
  o: { recheckMs?: number; now?: () => number } = {},
): () => Promise<string | null> {
  const file = path.join(clientDir, BUILD_ID_FILE);
  const recheckMs = o.recheckMs ?? 2_000;
  const now = o.now ?? Date.now;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let mtime = Number.NaN;
  let id: string | null = null;
  return async () => {
    if (now() - checkedAt < recheckMs) return id;
    checkedAt = now();
    try {
      const { mtimeMs } = await stat(file);
      if (mtimeMs !== mtime) {
        const parsed = JSON.parse(await readFile(file, "utf8")) as { id?: unknown };
        id = typeof parsed.id === "string" && parsed.id ? parsed.id : null;
        mtime = mtimeMs;
      }
    } catch {
      id = null;
      mtime = Number.NaN;
    }
    return id;
  };
}
