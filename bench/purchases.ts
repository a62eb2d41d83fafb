// Purchase benchmark: purchases per second through the core (idempotent attempt, card
// authorisation in the sandbox, item lock, capture, escrow entries), on one contended item and on
// many items, and the same many-items run over HTTP through the REST API as `npm start` serves it,
// on PostgreSQL and on PGlite, next to a bare primary-key select in the same run.
//
//   node bench/purchases.ts [--engine postgres|pglite|both] [--door core|http|both] [--contended 100] [--items 400] [--concurrency 10]
//
// PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// a database tsugu_bench_purchases is created and dropped). PGlite lives in a data folder, as the
// server keeps it. Results go to bench/results/.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { createSession, type SessionUser } from "#core/identity/sessions.ts";
import { SANDBOX_TEST_CARDS } from "#core/money/payments/test-cards.ts";
import { systemClock } from "#core/shared/clock.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { dataDirLayout } from "#db/data-dir.ts";
import { addresses, items, jobs, payments, transactions, users } from "#db/schema/index.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { cardToken, TEST_ADDRESS } from "../tests/helpers/trading.ts";
import { BENCH_SECRET, round, startServer, stopServer } from "./page-server.ts";
import { dropPostgresDatabase, freshPostgresDatabase, postgresUrl } from "./postgres-database.ts";

type CoreContext = ReturnType<typeof sandboxCoreContext>;

const ROOT = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
const DOORS = arg("door", "both") === "both" ? ["core", "http"] : [arg("door", "both")];
const CONTENDED = Number(arg("contended", "100"));
const ITEMS = Number(arg("items", "400"));
const CONCURRENCY = Number(arg("concurrency", "10"));
const BENCH_DB = "tsugu_bench_purchases";
const PAGE_CACHE_SECONDS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const latencyMs = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  };
};

/** `work(i)` for every i below n, on `lanes` lanes at once, each lane taking the next i when it is free. */
async function inLanes<T>(lanes: number, n: number, work: (i: number, lane: number) => Promise<T>) {
  const done: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = next++; i < n; i = next++) done[i] = await work(i, lane);
    }),
  );
  return done;
}

/** The benchmark's database: a new one, or (`again`) the same one once the server has let it go. */
async function open(engine: string, dataDir: string, again = false): Promise<Database> {
  if (engine === "pglite") return openDatabase({ dataDir: dataDirLayout(dataDir).pglite });
  return again
    ? openDatabase({ url: postgresUrl(BENCH_DB), poolSize: 20 })
    : freshPostgresDatabase(BENCH_DB, 20);
}

