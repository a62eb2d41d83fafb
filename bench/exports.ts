// CSV export benchmark: transactions exported in Shift_JIS through the real job handler (keyset
// batches → csv-stringify → iconv-lite → the local blob store's streamed put), on PostgreSQL and
// on PGlite. Two runs on the same database: a month of 10,000 transactions and a month of 100,000.
// Wall time, rows per second, bytes written, and memory sampled every 50 ms (peak RSS and heap,
// and their growth over the baseline taken just before the run): if the export streams, the
// 100,000-row run needs no more memory than the 10,000-row one.
//
//   node --expose-gc bench/exports.ts [--engine postgres|pglite|both] [--rows 100000] [--small 10000]
//
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL's server, else
// postgres://postgres@127.0.0.1:5432/postgres; a database tsugu_bench_exports is created and
// dropped. The figures are written to bench/results/exports.md.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { exportHeader } from "#core/exports/export-rows.ts";
import { requestExport } from "#core/exports/request-export.ts";
import { writeExportHandler } from "#core/exports/write-export.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createJobRunner } from "#core/jobs/job-runner.ts";
import { systemClock } from "#core/shared/clock.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { exports, operatorRoles, users } from "#db/schema/index.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { dropPostgresDatabase, freshPostgresDatabase } from "./postgres-database.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
const ROWS = Number(arg("rows", "100000"));
const SMALL = Number(arg("small", "10000"));
const BENCH_DB = "tsugu_bench_exports";
const MEMBERS = 20;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function open(engine: string): Promise<Database> {
  if (engine === "pglite") return openDatabase({ dataDir: "memory://" });
  return freshPostgresDatabase(BENCH_DB, 4);
}

const dropDatabase = () => dropPostgresDatabase(BENCH_DB);

/**
 * `n` sold listings and their transactions in one month (Tokyo days), made by the database
 * (generate_series), spread evenly over the month. A few members are sellers and buyers of all of
 * them; each transaction has its own item, as only one live sale per item is allowed.
 */
async function seedMonth(db: Database["db"], o: { n: number; month: string; memberIds: number[] }) {
  const first = o.memberIds[0]!;
  const count = o.memberIds.length;
  const start = new Date(`${o.month}-01T00:00:00+09:00`);
  const seconds = 29 * 24 * 3600;
  const t0 = performance.now();
  await db.execute(sql`
    insert into items (seller_id, state, title, price, category_code, condition, postage, shipping_method,
      lead_time, created_at, updated_at, published_at, sold_at)
    select ${first} + (g % ${count}), 'SOLD',
      case g % 4 when 0 then '画面割れ iPhone 13 ジャンク ' || g
                 when 1 then 'Galaxy S21 水没 起動しない 〜部品取りに ' || g
                 when 2 then 'Xperia 10 III バッテリー膨張 ' || g
                 else 'iPad Air 4 "液晶" 割れ, 本体のみ ' || g end,
      3000 + (g % 50) * 1000, '05', 'DEFECTIVE', 'INCLUDED', '05', '01',
      ${start.toISOString()}::timestamptz, now(), ${start.toISOString()}::timestamptz, now()
    from generate_series(1, ${o.n}) g`);
  await db.execute(sql`
    insert into transactions (item_id, buyer_id, seller_id, state, payment_method, price, fee, proceeds,
      postage, shipping_method, shipping_address, shipped_at, completed_at, created_at, updated_at)
    select i.id, ${first} + ((i.seller_id - ${first} + 1) % ${count}), i.seller_id,
      (array['COMPLETED','COMPLETED','COMPLETED','SHIPPING','START','CANCELED'])[1 + (s.n % 6)],
      case when s.n % 10 = 0 then 'points' else 'card' end,
      i.price, i.price * 5 / 100, i.price - i.price * 5 / 100, 'INCLUDED', '05',
      '{"name":"山田 花子","postalCode":"1500001","prefectureCode":"13","city":"渋谷区神宮前","street":"1-2-3","building":"","phone":"09012345678"}'::jsonb,
      case when s.n % 6 < 4 then s.at + interval '1 day' end,
      case when s.n % 6 < 3 then s.at + interval '3 days' end,
      s.at, s.at
    from (
      select id, n, ${start.toISOString()}::timestamptz
        + make_interval(secs => (n * ${seconds}::bigint / ${o.n})::double precision) as at
      from (
        select id, row_number() over (order by id) as n from items
        where created_at = ${start.toISOString()}::timestamptz
      ) numbered
    ) s
    join items i on i.id = s.id`);
  return Math.round(performance.now() - t0);
}

type Run = {
  label: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
  baseline: { rssMb: number; heapMb: number };
  peak: { rssMb: number; heapMb: number };
  growth: { rssMb: number; heapMb: number };
  /** Heap still in use after the run and a GC, over the baseline: what the export kept. */
  retainedHeapMb: number;
  firstLines: string[];
  headerOk: boolean;
};

