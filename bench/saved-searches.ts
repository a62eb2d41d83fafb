// Saved-search benchmark: what telling members about a new listing costs when 100,000 searches are
// saved. For each of a few hundred listings, the saved searches it may match are found with one GIN
// lookup (`savedSearchCandidates`) and each candidate is checked whole against the listing's search
// row in memory (`matchingSavedSearches`, as the notice job does); next to it, in the same run, a
// keyword search of the same catalogue.
//
//   node bench/saved-searches.ts [--searches 100000] [--listings 200] [--engine postgres|pglite|both]
//
// PostgreSQL: a database tsugu_bench_saved_searches is created and dropped (see postgres-database.ts).
// Results go to bench/results/.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { BRANDS, ITEM_CONDITIONS } from "#core/catalog/codes.ts";
import { DEVICE_CATALOGUE } from "#core/catalog/device-catalogue.ts";
import { DEFECTS } from "#core/catalog/device-facts.ts";
import {
  matchingSavedSearches,
  savedSearchCandidates,
  savedSearchKey,
  savedSearchTokens,
} from "#core/catalog/saved-searches.ts";
import { searchItems } from "#core/catalog/search-items.ts";
import { defaultSort, searchParamsOf } from "#core/catalog/search-params.ts";
import { parseSearchQuery, searchQueryFromParams } from "#core/catalog/search-query.ts";
import { tokenStats } from "#core/catalog/search-stats.ts";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { items, savedSearches, users } from "#db/schema/index.ts";
import { seedBulkItems } from "#db/seed/demo-catalogue.ts";
import { seed } from "#db/seed/index.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { dropPostgresDatabase, freshPostgresDatabase } from "./postgres-database.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const SEARCHES = Number(arg("searches", "100000"));
const LISTINGS = Number(arg("listings", "200"));
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
const BENCH_DB = "tsugu_bench_saved_searches";
/** The listings in the catalogue the saved searches are matched against. */
const CATALOGUE = 5_000;

const round = (n: number) => Math.round(n * 100) / 100;
function timing(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
  return { runs: sorted.length, p50: at(50), p95: at(95), p99: at(99) };
}

/** A small deterministic random source, so every run saves the same searches. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const WORDS = ["ジャンク", "画面割れ", "水没", "バッテリー", "美品", "simフリー", "本体のみ", "動作確認済み"];

/** Searches as members save them: a model name (or another spelling), a word, a brand, a condition, a price. */
function savedQueries(n: number): URLSearchParams[] {
  const rng = random(20261127);
  const names = DEVICE_CATALOGUE.flatMap((m) => [m.name, ...(m.aliases ?? [])]);
  return Array.from({ length: n }, () => {
    const raw: Record<string, unknown> = {};
    const shape = rng.next();
    if (shape < 0.6) raw.keyword = rng.pick(names);
    else if (shape < 0.92) raw.keyword = `${rng.pick(names)} ${rng.pick(WORDS)}`;
    else if (shape < 0.97) raw.keyword = rng.pick(WORDS);
    else raw.brand = rng.pick(BRANDS).code;
    if (rng.next() < 0.3) raw.condition = [rng.pick(ITEM_CONDITIONS).code];
    if (rng.next() < 0.3) raw.priceMax = String(Math.round(rng.next() * 100) * 1000 + 3000);
    if (rng.next() < 0.1) raw.noDefects = [rng.pick(DEFECTS).code];
    const q = parseSearchQuery(raw);
    return searchParamsOf({ ...q, sort: defaultSort(q) });
  });
}

async function prepare(database: Database, dataDir: string) {
  const blobs = createLocalBlobStore({ dir: path.join(dataDir, "blobs") });
  const ctx = { ...sandboxCoreContext({ db: database.db, clock: systemClock, dataDir }), blobs };
  await database.migrate();
  await seed(ctx, { items: 0, backOffice: false });
  await seedBulkItems({ db: database.db, blobs }, CATALOGUE);
  const members = (await database.db.select({ id: users.id }).from(users)).map((u) => u.id);
  await database.db.execute(sql`analyze item_search`);
  const stats = await tokenStats(ctx);
  const queries = savedQueries(SEARCHES);
  for (let i = 0; i < queries.length; i += 1000) {
    await database.db.insert(savedSearches).values(
      queries.slice(i, i + 1000).map((params, j) => {
        const tokens = savedSearchTokens(searchQueryFromParams(params));
        return {
          userId: members[(i + j) % members.length]!,
          query: params.toString(),
          tokens,
          keyToken: savedSearchKey(tokens, stats),
        };
      }),
    );
  }
  await database.db.execute(sql`vacuum analyze`);
  return ctx;
}

async function measure(engine: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tsugu-bench-saved-${engine}-`));
  const database =
    engine === "postgres"
      ? await freshPostgresDatabase(BENCH_DB)
      : await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    const started = performance.now();
    const ctx = await prepare(database, dataDir);
    console.log(
      `  [${engine}] ${SEARCHES} saved searches, ${CATALOGUE} listings in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    const listings = await ctx.db
      .select({ id: items.id, sellerId: items.sellerId })
      .from(items)
      .where(eq(items.state, "SALE"))
      .limit(LISTINGS);
    const candidateTimes: number[] = [];
    const matchTimes: number[] = [];
    let candidates = 0;
    let matches = 0;
    for (const listing of listings) {
      let t0 = performance.now();
      candidates += (await savedSearchCandidates(ctx, { itemId: listing.id, sellerId: listing.sellerId }))
        .length;
      candidateTimes.push(performance.now() - t0);
      t0 = performance.now();
      matches += (await matchingSavedSearches(ctx, { itemId: listing.id, sellerId: listing.sellerId }))
        .length;
      matchTimes.push(performance.now() - t0);
    }
    // A keyword search of the same catalogue, for scale.
    const query = parseSearchQuery({ keyword: "iphone ジャンク" });
    const searchTimes: number[] = [];
    for (let i = 0; i < LISTINGS; i++) {
      const t0 = performance.now();
      await searchItems(ctx, { query });
      searchTimes.push(performance.now() - t0);
    }
    const result = {
      candidatesLookup: timing(candidateTimes),
      matching: timing(matchTimes),
      candidatesPerListing: round(candidates / listings.length),
      matchesPerListing: round(matches / listings.length),
      search: timing(searchTimes),
    };
    console.log(
      `  [${engine}] candidates p95 ${result.candidatesLookup.p95} ms, matching p50 ${result.matching.p50} / p95 ${result.matching.p95} ms (${result.candidatesPerListing} candidates, ${result.matchesPerListing} matches a listing); a search p50 ${result.search.p50} / p95 ${result.search.p95} ms`,
    );
    return result;
  } finally {
    await database.close();
    if (engine === "postgres") await dropPostgresDatabase(BENCH_DB);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Record<string, unknown> = {};
for (const engine of ENGINES) results[engine] = await measure(engine);
const report = {
  benchmark: "saved-searches",
  date: new Date().toISOString(),
  commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  savedSearches: SEARCHES,
  catalogue: CATALOGUE,
  listings: LISTINGS,
  results,
};
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
const file = path.join(ROOT, "bench/results", `saved-searches-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Wrote ${path.relative(ROOT, file)}`);
