import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.ts";

/**
 * `npm test`: builds if needed, runs every Vitest layer (unit, core on the database, HTTP), then the
 * Playwright browser journeys, and closes with one line that counts them all.
 * Extra arguments (`npm test -- core/identity`) run only the matching Vitest files.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, ".cache/test-results");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const requireBrowser = process.env.CI === "true" || process.env.E2E_REQUIRE_BROWSER === "1";
mkdirSync(OUT, { recursive: true });

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

buildIfNeeded();

const vitestJson = path.join(OUT, "vitest.json");
const vitest = spawnSync(
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`, ...args],
  { cwd: ROOT, stdio: "inherit" },
);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (vitest.status !== 0 && failed === 0) failed += 1;

let browserStatus = 0;
if (args.length === 0) {
  if (!existsSync(CHROMIUM)) {
    const hint = "apt-get update && apt-get install -y chromium fonts-noto-cjk";
    console.error(`\n!!! Browser tests NOT run: no Chromium at ${CHROMIUM}. Install it with: ${hint}\n`);
    if (requireBrowser) {
      failed += 1;
      browserStatus = 1;
    }
  } else {
    const playwrightJson = path.join(OUT, "playwright.json");
    const e2e = spawnSync(bin("playwright"), ["test", "--reporter=list,json"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    });
    browserStatus = e2e.status ?? 1;
    if (existsSync(playwrightJson)) {
      const s = JSON.parse(readFileSync(playwrightJson, "utf8")).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected;
      skipped += s.skipped;
    }
    if (browserStatus !== 0 && failed === 0) failed += 1;
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitest.status !== 0 || browserStatus !== 0 || failed > 0 ? 1 : 0);
