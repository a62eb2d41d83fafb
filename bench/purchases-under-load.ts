// Purchases under read load (issue 34, decision 050): the server as `npm start` runs it (PostgreSQL
// with one process per core, or PGlite), `--readers` anonymous readers asking for item pages and the
// search API one request after another each, and once they are under way `--purchases` purchases
// started at once over HTTP (POST /api/v1/items/{id}/purchase, a buyer and a card each). Reports the
// purchases' min/median/p95/max, the readers' p50/p95 (all the run, and while the purchases ran), and
// where a purchase's time went as the server measured it (`purchase_phase_seconds` in /metrics:
// admission wait, database wait, SQL, provider round trips, the rest).
//
//   node bench/purchases-under-load.ts [--engine postgres|pglite|both] [--readers 200]
//                                      [--purchases 20] [--items 100000] [--warm-up 10] [--demo on|off]
//
// PostgreSQL comes from BENCH_DATABASE_URL (a database tsugu_bench_under_load is created and dropped).
// Results go to bench/results/purchases-under-load-<date>.json.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { createSession } from "#core/identity/sessions.ts";
import { addresses, items, users } from "#db/schema/index.ts";
import { seedBulkItems } from "#db/seed/demo-catalogue.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { seed } from "#db/seed/index.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { cardToken, TEST_ADDRESS } from "../tests/helpers/trading.ts";
import { openBenchDatabase, round, startServer, stopServer } from "./page-server.ts";
import { dropPostgresDatabase } from "./postgres-database.ts";
import { commitUnderTest, writeReport } from "./report.ts";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
const READERS = Number(arg("readers", "200"));
const PURCHASES = Number(arg("purchases", "20"));
const ITEMS = Number(arg("items", "100000"));
/** Seconds of reading before the purchases start, so that they meet a server already busy. */
const WARM_UP = Number(arg("warm-up", "10"));
/** `--demo off`: the device models and the bulk listings only, without the demo data (a quicker set-up). */
const DEMO = arg("demo", "on") !== "off";
const BENCH_DB = "tsugu_bench_under_load";
const PAGE_CACHE_SECONDS = 10;
const KEYWORDS = ["iPhone", "Galaxy", "Pixel", "Xperia", "AQUOS", "iPad", "画面割れ", "ジャンク"];
const BROWSER = { "accept-encoding": "gzip, deflate, br", "accept-language": "ja,en;q=0.8" };
const PHASES = ["admission", "db_wait", "sql", "provider", "other", "total"] as const;

type Fixture = {
  url?: string;
  /** Listings on sale, for the readers' item pages. */
  onSale: number[];
  /** One listing, one buyer's API session and one card token per purchase. */
  buys: { itemId: number; session: string; card: string }[];
};

/** The demo data and bulk listings, then the buyers, their sessions and cards, and their listings. */
async function prepare(engine: string, dataDir: string): Promise<Fixture> {
  const { database, url, ctx, blobs } = await openBenchDatabase(engine, BENCH_DB, dataDir);
  try {
    const started = performance.now();
    if (DEMO) await seed(ctx);
    else await seedDeviceModels(database.db);
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
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: PURCHASES + 1 }, (_, i) => ({
          email: `under-load-${i}-${randomUUID()}@bench.test`,
          nickname: i === 0 ? "seller" : `buyer${i}`,
        })),
      )
      .returning({ id: users.id });
    const [seller, ...buyers] = people;
    await database.db.insert(addresses).values(buyers.map((b) => ({ userId: b.id, ...TEST_ADDRESS })));
    const listed = await database.db
      .insert(items)
      .values(
        buyers.map((_, i) => ({
          sellerId: seller!.id,
          state: "SALE" as const,
          title: `負荷中の購入 ${i}`,
          price: 18000,
          categoryCode: "05",
          condition: "USED" as const,
          postage: "INCLUDED" as const,
          shippingMethod: "05",
          leadTime: "01",
          publishedAt: new Date(),
        })),
      )
      .returning({ id: items.id });
    const buys = await Promise.all(
      buyers.map(async (b, i) => ({
        itemId: listed[i]!.id,
        session: (await createSession(ctx, { userId: b.id, kind: "api", persistent: true })).token,
        card: await cardToken(ctx),
      })),
    );
    return { url, onSale: onSale.map((r) => r.id), buys };
  } finally {
    await database.close();
  }
}

type Sample = { status: number | "error"; ms: number; at: number };

function request(
  agent: http.Agent,
  port: number,
  o: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number | "error"; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: "127.0.0.1", port, method: o.method, path: o.path, headers: o.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", () => resolve({ status: "error", body: "" }));
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error("timed out")));
    req.on("error", () => resolve({ status: "error", body: "" }));
    req.end(o.body);
  });
}

/** Readers, each asking one thing after another (item pages and API searches) until `stop`. */
function read(port: number, f: Fixture, stop: AbortSignal, start: number): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: READERS });
  const samples: Sample[] = [];
  let n = 0;
  const reader = async (lane: number) => {
    while (!stop.aborted) {
      const i = n++;
      const path =
        (i + lane) % 2 === 0
          ? `/ja/items/${f.onSale[(i * 7 + lane) % f.onSale.length]}/`
          : `/api/v1/items?keyword=${encodeURIComponent(KEYWORDS[(i + lane) % KEYWORDS.length]!)}`;
      const t0 = performance.now();
      const r = await request(agent, port, { method: "GET", path, headers: BROWSER });
      samples.push({ status: r.status, ms: performance.now() - t0, at: t0 - start });
    }
  };
  return Promise.all(Array.from({ length: READERS }, (_, lane) => reader(lane))).then(() => {
    agent.destroy();
    return samples;
  });
}

