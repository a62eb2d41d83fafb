import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { CHROMIUM, FULL_CHROMIUM } from "../tests/e2e/browser.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

/**
 * `npm test`: builds if needed, then runs the Vitest layers (unit, core on the database, HTTP) and
 * the Playwright browser journeys at the same time, each line of output marked with its layer, and
 * closes with each layer's time and one line that counts them all (decision 044). Extra arguments
 * (`npm test -- core/identity`) run only the matching Vitest files.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, ".cache/test-results");
const requireBrowser = process.env.CI === "true" || process.env.E2E_REQUIRE_BROWSER === "1";
mkdirSync(OUT, { recursive: true });

const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const args = process.argv.slice(2);
const started = Date.now();
const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/**
 * A layer's exit status once its process has ended. A process it started and left running (a
 * server a failed test did not stop) may still hold the output pipes: their last lines get a moment
 * to arrive, then the pipes are let go rather than waited on.
 */
function finished(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.on("close", (code) => resolve(code ?? 1));
    child.on("exit", (code) => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        resolve(code ?? 1);
      }, 2_000);
    });
  });
}

/** A layer's process, each line it prints marked with the layer's tag (both run at once). */
function run(
  tag: string,
  command: string,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): ChildProcess {
  const child = spawn(command, argv, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream! }).on("line", (line) => out.write(`${tag} ${line}\n`));
  }
  return child;
}

/**
 * The same work on every machine, timed once the layers are done: durations measured on machines
 * of different speed (or one machine slowed by its neighbours) can then be compared fairly
 * (bench/results/test-suite.md). Hashing is native code, so the JIT's choices do not move it.
 */
function fixedWorkMs(): number {
  const block = Buffer.alloc(1 << 20, 7);
  const start = performance.now();
  const hash = createHash("sha256");
  for (let i = 0; i < 256; i++) hash.update(block);
  hash.digest();
  return Math.round(performance.now() - start);
}

type Layer = {
  name: string;
  status: number;
  ms: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Each failed test's place and first error line, printed again at the very end. */
  failures: string[];
  /** Journeys that failed once and passed on their retry. */
  flaky: string[];
};

/** The first line of an error message, without colour codes. */
const firstLine = (message: unknown) =>
  stripVTControlCharacters(String(message ?? ""))
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim()
    .slice(0, 240) ?? "";

buildIfNeeded();

async function vitestLayer(): Promise<Layer> {
  const json = path.join(OUT, "vitest.json");
  rmSync(json, { force: true });
  const t = Date.now();
  const status = await finished(
    run("[vitest]", bin("vitest"), [
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${json}`,
      ...args,
    ]),
  );
  const layer: Layer = {
    name: "Vitest",
    status,
    ms: Date.now() - t,
    passed: 0,
    failed: 0,
    skipped: 0,
    failures: [],
    flaky: [],
  };
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, "utf8"));
    layer.passed = r.numPassedTests;
    layer.failed = r.numFailedTests;
    layer.skipped = r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const where = path.relative(ROOT, file.name);
      const failedTests = (file.assertionResults ?? []).filter(
        (a: { status: string }) => a.status === "failed",
      );
      for (const a of failedTests) {
        layer.failures.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
      if (failedTests.length === 0 && file.status === "failed") {
        layer.failures.push(`${where}: ${firstLine(file.message)}`);
      }
    }
  }
  if (status !== 0 && layer.failed === 0) layer.failed = 1;
  return layer;
}

async function browserLayer(): Promise<Layer | null> {
  if (args.length > 0) return null;
  const missing = [...new Set([CHROMIUM, FULL_CHROMIUM])].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    const hint = "apt-get update && apt-get install -y chromium chromium-headless-shell fonts-noto-cjk";
    console.error(
      `\n!!! Browser tests NOT run: no Chromium at ${missing.join(", ")}. Install it with: ${hint}\n`,
    );
    const failed = requireBrowser ? 1 : 0;
    return {
      name: "Browser journeys",
      status: failed,
      ms: 0,
      passed: 0,
      failed,
      skipped: 0,
      failures: failed ? ["no Chromium"] : [],
      flaky: [],
    };
  }
  const json = path.join(OUT, "playwright.json");
  rmSync(json, { force: true });
  const t = Date.now();
  const status = await finished(
    run("[browser]", bin("playwright"), ["test", "--reporter=list,json"], {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      // Traces are taken on a journey's retry only (playwright.config.ts).
      E2E_WHOLE_SUITE: "1",
    }),
  );
  const layer: Layer = {
    name: "Browser journeys",
    status,
    ms: Date.now() - t,
    passed: 0,
    failed: 0,
    skipped: 0,
    failures: [],
    flaky: [],
  };
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, "utf8"));
    const s = report.stats;
    layer.passed = s.expected + s.flaky;
    layer.failed = s.unexpected;
    layer.skipped = s.skipped;
    for (const { where, title, test } of playwrightTests(report.suites ?? [], [])) {
      const firstError = (test.results ?? []).find((r) => r.error)?.error?.message;
      const name = `${where} › ${title}`;
      if (test.status === "unexpected") layer.failures.push(`${name}: ${firstLine(firstError)}`);
      if (test.status === "flaky") layer.flaky.push(`${name}: ${firstLine(firstError)}`);
    }
  }
  if (status !== 0 && layer.failed === 0) layer.failed = 1;
  return layer;
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: PlaywrightTest[] }[];
};
type PlaywrightTest = { status: string; results?: { status: string; error?: { message?: string } }[] };

/** Every test of Playwright's JSON report, with its file, line and titles. */
function* playwrightTests(
  suites: PlaywrightSuite[],
  titles: string[],
): Generator<{ where: string; title: string; test: PlaywrightTest }> {
  for (const suite of suites) {
    const inner = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        yield {
          where: `tests/e2e/${spec.file}:${spec.line}`,
          title: [...inner, spec.title].join(" › "),
          test,
        };
      }
    }
    yield* playwrightTests(suite.suites ?? [], inner);
  }
}

// Both layers at once: the journeys' servers start and the browser waits on them while Vitest
// keeps both cores busy, and neither layer's tail leaves a core idle.
const [vitest, journeys] = await Promise.all([vitestLayer(), browserLayer()]);

const layers = [vitest, ...(journeys ? [journeys] : [])];
const sum = (key: "passed" | "failed" | "skipped") => layers.reduce((n, l) => n + l[key], 0);
console.log("");
for (const l of layers) console.log(`${l.name}: ${l.passed} passed, ${l.failed} failed in ${minutes(l.ms)}`);
// The names come last, where the tail of a long log shows them.
for (const l of layers) {
  for (const f of l.flaky) console.log(`  passed on retry (${l.name}): ${f}`);
  for (const f of l.failures) console.log(`  FAILED (${l.name}): ${f}`);
}
console.log(`\ntests: ${sum("passed")} passed, ${sum("failed")} failed, ${sum("skipped")} skipped`);
console.log(`npm test took ${minutes(Date.now() - started)}`);
console.log(`This machine's speed: hashing 256 MiB (SHA-256) took ${fixedWorkMs()} ms`);
process.exit(layers.some((l) => l.status !== 0) || sum("failed") > 0 ? 1 : 0);