async function exportMonth(
  ctx: ReturnType<typeof sandboxCoreContext>,
  finance: SessionUser,
  label: string,
  month: string,
): Promise<Run> {
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const queued = await requestExport(ctx, {
    actor: finance,
    input: { kind: "transactions", dateFrom: `${month}-01`, dateTo: `${month}-${lastDay}`, encoding: "sjis" },
  });
  gc();
  await new Promise((r) => setTimeout(r, 100));
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const t0 = performance.now();
  const ran = await createJobRunner({
    ctx,
    handlers: [writeExportHandler],
    onError: (_job, error) => console.error(error),
  }).runDue();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  gc();
  const after = process.memoryUsage();
  const [row] = await ctx.db.select().from(exports).where(eq(exports.id, queued.id));
  if (ran !== 1 || row?.state !== "DONE")
    throw new Error(`export ${queued.id} ended ${row?.state}: ${row?.error}`);
  // The first lines of the file, decoded from Shift_JIS: the columns must be the Japanese header.
  const blob = await ctx.blobs.getStream(row.blobKey!);
  const reader = blob!.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  const firstLines = iconv.decode(Buffer.from(value!), "Shift_JIS").split("\r\n").slice(0, 5);
  return {
    label,
    rows: row.rowCount!,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(row.rowCount! / seconds),
    bytes: row.byteCount!,
    baseline: { rssMb: mb(base.rss), heapMb: mb(base.heapUsed) },
    peak: { rssMb: mb(peakRss), heapMb: mb(peakHeap) },
    growth: { rssMb: mb(peakRss - base.rss), heapMb: mb(peakHeap - base.heapUsed) },
    retainedHeapMb: mb(after.heapUsed - base.heapUsed),
    firstLines,
    headerOk: firstLines[0] === exportHeader("transactions").join(","),
  };
}

async function run(engine: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "tsugu-bench-exports-"));
  const database = await open(engine);
  try {
    await database.migrate();
    const ctx = sandboxCoreContext({ db: database.db, clock: systemClock, dataDir: dir });
    const members = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          email: `bench-member${i}@bench.test`,
          nickname: `ベンチ会員${i}`,
        })),
      )
      .returning({ id: users.id });
    const [op] = await ctx.db
      .insert(users)
      .values({ email: "bench-finance@bench.test", nickname: "経理ベンチ", role: "operator" })
      .returning();
    await ctx.db.insert(operatorRoles).values({ userId: op!.id, role: "finance" });
    const finance: SessionUser = {
      id: op!.id,
      email: op!.email,
      nickname: op!.nickname,
      role: "operator",
      locale: "ja",
      sessionId: 0,
      staffRoles: ["finance"],
    };
    const memberIds = members.map((m) => m.id);
    const seedSmallMs = await seedMonth(ctx.db, { n: SMALL, month: "2026-10", memberIds });
    const seedLargeMs = await seedMonth(ctx.db, { n: ROWS, month: "2026-11", memberIds });
    if (engine === "postgres") await ctx.db.execute(sql`analyze`);
    console.log(`${engine}: seeded ${SMALL} + ${ROWS} transactions in ${seedSmallMs + seedLargeMs} ms`);
    const small = await exportMonth(ctx, finance, `${SMALL.toLocaleString("en")} rows`, "2026-10");
    console.log(engine, small);
    const large = await exportMonth(ctx, finance, `${ROWS.toLocaleString("en")} rows`, "2026-11");
    console.log(engine, large);
    return { engine, seedMs: { small: seedSmallMs, large: seedLargeMs }, runs: [small, large] };
  } finally {
    await database.close();
    if (engine === "postgres") await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  }
}

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
  } catch {
    return "unknown";
  }
}

const results = [];
for (const engine of ENGINES) results.push(await run(engine));

const date = new Date().toISOString().slice(0, 10);
const lines = [
  "# CSV export benchmark",
  "",
  `${date}, commit ${commit()} (with the exports work uncommitted), Node ${process.version}, ${cpus().length} cores`,
  `(${cpus()[0]?.model ?? "unknown CPU"}), \`npm run bench:exports\`. Transactions exported in Shift_JIS through the`,
  "real job handler (`exports.write`): keyset batches of 2,000 rows, csv-stringify, iconv-lite, the local",
  "blob store's streamed put. Memory sampled every 50 ms; growth is the peak over the baseline taken",
  "(after a GC) just before the run. Each month is its own run on the same database.",
  "",
  "| engine | rows | wall time (s) | rows/s | output bytes | peak RSS (MB) | RSS growth (MB) | peak heap (MB) | heap growth (MB) | heap kept after GC (MB) | header |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...results.flatMap((r) =>
    r.runs.map(
      (x) =>
        `| ${r.engine} | ${x.rows.toLocaleString("en")} | ${x.seconds} | ${x.rowsPerSecond.toLocaleString("en")} | ${x.bytes.toLocaleString("en")} | ${x.peak.rssMb} | ${x.growth.rssMb} | ${x.peak.heapMb} | ${x.growth.heapMb} | ${x.retainedHeapMb} | ${x.headerOk ? "ok" : "WRONG"} |`,
    ),
  ),
  "",
  ...results.map((r) => {
    const [a, b] = r.runs as [Run, Run];
    return `- ${r.engine}: ${a.rows.toLocaleString("en")} rows grew the heap by ${a.growth.heapMb} MB at its peak and RSS by ${a.growth.rssMb} MB; ${b.rows.toLocaleString("en")} rows (a ${mb(b.bytes)} MB file) by ${b.growth.heapMb} MB and ${b.growth.rssMb} MB. Ten times the rows, about the same memory: the file never sits in memory.`;
  }),
  "",
  "The heap peaks are garbage V8 has not collected yet (it collects lazily): after the run and a GC the",
  "export has kept nothing (last column). PGlite's RSS is high from the start because the whole",
  "database (110,000 transactions and items) lives in its in-memory WebAssembly heap.",
  "",
  "Seeding (generate_series, items and transactions): " +
    results.map((r) => `${r.engine} ${r.seedMs.small + r.seedMs.large} ms`).join(", ") +
    ".",
  "",
  "The first lines of the 100,000-row file, decoded from Shift_JIS:",
  "",
  "```",
  ...(results.at(-1)?.runs.at(-1)?.firstLines ?? []),
  "```",
  "",
];
const out = path.join(ROOT, "bench/results/exports.md");
writeFileSync(out, lines.join("\n"));
console.log(`written to ${path.relative(ROOT, out)}`);
if (results.some((r) => r.runs.some((x) => !x.headerOk))) process.exitCode = 1;
