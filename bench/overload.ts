// Overload benchmark (decision 049): the server as `npm start` runs it, on the demo data plus
// `--items` listings, under a mix of visitors' pages, API reads and a few writes sent at a fixed
// rate whatever the answers (an open loop: a slow answer does not slow the next request down).
//
//   node bench/overload.ts [--engine pglite|postgres|both] [--items 100000] [--seconds 60]
//                          [--step-seconds 10] [--start-rate 25] [--max-steps 10] [--capacity N]
//                          [--admission on|off]
//
// First it finds the capacity: the highest rate (requests per second), doubling from `--start-rate`
// and then halving the gap, at which the p99 of every answer stays within 1 s with under 1%
// refused (503) and no other error; `--capacity N` skips the search. Then it sends twice that for
// `--seconds` and reports the answers by status, the refusals' latency (max, p99), the p99 of the
// requests served, and the server's memory at the start, middle and end of the run. Latency runs
// from when each request was due to its last byte read. `--admission off` runs the same with
// admission control off, to see the server without it. Results go to bench/results/overload-<date>.json.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { createSession } from "#core/identity/sessions.ts";
import { items, users } from "#db/schema/index.ts";
import { seedBulkItems } from "#db/seed/demo-catalogue.ts";
import { seed } from "#db/seed/index.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { childProcesses } from "../tests/helpers/processes.ts";
import { openBenchDatabase, round, startServer, stopServer } from "./page-server.ts";
import { dropPostgresDatabase } from "./postgres-database.ts";
import { commitUnderTest, writeReport } from "./report.ts";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
const ITEMS = Number(arg("items", "100000"));
const SECONDS = Number(arg("seconds", "60"));
const STEP_SECONDS = Number(arg("step-seconds", "10"));
const START_RATE = Number(arg("start-rate", "25"));
const MAX_STEPS = Number(arg("max-steps", "10"));
const GIVEN_CAPACITY = Number(arg("capacity", "0"));
const ADMISSION = arg("admission", "on") !== "off";
const BENCH_DB = "tsugu_bench_overload";
const PAGE_CACHE_SECONDS = 10;
/** The targets of issue 34 for the overload run, and what a step of the capacity search must keep. */
const SERVED_P99_MS = 1000;
const REFUSAL_MS = 50;
const MOST_REFUSED_AT_CAPACITY = 0.01;
const BROWSER = { "accept-encoding": "gzip, deflate, br", "accept-language": "ja,en;q=0.8" };
const KEYWORDS = ["iPhone", "Galaxy", "Pixel", "Xperia", "AQUOS", "iPad", "画面割れ", "ジャンク"];
/** Members who write: each like or unlike is a real change, cleared caches and all. */
const WRITERS = 20;

type Kind = "page" | "api read" | "write";
type Planned = { kind: Kind; method: string; path: string; headers: Record<string, string> };
type Sample = { kind: Kind; status: number | "error"; ms: number; at: number };
type Fixture = { url?: string; itemIds: number[]; writers: string[] };

