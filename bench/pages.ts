// Page benchmark: the pages people open most, for visitors and for a logged-in member, on the
// demo data plus 100,000 listings, served as `npm start` serves them.
//
//   node bench/pages.ts [--items 100000] [--engine postgres|pglite|both] [--seconds 5] [--runs 3]
//
// Each page is measured against the same server's page that loads no data, back to back, as the
// same audience: autocannon, 10 connections, a browser's Accept-Encoding, `--runs` times; the
// figures are the medians of the runs. Results go to bench/results/pages-<date>.json.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, desc, eq, lt, ne, sql } from "drizzle-orm";
import { createSession, type SessionUser } from "#core/identity/sessions.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { items, users } from "#db/schema/index.ts";
import { seedBulkItems } from "#db/seed/demo-catalogue.ts";
import { seed } from "#db/seed/index.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { cardToken } from "../tests/helpers/trading.ts";
import { type Load, load, openBenchDatabase, peakRssMb, round, startServer } from "./page-server.ts";
import { dropPostgresDatabase } from "./postgres-database.ts";
import { commitUnderTest, writeReport } from "./report.ts";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ITEMS = Number(arg("items", "100000"));
const SECONDS = Number(arg("seconds", "5"));
const RUNS = Number(arg("runs", "3"));
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
/** `--keep`: leave the PostgreSQL database (`tsugu_bench_pages`) and print the member's cookie, for a closer look. */
const KEEP = process.argv.includes("--keep");
const BENCH_DB = "tsugu_bench_pages";
const MEMBER = "hanako@tsugu.example";
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

type Fixture = { url?: string; cookie: string; itemId: number; transactionPath: string };

/** The demo data (accounts, trades, articles, notifications) and the bulk listings, and a member's session. */
async function prepare(engine: string, dataDir: string): Promise<Fixture> {
  const { database, url, ctx, blobs } = await openBenchDatabase(engine, BENCH_DB, dataDir);
  try {
    const started = performance.now();
    await seed(ctx);
    await seedBulkItems({ db: database.db, blobs }, ITEMS, (line) => console.log(`  [${engine}] ${line}`));
    await database.db.execute(sql`vacuum analyze`);
    console.log(`  [${engine}] seeded in ${Math.round((performance.now() - started) / 1000)} s`);

    const [member] = await database.db.select().from(users).where(eq(users.email, MEMBER));
    const session = await createSession(ctx, { userId: member!.id, kind: "web", persistent: true });
    // A purchase the member made, paid by card: the transaction page they open most.
    const buyer: SessionUser = {
      id: member!.id,
      email: member!.email,
      nickname: member!.nickname,
      role: "member",
      locale: "ja",
      sessionId: 0,
      staffRoles: [],
    };
    const [bought] = await database.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.state, "SALE"), ne(items.sellerId, member!.id), lt(items.price, 20000)))
      .orderBy(asc(items.id))
      .limit(1);
    await purchaseItem(ctx, {
      actor: buyer,
      itemId: bought!.id,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(ctx) },
      returnUrl: "http://bench.test/ja/",
    });
    const [item] = await database.db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.state, "SALE"))
      .orderBy(desc(items.id))
      .limit(1);
    return {
      url,
      cookie: `tsugu=${session.token}`,
      itemId: item!.id,
      transactionPath: `/ja/items/${bought!.id}/transactions/buyer/`,
    };
  } finally {
    await database.close();
  }
}

