// Catalogue benchmark: 100,000 listings; core search latency, and the search and item pages'
// throughput as a fraction of the same server's throughput on a trivial route, in one run.
//
//   node bench/catalog.ts [--items 100000] [--engine postgres|pglite|both] [--seconds 10] [--only core] [--keep] [--reuse]
//
// PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// a database tsugu_bench is created and dropped). Results go to bench/results/.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { searchItems } from "#core/catalog/search-items.ts";
import { parseSearchQuery } from "#core/catalog/search-query.ts";
import { keywordPlan } from "#core/catalog/search-text.ts";
import { searchTokens } from "#core/catalog/search-tokens.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { seedBulkItems } from "#db/seed/demo-catalogue.ts";
import { seed } from "#db/seed/index.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { load as loadFor, peakRssMb, round, startServer } from "./page-server.ts";
import { dropPostgresDatabase, freshPostgresDatabase, postgresUrl } from "./postgres-database.ts";
import { commitUnderTest, writeReport } from "./report.ts";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ITEMS = Number(arg("items", "100000"));
const SECONDS = Number(arg("seconds", "10"));
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
/** `--keep`: leave the PostgreSQL database for a look at the plans (`tsugu_bench`). */
const KEEP = process.argv.includes("--keep");
/** `--reuse`: measure the PostgreSQL database a `--keep` run left (migrated to this commit) instead of seeding anew. */
const REUSE = process.argv.includes("--reuse");
/** `--only core`: the core search alone, without the pages under load. */
const CORE_ONLY = arg("only", "") === "core";
const BENCH_DB = "tsugu_bench";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Queries as a buyer types them: a keyword and two filters, in the default order (relevance). */
const QUERIES: Record<string, unknown>[] = [
  { keyword: "iphone", condition: ["DEFECTIVE"], noDefects: ["water_damage"] },
  { keyword: "画面割れ", brand: "00001", status: "on_sale" },
  { keyword: "pixel", batteryMin: "80", carrier: ["simfree"] },
  { keyword: "水没", category: "05", priceMax: "10000" },
  { keyword: "ジャンク", defects: ["no_power"], storage: ["128"] },
  { keyword: "xperia 10", networkRestriction: ["○"], condition: ["USED", "DEFECTIVE"] },
  { keyword: "se", brand: "00001", priceMin: "3000" },
  { keyword: "galaxy s23", color: ["black"], status: "on_sale" },
];

/** The common cases on their own: a common word in each order, the way people type a model, the home list. */
const COMMON: Record<string, { query: Record<string, unknown>; limit?: number }> = {
  "iPhone (relevance)": { query: { keyword: "iPhone" } },
  "iPhone (newest)": { query: { keyword: "iPhone", sort: "new" } },
  "画面 (price high to low)": { query: { keyword: "画面", sort: "price_desc" } },
  "iphone12 ジャンク (relevance)": { query: { keyword: "iphone12 ジャンク" } },
  "home: on sale, newest": { query: { status: "on_sale" }, limit: 18 },
};

async function prepare(engine: string, dataDir: string): Promise<{ url?: string }> {
  const blobs = createLocalBlobStore({ dir: path.join(dataDir, "blobs") });
  let database: Database;
  let url: string | undefined;
  if (engine === "postgres" && REUSE) {
    url = postgresUrl(BENCH_DB);
    database = await openDatabase({ url });
    await database.migrate();
    await database.db.execute(sql`vacuum analyze`);
    await database.close();
    return { url };
  }
  if (engine === "postgres") {
    database = await freshPostgresDatabase(BENCH_DB);
    url = postgresUrl(BENCH_DB);
  } else {
    database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  }
  await database.migrate();
  const started = performance.now();
  await seed(
    { ...sandboxCoreContext({ db: database.db, clock: systemClock, dataDir }), blobs },
    { items: 0, backOffice: false },
  );
  await seedBulkItems({ db: database.db, blobs }, ITEMS, (line) => console.log(`  [${engine}] ${line}`));
  // A steady-state database: statistics and the visibility map as autovacuum would leave them.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`  [${engine}] seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  await database.close();
  return { url };
}

type Timing = { runs: number; p50: number; p95: number; p99: number };

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  };
}

async function timed(runs: number, op: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await op(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await op(i);
    times.push(performance.now() - t0);
  }
  return timing(times);
}

/**
 * The bare indexed query of a search: one statement reading the first page's ids with the same
 * keyword and fact tokens, in the same order, as plain SQL. The core's search (the page's ids, for
 * relevance one statement per tier, then the cards) is read as a multiple of it.
 */
function bareStatement(q: ReturnType<typeof parseSearchQuery>, limit: number) {
  const plan = keywordPlan(q.keyword);
  const tokens = searchTokens(q);
  if (plan.tokens.length === 0) {
    return sql`select id from items where state = 'SALE' order by published_at desc nulls last, id desc nulls last limit ${limit + 1}`;
  }
  const all = sql.join(
    [...plan.tokens, ...tokens.all].map((t) => sql`${t}`),
    sql`, `,
  );
  const order =
    q.sort === "price_desc"
      ? sql`price desc, item_id desc`
      : q.sort === "price_asc"
        ? sql`price asc, item_id asc`
        : sql`published_at desc nulls last, item_id desc nulls last`;
  const phrases = plan.phrases.map((p) => sql` and strpos(body, ${p}) > 0`);
  return sql`select item_id from item_search where grams @> array[${all}]::text[]${sql.join(phrases, sql``)} order by ${order} limit ${limit + 1}`;
}