/** A small seeded generator, so that every run sends the same mix in the same order. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo data and the bulk listings, listings for the pages, and API sessions for the writers. */
async function prepare(engine: string, dataDir: string): Promise<Fixture> {
  const { database, url, ctx, blobs } = await openBenchDatabase(engine, BENCH_DB, dataDir);
  try {
    const started = performance.now();
    await seed(ctx);
    if (ITEMS > 0) {
      await seedBulkItems({ db: database.db, blobs }, ITEMS, (line) => console.log(`  [${engine}] ${line}`));
    }
    await database.db.execute(sql`vacuum analyze`);
    console.log(`  [${engine}] seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    const onSale = await database.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.state, "SALE"))
      .orderBy(desc(items.id))
      .limit(200);
    const members = await database.db
      .insert(users)
      .values(
        Array.from({ length: WRITERS }, (_, i) => ({
          email: `overload-writer${i}-${randomUUID()}@bench.test`,
          nickname: `writer${i}`,
        })),
      )
      .returning({ id: users.id });
    const writers = await Promise.all(
      members.map(
        async (m) => (await createSession(ctx, { userId: m.id, kind: "api", persistent: true })).token,
      ),
    );
    return { url, itemIds: onSale.map((r) => r.id), writers };
  } finally {
    await database.close();
  }
}

/**
 * The mix, request by request: half visitors' pages (home, searches, items, an article), most of
 * the rest API reads (searches, listings), and 2% writes (a member's like, then its undoing).
 */
function mix(f: Fixture) {
  const random = prng(34);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const writes = f.writers.map(() => 0);
  return (): Planned => {
    const r = random();
    const page = (p: string): Planned => ({ kind: "page", method: "GET", path: p, headers: BROWSER });
    const api = (p: string): Planned => ({ kind: "api read", method: "GET", path: p, headers: BROWSER });
    if (r < 0.15) return page("/ja/");
    if (r < 0.3) return page(`/ja/items/search/?keyword=${encodeURIComponent(pick(KEYWORDS))}`);
    if (r < 0.45) return page(`/ja/items/${pick(f.itemIds)}/`);
    if (r < 0.5) return page("/articles/1r4a73tut/");
    if (r < 0.74) return api(`/api/v1/items?keyword=${encodeURIComponent(pick(KEYWORDS))}`);
    if (r < 0.98) return api(`/api/v1/items/${pick(f.itemIds)}`);
    const w = Math.floor(random() * f.writers.length);
    const n = writes[w]!++;
    const item = f.itemIds[(w * 7 + Math.floor(n / 2)) % f.itemIds.length]!;
    return {
      kind: "write",
      method: n % 2 === 0 ? "PUT" : "DELETE",
      path: `/api/v1/items/${item}/like`,
      headers: { ...BROWSER, authorization: `Bearer ${f.writers[w]}` },
    };
  };
}

/** One request, its latency counted from when it was due to its last byte. */
function send(agent: http.Agent, port: number, p: Planned, due: number, phaseStart: number): Promise<Sample> {
  return new Promise((resolve) => {
    const done = (status: number | "error") =>
      resolve({ kind: p.kind, status, ms: performance.now() - due, at: (due - phaseStart) / 1000 });
    const req = http.request(
      { agent, host: "127.0.0.1", port, method: p.method, path: p.path, headers: p.headers },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", () => done("error"));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timed out")));
    req.on("error", () => done("error"));
    req.end();
  });
}

/** `rate` requests a second for `seconds`, each sent when due whatever the answers before it. */
async function drive(port: number, next: () => Planned, rate: number, seconds: number): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
  const total = Math.round(rate * seconds);
  const answers: Promise<Sample>[] = [];
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (answers.length < due) {
        answers.push(send(agent, port, next(), start + (answers.length * 1000) / rate, start));
      }
      if (answers.length >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const samples = await Promise.all(answers);
  agent.destroy();
  return samples;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

function summarise(samples: Sample[], seconds: number) {
  const statuses: Record<string, Record<string, number>> = {};
  for (const s of samples) {
    statuses[s.kind] ??= {};
    statuses[s.kind]![String(s.status)] = (statuses[s.kind]![String(s.status)] ?? 0) + 1;
  }
  const refused = samples.filter((s) => s.status === 503).map((s) => s.ms);
  const served = samples.filter((s) => s.status !== 503 && s.status !== "error").map((s) => s.ms);
  const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const all = sort(samples.map((s) => s.ms));
  const r = sort(refused);
  const v = sort(served);
  const servedByKind = Object.fromEntries(
    (["page", "api read", "write"] as const).map((kind) => {
      const ms = sort(
        samples
          .filter((s) => s.kind === kind && typeof s.status === "number" && s.status !== 503)
          .map((s) => s.ms),
      );
      return [
        kind,
        { served: ms.length, p50Ms: round(percentile(ms, 50)), p99Ms: round(percentile(ms, 99)) },
      ];
    }),
  );
  return {
    requests: samples.length,
    statuses,
    otherServerErrors: samples.filter(
      (s) => typeof s.status === "number" && s.status >= 500 && s.status !== 503,
    ).length,
    networkErrors: samples.filter((s) => s.status === "error").length,
    refusedShare: round(refused.length / Math.max(1, samples.length)),
    servedPerSecond: round(served.length / seconds),
    allP99Ms: round(percentile(all, 99)),
    refusedMs: { p50: round(percentile(r, 50)), p99: round(percentile(r, 99)), max: round(r.at(-1) ?? 0) },
    servedMs: { p50: round(percentile(v, 50)), p99: round(percentile(v, 99)), max: round(v.at(-1) ?? 0) },
    servedByKind,
  };
}

/** The server's resident memory now, in MB: the process and, on PostgreSQL, its server processes. */
function rssMb(pid: number): number {
  const kb = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  return Math.round([pid, ...childProcesses(pid)].reduce((sum, p) => sum + kb(p), 0) / 1024);
}

/** A step of the capacity search holds when nearly everything was served, within 1 s at p99. */
const holds = (s: ReturnType<typeof summarise>) =>
  s.allP99Ms <= SERVED_P99_MS &&
  s.refusedShare < MOST_REFUSED_AT_CAPACITY &&
  s.networkErrors === 0 &&
  s.otherServerErrors === 0;

async function capacity(port: number, next: () => Planned, engine: string) {
  const steps: { rate: number; holds: boolean; allP99Ms: number; refusedShare: number }[] = [];
  const step = async (rate: number) => {
    const s = summarise(await drive(port, next, rate, STEP_SECONDS), STEP_SECONDS);
    const ok = holds(s);
    steps.push({ rate, holds: ok, allP99Ms: s.allP99Ms, refusedShare: s.refusedShare });
    console.log(
      `  [${engine}] ${rate} req/s: p99 ${s.allP99Ms} ms, refused ${s.refusedShare} → ${ok ? "holds" : "too much"}`,
    );
    // Let what is left drain before the next step.
    await new Promise((r) => setTimeout(r, 2_000));
    return ok;
  };
  let good = 0;
  let bad = 0;
  let rate = START_RATE;
  while (steps.length < MAX_STEPS) {
    if (await step(rate)) {
      good = rate;
      rate *= 2;
    } else {
      bad = rate;
      break;
    }
  }
  while (bad && steps.length < MAX_STEPS && bad - good > Math.max(5, good * 0.1)) {
    const mid = Math.round((good + bad) / 2);
    if (await step(mid)) good = mid;
    else bad = mid;
  }
  return { requestsPerSecond: good, steps };
}

async function overload(engine: string, dataDir: string, f: Fixture) {
  const port = engine === "postgres" ? 3951 : 3952;
  const child = await startServer({
    engine,
    dataDir,
    url: f.url,
    port,
    pageCacheSeconds: PAGE_CACHE_SECONDS,
    env: ADMISSION
      ? {}
      : { ADMISSION_PAGES: "0", ADMISSION_API_READS: "0", ADMISSION_WRITES: "0", ADMISSION_WEBHOOKS: "0" },
  });
  try {
    const next = mix(f);
    // Warm-up: each kind of request once, one at a time, so that no figure pays for the first ones.
    const warm = mix(f);
    for (let i = 0; i < 60; i++) {
      const p = warm();
      const s = await send(new http.Agent(), port, p, performance.now(), performance.now());
      if (s.status === "error" || s.status >= 400)
        throw new Error(`${p.method} ${p.path} answered ${s.status}`);
    }
    const found =
      GIVEN_CAPACITY > 0
        ? { requestsPerSecond: GIVEN_CAPACITY, steps: [] }
        : await capacity(port, next, engine);
    if (found.requestsPerSecond === 0)
      throw new Error(`Not even ${START_RATE} req/s held; try a lower --start-rate`);
    const rate = found.requestsPerSecond * 2;
    console.log(`  [${engine}] capacity ${found.requestsPerSecond} req/s; ${rate} req/s for ${SECONDS} s`);
    const memory: { at: number; rssMb: number }[] = [];
    const started = performance.now();
    const sampler = setInterval(
      () => memory.push({ at: round((performance.now() - started) / 1000), rssMb: rssMb(child.pid!) }),
      1_000,
    );
    memory.push({ at: 0, rssMb: rssMb(child.pid!) });
    const samples = await drive(port, next, rate, SECONDS);
    clearInterval(sampler);
    memory.push({ at: round((performance.now() - started) / 1000), rssMb: rssMb(child.pid!) });
    const run = summarise(samples, SECONDS);
    const middle = memory.reduce((a, b) =>
      Math.abs(b.at - SECONDS / 2) < Math.abs(a.at - SECONDS / 2) ? b : a,
    );
    const rss = {
      startMb: memory[0]!.rssMb,
      middleMb: middle.rssMb,
      endMb: memory.at(-1)!.rssMb,
      maxMb: Math.max(...memory.map((m) => m.rssMb)),
    };
    const result = {
      engine,
      serverProcesses:
        engine === "postgres" ? Number(process.env.WEB_CONCURRENCY) || availableParallelism() : 1,
      capacity: found,
      overload: { requestsPerSecond: rate, seconds: SECONDS, ...run, rss },
      targets: {
        no5xxBut503: run.otherServerErrors === 0 && run.networkErrors === 0,
        everyRefusalWithin50Ms: run.refusedMs.max <= REFUSAL_MS,
        servedP99Within1s: run.servedMs.p99 <= SERVED_P99_MS,
        // Flat: the second half of the run adds no more than a tenth to what the first half left.
        memoryFlat: rss.endMb <= rss.middleMb * 1.1,
      },
    };
    console.log(`  [${engine}] ${JSON.stringify(result.overload)}`);
    console.log(`  [${engine}] targets ${JSON.stringify(result.targets)}`);
    return result;
  } finally {
    await stopServer(child);
  }
}

async function main() {
  buildIfNeeded();
  const commit = commitUnderTest();
  const loadAtStart = round(loadavg()[0]!);
  const results: unknown[] = [];
  for (const engine of ENGINES) {
    console.log(`${engine}: demo data and ${ITEMS} listings`);
    const dataDir = mkdtempSync(path.join(tmpdir(), `tsugu-bench-overload-${engine}-`));
    try {
      results.push(await overload(engine, dataDir, await prepare(engine, dataDir)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === "postgres") await dropPostgresDatabase(BENCH_DB);
    }
  }
  const file = writeReport("overload", commit, {
    listings: ITEMS,
    loadAverageAtStart: loadAtStart,
    method: {
      mix: "15% home, 15% search pages, 15% item pages, 5% an article (visitors); 24% API searches, 24% API listings; 2% writes (a member's like through the API, then its undoing)",
      client:
        "an open loop on this machine: each request sent when due (keep-alive, up to 2,048 connections), latency from when it was due to its last byte",
      capacity: `the highest rate whose p99 of every answer is within ${SERVED_P99_MS} ms with under ${MOST_REFUSED_AT_CAPACITY * 100}% refused and no other error, doubling from ${START_RATE} req/s then halving the gap, ${STEP_SECONDS} s a step`,
      overload: `twice the capacity for ${SECONDS} s`,
      admission: ADMISSION ? "on, the defaults" : "off",
      pageCacheSeconds: PAGE_CACHE_SECONDS,
    },
    results,
  });
  console.log(`Wrote ${file}`);
}

await main();
