// Purchase benchmark: purchases per second through the core (idempotent attempt, card
// authorisation in the sandbox, item lock, capture, escrow entries), on one contended item and on
// many items, on PostgreSQL and on PGlite, next to a bare primary-key select in the same run.
//
//   node bench/purchases.ts [--engine postgres|pglite|both] [--contended 100] [--items 400] [--concurrency 10]
//
// PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// a database tsugu_bench_purchases is created and dropped). Results go to bench/results/.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSandboxCardToken } from "#core/payments/sandbox-gateway.ts";
import { SANDBOX_TEST_CARDS } from "#core/payments/test-cards.ts";
import { systemClock } from "#core/shared/clock.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { addresses, items, payments, users } from "#db/schema/index.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { TEST_ADDRESS } from "../tests/helpers/trading.ts";
import { dropPostgresDatabase, freshPostgresDatabase } from "./postgres-database.ts";

type CoreContext = ReturnType<typeof sandboxCoreContext>;

const ROOT = path.resolve(import.meta.dirname, "..");
const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const ENGINES = arg("engine", "both") === "both" ? ["postgres", "pglite"] : [arg("engine", "both")];
const CONTENDED = Number(arg("contended", "100"));
const ITEMS = Number(arg("items", "400"));
const CONCURRENCY = Number(arg("concurrency", "10"));
const BENCH_DB = "tsugu_bench_purchases";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

async function open(engine: string): Promise<Database> {
  if (engine === "pglite") return openDatabase({ dataDir: "memory://" });
  return freshPostgresDatabase(BENCH_DB, 20);
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

const token = async (ctx: CoreContext) =>
  (
    await createSandboxCardToken(ctx, {
      number: SANDBOX_TEST_CARDS.success,
      expMonth: 12,
      expYear: 2035,
      cvc: "123",
    })
  ).id;

async function buy(ctx: CoreContext, buyer: SessionUser, itemId: number, cardToken: string) {
  const started = performance.now();
  try {
    await purchaseItem(ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken },
      returnUrl: "http://bench.test/ja/",
    });
    return { ok: true, ms: performance.now() - started };
  } catch {
    return { ok: false, ms: performance.now() - started };
  }
}

async function run(engine: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "tsugu-bench-purchases-"));
  const database = await open(engine);
  try {
    await database.migrate();
    const ctx = sandboxCoreContext({
      db: database.db,
      clock: systemClock,
      dataDir: dir,
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

    // One item, CONTENDED buyers at once: exactly one wins, the rest are sold out and voided.
    const [contendedItem] = await listings(ctx, seller!.id, 1);
    const tokens = await Promise.all(buyers.slice(0, CONTENDED).map(() => token(ctx)));
    const t1 = performance.now();
    const contended = await Promise.all(
      buyers.slice(0, CONTENDED).map((b, i) => buy(ctx, b, contendedItem!, tokens[i]!)),
    );
    const contendedSeconds = (performance.now() - t1) / 1000;

    // Many items, CONCURRENCY buyers in parallel, each buying item after item.
    const ids = await listings(ctx, seller!.id, ITEMS);
    const manyTokens = await Promise.all(ids.map(() => token(ctx)));
    const latencies: number[] = [];
    let next = 0;
    let sold = 0;
    const t2 = performance.now();
    await Promise.all(
      buyers.slice(0, CONCURRENCY).map(async (b) => {
        for (let i = next++; i < ids.length; i = next++) {
          const r = await buy(ctx, b, ids[i]!, manyTokens[i]!);
          latencies.push(r.ms);
          if (r.ok) sold += 1;
        }
      }),
    );
    const manySeconds = (performance.now() - t2) / 1000;
    latencies.sort((a, b) => a - b);
    const [{ captured } = { captured: 0 }] = await ctx.db
      .select({ captured: count() })
      .from(payments)
      .where(eq(payments.state, "COMPLETED"));
    return {
      engine,
      bareSelectMs: { p50: round(percentile(bare, 50)), p95: round(percentile(bare, 95)) },
      oneItem: {
        attempts: CONTENDED,
        succeeded: contended.filter((r) => r.ok).length,
        attemptsPerSecond: round(CONTENDED / contendedSeconds),
      },
      manyItems: {
        purchases: sold,
        concurrency: CONCURRENCY,
        purchasesPerSecond: round(sold / manySeconds),
        latencyMs: {
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
        },
        p50AsBareSelects: round(percentile(latencies, 50) / percentile(bare, 50)),
      },
      capturedCharges: captured,
      peakRssMb: round(process.memoryUsage().rss / 1024 / 1024),
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    if (engine === "postgres") await dropPostgresDatabase(BENCH_DB);
  }
}

const results = [];
for (const engine of ENGINES) {
  const r = await run(engine);
  console.log(JSON.stringify(r, null, 2));
  results.push(r);
}
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
const file = path.join(ROOT, `bench/results/purchases-${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify({ commit, date: new Date().toISOString(), results }, null, 2)}\n`);
console.log(`Written to ${path.relative(ROOT, file)}`);