/** `purchase_phase_seconds` from /metrics: per phase, the count and the sum. */
async function phaseTotals(port: number): Promise<Record<string, { count: number; sum: number }> | null> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const totals: Record<string, { count: number; sum: number }> = {};
  for (const m of text.matchAll(/^purchase_phase_seconds_(count|sum)\{phase="(\w+)"\} (\S+)$/gm)) {
    totals[m[2]!] ??= { count: 0, sum: 0 };
    totals[m[2]!]![m[1] as "count" | "sum"] = Number(m[3]);
  }
  return Object.keys(totals).length ? totals : null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const sortedMs = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function underLoad(engine: string, dataDir: string, f: Fixture) {
  const port = engine === "postgres" ? 3961 : 3962;
  const child = await startServer({
    engine,
    dataDir,
    url: f.url,
    port,
    pageCacheSeconds: PAGE_CACHE_SECONDS,
  });
  try {
    // Each kind of read once, so that no figure pays for the server's first requests.
    const warm = new http.Agent();
    await request(warm, port, { method: "GET", path: `/ja/items/${f.onSale[0]}/`, headers: BROWSER });
    await request(warm, port, { method: "GET", path: "/api/v1/items?keyword=iPhone", headers: BROWSER });
    const before = await phaseTotals(port);

    const stop = new AbortController();
    const start = performance.now();
    const reading = read(port, f, stop.signal, start);
    await new Promise((r) => setTimeout(r, WARM_UP * 1000));

    const buyer = new http.Agent({ keepAlive: true, maxSockets: PURCHASES });
    const purchasesStarted = performance.now() - start;
    const answers = await Promise.all(
      f.buys.map(async (b) => {
        const t0 = performance.now();
        const r = await request(buyer, port, {
          method: "POST",
          path: `/api/v1/items/${b.itemId}/purchase`,
          headers: {
            ...BROWSER,
            "content-type": "application/json",
            authorization: `Bearer ${b.session}`,
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify({ payment_method: "card", card_token: b.card }),
        });
        return { status: r.status, ms: performance.now() - t0 };
      }),
    );
    const purchasesEnded = performance.now() - start;
    // The readers go on a moment longer, so that the last purchases still met them.
    await new Promise((r) => setTimeout(r, 1_000));
    stop.abort();
    const reads = await reading;
    buyer.destroy();
    const after = await phaseTotals(port);

    const p = sortedMs(answers.map((a) => a.ms));
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[String(a.status)] = (statuses[String(a.status)] ?? 0) + 1;
    const readFigures = (samples: Sample[]) => {
      const ms = sortedMs(samples.map((s) => s.ms));
      return {
        requests: samples.length,
        notOk: samples.filter((s) => s.status !== 200).length,
        p50Ms: round(percentile(ms, 50)),
        p95Ms: round(percentile(ms, 95)),
      };
    };
    const during = reads.filter((s) => s.at >= purchasesStarted && s.at <= purchasesEnded);
    // Where a purchase's time went, as the server measured it: the mean per purchase, by phase.
    const phases =
      after && PHASES.every((ph) => after[ph])
        ? Object.fromEntries(
            PHASES.map((ph) => {
              const count = after[ph]!.count - (before?.[ph]?.count ?? 0);
              const sum = after[ph]!.sum - (before?.[ph]?.sum ?? 0);
              return [ph, { meanMs: round((sum / Math.max(1, count)) * 1000) }];
            }),
          )
        : null;
    const result = {
      engine,
      serverProcesses:
        engine === "postgres" ? Number(process.env.WEB_CONCURRENCY) || availableParallelism() : 1,
      readers: READERS,
      purchases: {
        started: PURCHASES,
        statuses,
        ms: {
          min: round(p[0] ?? 0),
          median: round(percentile(p, 50)),
          p95: round(percentile(p, 95)),
          max: round(p.at(-1) ?? 0),
        },
      },
      reads: { all: readFigures(reads), whilePurchasing: readFigures(during) },
      purchasePhases: phases,
    };
    console.log(`  [${engine}] ${JSON.stringify(result)}`);
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
    const dataDir = mkdtempSync(path.join(tmpdir(), `tsugu-bench-under-load-${engine}-`));
    try {
      results.push(await underLoad(engine, dataDir, await prepare(engine, dataDir)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === "postgres") await dropPostgresDatabase(BENCH_DB);
    }
  }
  const file = writeReport("purchases-under-load", commit, {
    listings: ITEMS,
    demoData: DEMO,
    loadAverageAtStart: loadAtStart,
    method: {
      readers: `${READERS} anonymous readers on this machine, each asking one thing after another: item pages (200 listings on sale) and API searches, half each, as a browser asks (compression); ${WARM_UP} s of reading before the purchases`,
      purchases: `${PURCHASES} purchases by card started at once through POST /api/v1/items/{id}/purchase, a buyer, an API session and a card token (made ahead) each`,
      phases:
        "purchase_phase_seconds from the server's /metrics before and after: the mean per purchase of the admission wait, the database wait (the embedded database's line, or a pool connection), SQL, the payment provider's round trips (less its database time) and the rest",
      pageCacheSeconds: PAGE_CACHE_SECONDS,
    },
    results,
  });
  console.log(`Wrote ${file}`);
}

await main();