async function members(ctx: CoreContext, n: number, prefix: string): Promise<SessionUser[]> {
  const rows = await ctx.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}${i}-${Date.now()}@bench.test`,
        nickname: `${prefix}${i}`,
      })),
    )
    .returning();
  await ctx.db.insert(addresses).values(rows.map((u) => ({ userId: u.id, ...TEST_ADDRESS })));
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    role: "member",
    locale: "ja",
    sessionId: 0,
    staffRoles: [],
  }));
}

async function listings(ctx: CoreContext, sellerId: number, n: number): Promise<number[]> {
  const rows = await ctx.db
    .insert(items)
    .values(
      Array.from({ length: n }, (_, i) => ({
        sellerId,
        state: "SALE" as const,
        title: `ベンチマーク用 iPhone ${i}`,
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
  return rows.map((r) => r.id);
}

async function buy(ctx: CoreContext, buyer: SessionUser, itemId: number, token: string) {
  const started = performance.now();
  try {
    await purchaseItem(ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: token },
      returnUrl: "http://bench.test/ja/",
    });
    return { ok: true, ms: performance.now() - started };
  } catch {
    return { ok: false, ms: performance.now() - started };
  }
}

/** One item, CONTENDED buyers at once (exactly one wins), then many items, CONCURRENCY buyers in parallel. */
async function throughCore(ctx: CoreContext, sellerId: number, buyers: SessionUser[], bareP50: number) {
  const [contendedItem] = await listings(ctx, sellerId, 1);
  const tokens = await Promise.all(buyers.slice(0, CONTENDED).map(() => cardToken(ctx)));
  const t1 = performance.now();
  const contended = await Promise.all(
    buyers.slice(0, CONTENDED).map((b, i) => buy(ctx, b, contendedItem!, tokens[i]!)),
  );
  const contendedSeconds = (performance.now() - t1) / 1000;

  const ids = await listings(ctx, sellerId, ITEMS);
  const manyTokens = await Promise.all(ids.map(() => cardToken(ctx)));
  const t2 = performance.now();
  const many = await inLanes(CONCURRENCY, ids.length, (i, lane) =>
    buy(ctx, buyers[lane]!, ids[i]!, manyTokens[i]!),
  );
  const manySeconds = (performance.now() - t2) / 1000;
  const sold = many.filter((r) => r.ok).length;
  const latency = latencyMs(many.map((r) => r.ms));
  const [{ captured } = { captured: 0 }] = await ctx.db
    .select({ captured: count() })
    .from(payments)
    .where(eq(payments.state, "COMPLETED"));
  return {
    oneItem: {
      attempts: CONTENDED,
      succeeded: contended.filter((r) => r.ok).length,
      attemptsPerSecond: round(CONTENDED / contendedSeconds),
    },
    manyItems: {
      purchases: sold,
      concurrency: CONCURRENCY,
      purchasesPerSecond: round(sold / manySeconds),
      latencyMs: latency,
      p50AsBareSelects: round(latency.p50 / bareP50),
    },
    capturedCharges: captured,
    peakRssMb: round(process.memoryUsage().rss / 1024 / 1024),
  };
}

/** What the HTTP clients need, made before the server opens the database. */
type HttpFixture = { sessions: string[]; buyerIds: number[]; warmUp: number[]; ids: number[] };
type Answer = { status: number | "network"; ms: number; buyerId: number; transactionId?: number };

/**
 * The many-items run over HTTP: CONCURRENCY clients, each a buyer with its own API session, against
 * the server as `npm start` runs it. Each purchase's card token comes from the sandbox's
 * tokenisation endpoint, as the browser gets it, ahead of the timed run (as in the core's run).
 * Each client first buys one item untimed, so that no figure pays for the server's first requests.
 */
async function overHttp(engine: string, dataDir: string, f: HttpFixture) {
  const port = engine === "postgres" ? 3941 : 3942;
  const post = async (route: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ja", ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: res.ok ? JSON.parse(text) : null };
  };
  const token = async (): Promise<string> => {
    const card = { number: SANDBOX_TEST_CARDS.success, exp_month: 12, exp_year: 2035, cvc: "123" };
    const r = await post("/sandbox/payments/v1/tokens", card);
    if (r.status !== 201) throw new Error(`The sandbox's token endpoint answered ${r.status}`);
    return r.json.id;
  };
  const purchase = async (lane: number, itemId: number, cardToken: string): Promise<Answer> => {
    const started = performance.now();
    const buyerId = f.buyerIds[lane]!;
    try {
      const r = await post(
        `/api/v1/items/${itemId}/purchase`,
        { payment_method: "card", card_token: cardToken },
        { authorization: `Bearer ${f.sessions[lane]}`, "idempotency-key": randomUUID() },
      );
      const ms = performance.now() - started;
      return { status: r.status, ms, buyerId, transactionId: r.json?.transaction_id };
    } catch {
      return { status: "network", ms: performance.now() - started, buyerId };
    }
  };

  const server = await startServer({
    engine,
    dataDir,
    url: engine === "postgres" ? postgresUrl(BENCH_DB) : undefined,
    port,
    pageCacheSeconds: PAGE_CACHE_SECONDS,
  });
  try {
    const warmUp = await Promise.all(f.warmUp.map(async (id, lane) => purchase(lane, id, await token())));
    const refused = warmUp.find((a) => a.status !== 201);
    if (refused) throw new Error(`A warm-up purchase answered ${refused.status}`);
    const tokens = await inLanes(CONCURRENCY, f.ids.length, () => token());
    const started = performance.now();
    const answers = await inLanes(CONCURRENCY, f.ids.length, (i, lane) =>
      purchase(lane, f.ids[i]!, tokens[i]!),
    );
    return { answers, seconds: (performance.now() - started) / 1000 };
  } finally {
    await stopServer(server);
  }
}

/**
 * The HTTP run's figures: a purchase counts when it answered 2xx and the database shows it paid
 * (that buyer's transaction on that item, its card payment completed); the rest by status.
 */
