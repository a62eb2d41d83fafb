import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCES = [
  "app",
  "core",
  "db",
  "server",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  // How the build is made: a change here (its settings) calls for a new one.
  "scripts/build-if-needed.ts",
];
export const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
export const CLIENT_DIR = path.join(ROOT, "build/client");

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

/** Builds the app when there is no build yet or a source file changed since the last one. */
export function buildIfNeeded(log: (line: string) => void = console.log): void {
  const built = existsSync(SERVER_BUILD) ? statSync(SERVER_BUILD).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newest(path.join(ROOT, s))));
  if (built && built >= changed) return;
  log(built ? "Sources changed since the last build; building…" : "No build yet; building…");
  // Always the production build, whoever asks: Vitest runs with NODE_ENV=test, which would bundle
  // React's development build into the pages `npm start` then serves.
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error("The build failed");
}
