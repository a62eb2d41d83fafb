import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.ts";

/**
 * `npm run test:e2e:slow`: every browser journey with the browser's CPU throttled ×6 (a slow phone),
 * five runs in a row, each a fresh server and database as in CI (one server for all five would trip
 * the per-address and per-IP login limits). Prints each run's counts and exits non-zero if any run
 * had a failure. `-- --runs 3` changes the count, `-- --throttle 4` the slowdown; other arguments
 * go to Playwright (`-- tests/e2e/accounts.spec.ts`).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, ".cache/test-results");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  return value;
};
const runs = option("runs", 5);
const throttle = option("throttle", 6);
mkdirSync(OUT, { recursive: true });
buildIfNeeded();

const results: { run: number; passed: number; failed: number; flaky: number; skipped: number }[] = [];
for (let run = 1; run <= runs; run++) {
  const json = path.join(OUT, `playwright-slow-${run}.json`);
  rmSync(json, { force: true });
  console.log(`\n=== run ${run} of ${runs}, CPU ×${throttle} ===`);
  const e2e = spawnSync(
    path.join(ROOT, "node_modules/.bin/playwright"),
    ["test", ...args, "--reporter=list,json"],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, E2E_CPU_THROTTLE: String(throttle), PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    },
  );
  let stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  try {
    stats = JSON.parse(readFileSync(json, "utf8")).stats;
  } catch {
    // No report: counted below.
  }
  // A run that failed to start, or ran nothing, is a failed run whatever its report says.
  if ((e2e.status !== 0 || stats.expected === 0) && stats.unexpected === 0) stats.unexpected = 1;
  results.push({
    run,
    passed: stats.expected,
    failed: stats.unexpected,
    flaky: stats.flaky,
    skipped: stats.skipped,
  });
}

console.log(`\nCPU ×${throttle}, ${runs} runs:`);
for (const r of results) {
  console.log(`run ${r.run}: ${r.passed} passed, ${r.failed} failed, ${r.flaky} flaky, ${r.skipped} skipped`);
}
const failed = results.reduce((n, r) => n + r.failed + r.flaky, 0);
const passed = results.reduce((n, r) => n + r.passed, 0);
console.log(`\ne2e-slow: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
