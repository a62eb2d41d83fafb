// Purchase simulation at scale: the seeded runs of tests/sim/purchase-simulation.ts (purchases,
// 3-D Secure passed, failed or abandoned, provider events late, twice or out of order,
// cancellations, expiry, reconciliation, and a crash at a random provider call in every run),
// counting the runs that break an invariant. A failing seed is printed, to replay with
// `SIM_SEED=<seed> SIM_RUNS=1 npm test -- tests/sim`.
//
//   node bench/simulation.ts [--runs 10000] [--seed 1] [--engine pglite|postgres]
//
// PostgreSQL comes from BENCH_DATABASE_URL (a database tsugu_bench_simulation is created and
// dropped). Results go to bench/results/.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { manualClock } from "#core/shared/clock.ts";
import { openDatabase } from "#db/client.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { simulatePurchase } from "../tests/sim/purchase-simulation.ts";
import { freshPostgresDatabase } from "./postgres-database.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const RUNS = Number(arg("runs", "10000"));
const FIRST = Number(arg("seed", "1"));
const ENGINE = arg("engine", "pglite");
const BENCH_DB = "tsugu_bench_simulation";

async function open() {
  if (ENGINE === "pglite") return openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), "tsugu-sim-")) });
  return freshPostgresDatabase(BENCH_DB, 5);
}

const database = await open();
await database.migrate();
const clock = manualClock("2026-11-22T05:00:00Z");
const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-sim-data-"));
const ctx = sandboxCoreContext({ db: database.db, clock, dataDir });
const failing: { seed: number; violations: string[]; steps: string[] }[] = [];
const started = performance.now();
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
const date = new Date().toISOString();
const file = path.join(ROOT, `bench/results/simulation-${date.slice(0, 10)}-${ENGINE}.json`);
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });

/** Written every 500 runs too, so a long run cut short still leaves its figures. */
function record(done: number) {
  const seconds = (performance.now() - started) / 1000;
  const result = {
    benchmark: "purchase simulation",
    date,
    commit,
    engine: ENGINE,
    runs: done,
    runsAsked: RUNS,
    firstSeed: FIRST,
    runsWithViolations: failing.length,
    failingSeeds: failing.slice(0, 20),
    seconds: Math.round(seconds),
    runsPerSecond: Math.round((done / seconds) * 10) / 10,
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

for (let seed = FIRST; seed < FIRST + RUNS; seed++) {
  const r = await simulatePurchase(ctx, clock, seed);
  if (r.violations.length) {
    failing.push({ seed, ...r });
    console.error(`seed ${seed}: ${r.violations.join("; ")}`);
  }
  const done = seed - FIRST + 1;
  if (done % 500 === 0) {
    record(done);
    console.log(`${done} runs, ${failing.length} failing`);
  }
}
const result = record(RUNS);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ ...result, failingSeeds: failing.length }, null, 2));
process.exit(failing.length ? 1 : 0);