async function coreSearch(engine: string, dataDir: string, url: string | undefined) {
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, "pglite") });
  const ctx = {
    db: database.db,
    blobs: createLocalBlobStore({ dir: path.join(dataDir, "blobs") }),
    clock: systemClock,
  };
  const queries = QUERIES.map((q) => parseSearchQuery(q));
  // Keyword + filters + relevance, the page's first 30 cards.
  const search = await timed(400, (i) => searchItems(ctx, { query: queries[i % queries.length]! }));
  // The same with the result count the search page shows (exact up to 10,000).
  const searchWithCount = await timed(200, (i) =>
    searchItems(ctx, { query: queries[i % queries.length]!, count: true }),
  );
  const bare = await timed(400, (i) => database.db.execute(bareStatement(queries[i % queries.length]!, 30)));
  const common: Record<string, { search: Timing; withCount: Timing; bare: Timing; ratioToBare: number }> = {};
  for (const [name, c] of Object.entries(COMMON)) {
    const q = parseSearchQuery(c.query);
    const limit = c.limit ?? 30;
    const one = await timed(100, () => searchItems(ctx, { query: q, limit }));
    const withCount = await timed(50, () => searchItems(ctx, { query: q, limit, count: true }));
    const bareOne = await timed(100, () => database.db.execute(bareStatement(q, limit)));
    common[name] = { search: one, withCount, bare: bareOne, ratioToBare: round(one.p95 / bareOne.p95) };
    console.log(
      `  [${engine}] ${name}: p95 ${one.p95} ms (with count ${withCount.p95} ms), bare ${bareOne.p95} ms`,
    );
  }
  const result = (await database.db.execute(
    sql`select min(id) as id from items where state = 'SALE'`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const row = result.rows[0];
  await database.close();
  console.log(
    `  [${engine}] keyword + filters + relevance: p50 ${search.p50} ms, p95 ${search.p95} ms, p99 ${search.p99} ms; with count p95 ${searchWithCount.p95} ms; bare SQL p95 ${bare.p95} ms`,
  );
  return {
    search,
    searchWithCount,
    bareSql: bare,
    ratioToBare: round(search.p95 / bare.p95),
    common,
    sampleItemId: Number(row!.id),
  };
}

/**
 * The pages' throughput against the same server's trivial routes. Run twice: as deployed, where
 * anonymous visitors' catalogue pages come from the page cache (decision 010), and with the cache
 * off, where every request renders the page from the database.
 */
async function pages(
  engine: string,
  dataDir: string,
  url: string | undefined,
  itemId: number,
  pageCacheSeconds: number,
) {
  const port = (engine === "postgres" ? 3901 : 3902) + (pageCacheSeconds > 0 ? 0 : 10);
  const child = await startServer({ engine, dataDir, url, port, pageCacheSeconds });
  const load = (u: string) => loadFor(u, SECONDS);
  const base = `http://127.0.0.1:${port}`;
  const search = `${base}/ja/items/search/?keyword=${encodeURIComponent("画面割れ")}&brand=00001&condition=DEFECTIVE&sort=price_asc`;
  const item = `${base}/ja/items/${itemId}/`;
  // Two baselines: a static file (the HTTP stack alone) and a page with no data (the whole page
  // stack: session, layout, server rendering), so the pages' own cost can be read off both.
  const plainPage = `${base}/ja/reset-password/sent/`;
  for (const u of [`${base}/robots.txt`, plainPage, search, item]) await load(u).catch(() => {});
  const trivial = await load(`${base}/robots.txt`);
  const trivialPage = await load(plainPage);
  const searchPage = await load(search);
  const itemPage = await load(item);
  const rss = peakRssMb(child.pid!);
  child.kill("SIGTERM");
  const ratios = (x: number) => ({
    ratioToTrivial: round(x / trivial.requestsPerSecond),
    ratioToTrivialPage: round(x / trivialPage.requestsPerSecond),
  });
  console.log(
    `  [${engine}, page cache ${pageCacheSeconds} s] robots.txt ${trivial.requestsPerSecond} req/s, plain page ${trivialPage.requestsPerSecond}, search page ${searchPage.requestsPerSecond}, item page ${itemPage.requestsPerSecond}`,
  );
  return {
    pageCacheSeconds,
    trivial,
    trivialPage,
    searchPage: { ...searchPage, ...ratios(searchPage.requestsPerSecond) },
    itemPage: { ...itemPage, ...ratios(itemPage.requestsPerSecond) },
    serverPeakRssMb: rss,
  };
}

async function main() {
  buildIfNeeded();
  const commit = commitUnderTest();
  const results: Record<string, unknown> = {};
  for (const engine of ENGINES) {
    console.log(`${engine}: ${ITEMS} listings`);
    const dataDir = mkdtempSync(path.join(tmpdir(), `tsugu-bench-${engine}-`));
    try {
      const { url } = await prepare(engine, dataDir);
      const core = await coreSearch(engine, dataDir, url);
      results[engine] = CORE_ONLY
        ? core
        : {
            ...core,
            pages: await pages(engine, dataDir, url, core.sampleItemId, 10),
            pagesUncached: await pages(engine, dataDir, url, core.sampleItemId, 0),
          };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const file = writeReport("catalog", commit, {
    listings: ITEMS,
    loadSeconds: SECONDS,
    connections: 10,
    results,
  });
  console.log(`Wrote ${file}`);
  if (ENGINES.includes("postgres") && !KEEP && !REUSE) await dropPostgresDatabase(BENCH_DB);
}

await main();