async function httpFigures(db: Database["db"], ids: number[], answers: Answer[], seconds: number) {
  const paid = await db
    .select({ id: transactions.id, itemId: transactions.itemId, buyerId: transactions.buyerId })
    .from(transactions)
    .innerJoin(payments, eq(payments.transactionId, transactions.id))
    .where(
      and(
        inArray(transactions.itemId, ids),
        eq(transactions.state, "START"),
        eq(payments.state, "COMPLETED"),
      ),
    );
  const byId = new Map(paid.map((t) => [t.id, t]));
  let purchases = 0;
  const failures: Record<string, number> = {};
  answers.forEach((a, i) => {
    const t = byId.get(a.transactionId ?? 0);
    const answered = a.status !== "network" && a.status < 300;
    if (answered && t !== undefined && t.itemId === ids[i] && t.buyerId === a.buyerId) {
      purchases += 1;
      return;
    }
    const key = answered ? `${a.status} not paid` : String(a.status);
    failures[key] = (failures[key] ?? 0) + 1;
  });
  // What the server's job queue did beside the purchases (their mail, the sandbox's webhooks), and left.
  const queue = await db
    .select({ name: jobs.name, state: jobs.state, n: count() })
    .from(jobs)
    .groupBy(jobs.name, jobs.state);
  const serverJobs: Record<string, Record<string, number>> = {};
  for (const q of queue) serverJobs[q.name] = { ...serverJobs[q.name], [q.state]: q.n };
  return {
    purchases,
    concurrency: CONCURRENCY,
    purchasesPerSecond: round(purchases / seconds),
    latencyMs: latencyMs(answers.map((a) => a.ms)),
    failures,
    serverJobs,
  };
}

async function run(engine: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tsugu-bench-purchases-${engine}-`));
  let database: Database | undefined = await open(engine, dataDir);
  try {
    await database.migrate();
    const ctx = sandboxCoreContext({
      db: database.db,
      clock: systemClock,
      dataDir,
      secret: BENCH_SECRET,
      publicUrl: "http://bench.test",
    });
    const [seller] = await members(ctx, 1, "seller");
    const buyers = await members(ctx, Math.max(CONTENDED, CONCURRENCY), "buyer");

    // Bare baseline: a primary-key select, 400 times, one after another.
    const bare: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t0 = performance.now();
      await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, seller!.id));
      bare.push(performance.now() - t0);
    }
    bare.sort((a, b) => a - b);
    const core = DOORS.includes("core")
      ? await throughCore(ctx, seller!.id, buyers, percentile(bare, 50))
      : undefined;
    const figures = {
      engine,
      bareSelectMs: { p50: round(percentile(bare, 50)), p95: round(percentile(bare, 95)) },
      ...core,
    };
    if (!DOORS.includes("http")) return figures;

    const clients = buyers.slice(0, CONCURRENCY);
    const fixture: HttpFixture = {
      sessions: await Promise.all(
        clients.map(
          async (b) => (await createSession(ctx, { userId: b.id, kind: "api", persistent: true })).token,
        ),
      ),
      buyerIds: clients.map((b) => b.id),
      warmUp: await listings(ctx, seller!.id, CONCURRENCY),
      ids: await listings(ctx, seller!.id, ITEMS),
    };
    // The queue holds only what the core run's purchases left (mail, the sandbox's webhooks,
    // reminders), which the server would otherwise work through during the HTTP run.
    await ctx.db.delete(jobs);
    // PGlite's folder is held by one process: the server opens it only once this one has let it go.
    await database.close();
    database = undefined;
    const { answers, seconds } = await overHttp(engine, dataDir, fixture);
    database = await open(engine, dataDir, true);
    const http = await httpFigures(database.db, fixture.ids, answers, seconds);
    return {
      ...figures,
      manyItemsOverHttp: {
        ...http,
        serverProcesses:
          engine === "postgres" ? Number(process.env.WEB_CONCURRENCY) || availableParallelism() : 1,
      },
      httpToCoreRatio: core ? round(http.purchasesPerSecond / core.manyItems.purchasesPerSecond) : null,
    };
  } finally {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === "postgres") await dropPostgresDatabase(BENCH_DB);
  }
}

if (DOORS.includes("http")) buildIfNeeded();
/** The one-minute load average as the run began: how busy the machine already was. */
const loadAtStart = round(loadavg()[0]!);
const results = [];
for (const engine of ENGINES) {
  const r = await run(engine);
  console.log(JSON.stringify(r, null, 2));
  results.push(r);
}
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
const report = {
  commit,
  date: new Date().toISOString(),
  machine: { cpus: availableParallelism(), node: process.version, loadAverageAtStart: loadAtStart },
  method: {
    core: "purchaseItem in this process, card tokens made ahead through the sandbox",
    http: "POST /api/v1/items/{id}/purchase with an Idempotency-Key and a bearer API session, one client per buyer, to the server as npm start runs it (production build, compression) on this machine; card tokens made ahead through the sandbox's token endpoint; each client buys one item untimed first; a purchase counts when it answered 2xx and the database shows it paid",
    pageCacheSeconds: PAGE_CACHE_SECONDS,
  },
  results,
};
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
const file = path.join(ROOT, `bench/results/purchases-${report.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`Written to ${path.relative(ROOT, file)}`);