type Measured = {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  noDataRequestsPerSecond: number;
  shareOfNoData: number;
  p99OverP50: number;
  non2xx: number;
  errors: number;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The page and the no-data page back to back, `RUNS` times; medians of each figure. */
async function measure(base: string, page: string, headers: Record<string, string>): Promise<Measured> {
  const runs: { page: Load; noData: Load }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const noData = await load(`${base}/ja/reset-password/sent/`, SECONDS, headers);
    runs.push({ noData, page: await load(`${base}${page}`, SECONDS, headers) });
  }
  const rps = median(runs.map((r) => r.page.requestsPerSecond));
  const p50 = median(runs.map((r) => r.page.latencyMs.p50));
  const p99 = median(runs.map((r) => r.page.latencyMs.p99));
  return {
    requestsPerSecond: rps,
    latencyMs: { p50, p99 },
    noDataRequestsPerSecond: median(runs.map((r) => r.noData.requestsPerSecond)),
    shareOfNoData: round(median(runs.map((r) => r.page.requestsPerSecond / r.noData.requestsPerSecond))),
    p99OverP50: round(p99 / Math.max(p50, 1)),
    non2xx: runs.reduce((n, r) => n + r.page.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.page.errors, 0),
  };
}

async function pages(engine: string, dataDir: string, f: Fixture) {
  const port = engine === "postgres" ? 3931 : 3932;
  const child = await startServer({ engine, dataDir, url: f.url, port, pageCacheSeconds: 10 });
  const base = `http://127.0.0.1:${port}`;
  const visitorPages: Record<string, string> = {
    home: "/ja/",
    search: `/ja/items/search/?keyword=iPhone`,
    item: `/ja/items/${f.itemId}/`,
    article: "/articles/1r4a73tut/",
    "api search": `/api/v1/items?keyword=iPhone`,
  };
  const memberPages: Record<string, string> = {
    ...visitorPages,
    "my page": "/ja/mypage/",
    notifications: "/ja/notifications/",
    transaction: f.transactionPath,
  };
  const member = { ...BROWSER, cookie: f.cookie };
  try {
    // Each page must answer 200 for the member as for a visitor: a redirect to the login page would measure the wrong page.
    for (const [p, headers] of [
      ...Object.values(visitorPages).map((v) => [v, BROWSER] as const),
      ...Object.values(memberPages).map((v) => [v, member] as const),
    ]) {
      const res = await fetch(`${base}${p}`, { headers, redirect: "manual" });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    }
    // Warm-up: every page once under load, so the first measurement does not pay for compilation.
    for (const p of Object.values(memberPages)) await load(`${base}${p}`, 2, member);
    const visitor: Record<string, Measured> = {};
    for (const [name, p] of Object.entries(visitorPages)) {
      visitor[name] = await measure(base, p, BROWSER);
      console.log(`  [${engine}] visitor ${name}: ${JSON.stringify(visitor[name])}`);
    }
    const memberResults: Record<string, Measured> = {};
    for (const [name, p] of Object.entries(memberPages)) {
      memberResults[name] = await measure(base, p, member);
      console.log(`  [${engine}] member ${name}: ${JSON.stringify(memberResults[name])}`);
    }
    return { visitor, member: memberResults, serverPeakRssMb: peakRssMb(child.pid!) };
  } finally {
    child.kill("SIGTERM");
  }
}

async function main() {
  buildIfNeeded();
  const commit = commitUnderTest();
  const results: Record<string, unknown> = {};
  for (const engine of ENGINES) {
    console.log(`${engine}: demo data and ${ITEMS} listings`);
    const dataDir = mkdtempSync(path.join(tmpdir(), `tsugu-bench-pages-${engine}-`));
    try {
      const fixture = await prepare(engine, dataDir);
      if (KEEP) console.log(`  [${engine}] ${JSON.stringify(fixture)}`);
      results[engine] = await pages(engine, dataDir, fixture);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (engine === "postgres" && !KEEP) await dropPostgresDatabase(BENCH_DB);
    }
  }
  const file = writeReport("pages", commit, {
    listings: ITEMS,
    method: {
      tool: "autocannon",
      connections: 10,
      secondsPerRun: SECONDS,
      runs: RUNS,
      figures: "medians of the runs; each run measures the no-data page then the page, as the same audience",
      noDataPage: "/ja/reset-password/sent/",
      acceptEncoding: BROWSER["accept-encoding"],
      pageCacheSeconds: 10,
    },
    results,
  });
  console.log(`Wrote ${file}`);
}

await main();
