import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openPgliteThread } from "./pglite-thread.ts";
import { currentPriority, currentTiming, defaultWriteConnections } from "./priority.ts";
import * as schema from "./schema/index.ts";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, "migrations");

/**
 * The server's PGlite settings (decision 032). shared_buffers: PostgreSQL's own page cache lives
 * in PGlite's WebAssembly memory, which never shrinks; at PGlite's default (128 MB) it held about
 * 100 MB more of the server's memory than at 32 MB, while the pages it would cache stay in the
 * operating system's file cache, a system call away.
 */
const SERVER_SETTINGS = { shared_buffers: "32MB" };

/** A PostgreSQL connection pool's counts now: open connections, idle ones, queries waiting for one. */
export type PoolCounts = { total: number; idle: number; waiting: number; max: number };
/**
 * The two pools of PostgreSQL (decision 050): `writes`, for writes and work of normal priority, which
 * reads never take; `reads`, for reads of page data, each statement cut off at the read timeout.
 */
type PoolNames = "writes" | "reads";

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * The connection pools' counts, by pool; null on PGlite, which has its one connection and no pool.
   * A pool too small to split (under 3 connections) is one pool, shown as `writes`.
   */
  pool(): Partial<Record<PoolNames, PoolCounts>> | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` (sent by any server on this database). Answers a
   * function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
};

export type DatabaseOptions =
  | {
      url: string;
      /** Connections in all (10): `writeConnections` of them for writes, the rest for reads. */
      poolSize?: number;
      /** Connections kept for writes and normal work (a third of the pool, at least 2). */
      writeConnections?: number;
      /** How long a read's statement may run before PostgreSQL cancels it, in ms (5,000); 0: no limit. */
      readTimeoutMs?: number;
    }
  /** `thread`: PGlite runs on a worker thread of its own (decision 032), as the server runs it. */
  | { dataDir: string; thread?: boolean }
  | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const max = options.poolSize ?? 10;
    const pools = priorityPools(options.url, max, {
      writes: options.writeConnections ?? defaultWriteConnections(max),
      readTimeoutMs: options.readTimeoutMs ?? 5_000,
    });
    const pool = new PriorityPool(pools);
    const db = drizzlePg(pool as unknown as pg.Pool, { schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      pool: () => pool.counts(),
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
      async listen(channel, onPayload) {
        // LISTEN needs a connection of its own, kept open outside the pool, and made again when
        // the server drops it (a restart): notifications sent meanwhile are lost, as they would be.
        let client: pg.Client | null = null;
        let stopped = false;
        const connect = async (): Promise<void> => {
          const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
          next.on("notification", (m) => {
            if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
          });
          next.on("error", () => {});
          next.on("end", () => {
            if (stopped || client !== next) return;
            client = null;
            setTimeout(() => void reconnect(), 1_000).unref();
          });
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
          client = next;
        };
        const reconnect = async (): Promise<void> => {
          if (stopped) return;
          try {
            await connect();
          } catch {
            setTimeout(() => void reconnect(), 2_000).unref();
          }
        };
        await connect();
        return async () => {
          stopped = true;
          await client?.end();
        };
      },
    };
  }
  let client: Pick<PGlite, "listen" | "close">;
  if ("pglite" in options) {
    client = options.pglite;
  } else {
    if (options.dataDir !== "memory://") {
      // PGlite creates only the last folder of its path.
      mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
    }
    client = options.thread
      ? await openPgliteThread(options.dataDir, SERVER_SETTINGS)
      : await PGlite.create(options.dataDir);
  }
  // drizzle-orm/pglite calls only query, exec and transaction, which the thread offers too. The
  // thread times its statements itself; PGlite in this thread is timed here.
  const timed = "thread" in options && options.thread ? client : timedInThread(client as PGlite);
  const db = drizzlePglite(timed as PGlite, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    pool: () => null,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
  };
}

/**
 * PGlite in this thread, each statement's time (waiting for PGlite's lock included) counted as SQL
 * to the work that sent it, in a transaction too.
 */
function timedInThread<T extends Pick<PGlite, "query" | "exec">>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      // Read on the object itself: its getters may use private fields, which a proxy has not.
      const value = Reflect.get(target, key);
      if (key === "transaction" && typeof value === "function") {
        return (callback: (tx: Transaction) => Promise<unknown>) =>
          value.call(target, (tx: Transaction) => callback(timedInThread(tx)));
      }
      if ((key !== "query" && key !== "exec") || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const timing = currentTiming();
        if (!timing) return value.apply(target, args);
        const started = performance.now();
        return (value.apply(target, args) as Promise<unknown>).finally(() => {
          timing.sqlMs += performance.now() - started;
        });
      };
    },
  });
}

/**
 * The first connection of two asked for at once; the other is given back as soon as it comes. Fails
 * only when both do, with the first failure (a timeout or a refusal: the database out of reach).
 */
function firstOf(a: Promise<pg.PoolClient>, b: Promise<pg.PoolClient>): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    let won = false;
    const failures: unknown[] = [];
    for (const asked of [a, b]) {
      asked.then(
        (client) => {
          if (won) return client.release();
          won = true;
          resolve(client);
        },
        (error: unknown) => {
          if (failures.push(error) === 2) reject(failures[0]);
        },
      );
    }
  });
}

/** A reads' connection lent to a write: no statement timeout until it is given back. */
async function lend(client: pg.PoolClient): Promise<pg.PoolClient> {
  try {
    await client.query("set statement_timeout = 0");
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const release = client.release;
  client.release = ((error?: Error | boolean) => {
    client.release = release;
    if (error) return release(error);
    // Back to the reads' timeout the connection was opened with, before a read may take it.
    client.query("reset statement_timeout").then(
      () => release(),
      (e: Error) => release(e),
    );
  }) as typeof client.release;
  return client;
}

type Pools = { writes: pg.Pool; reads: pg.Pool | null; max: Record<PoolNames, number> };

/** How long a read waits for a connection before it is answered as an outage (503). */
const READ_CONNECTION_WAIT_MS = 5_000;
/** How long a write (or normal work) waits for a connection before it is answered as an outage. */
const WRITE_CONNECTION_WAIT_MS = 20_000;

/**
 * The pools of `max` connections in all: `writes` of them for writes and normal work, the rest for
 * reads with PostgreSQL's `statement_timeout` set on each of their connections. Under 3 connections
 * there is no room to split: one pool, without the timeout, serves everyone.
 */
function priorityPools(url: string, max: number, o: { writes: number; readTimeoutMs: number }): Pools {
  const writes = max < 3 ? max : Math.min(Math.max(1, o.writes), max - 1);
  const reads = max - writes;
  const make = (size: number, wait: number, extra: pg.PoolConfig) => {
    // A connection that cannot be had in time is an outage, answered 503, never a hung request.
    const pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: wait, ...extra });
    // An idle connection the server dropped (a restart, a failover) is discarded by the pool and a
    // new one made on the next query; without a listener the event would end the process.
    pool.on("error", () => {});
    // The same for a connection dropped while checked out (between the queries of a transaction):
    // its next query fails, answered 503, and the pool discards it when it is released.
    pool.on("connect", (client) => {
      client.on("error", () => {});
      timeStatements(client);
    });
    return pool;
  };
  return {
    // A write waits longer for its connection than a read (5 s): it is what a person filled a form
    // in for, and a crowd of writes on one row (a hundred buyers of one item, fifty payouts of one
    // balance) lines up on its lock, each holding a connection while it waits.
    writes: make(writes, WRITE_CONNECTION_WAIT_MS, {}),
    reads:
      reads > 0
        ? make(
            reads,
            READ_CONNECTION_WAIT_MS,
            o.readTimeoutMs > 0 ? { statement_timeout: o.readTimeoutMs } : {},
          )
        : null,
    max: { writes, reads },
  };
}

/** Adds the time each statement of this connection takes to the timing of the work that sent it. */
function timeStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const timing = currentTiming();
    const submittable = typeof (args[0] as { submit?: unknown } | undefined)?.submit === "function";
    // drizzle asks for promises; anything else (callbacks, cursors) goes through untimed.
    if (!timing || submittable || typeof args.at(-1) === "function") return query(...args);
    const started = performance.now();
    return (query(...args) as Promise<unknown>).finally(() => {
      timing.sqlMs += performance.now() - started;
    });
  }) as typeof client.query;
}

/**
 * What drizzle is given as its pool: each query and each transaction goes to the pool of the work
 * under way (db/priority.ts), writes and normal work to `writes`, reads to `reads`. A transaction
 * takes its one connection when it begins, so it runs wholly on one pool. Its name ends in "Pool"
 * because that is how drizzle knows to take a connection of its own for a transaction.
 */
class PriorityPool {
  private readonly pools: Pools;
  constructor(pools: Pools) {
    this.pools = pools;
  }

  /**
   * A connection for the work under way, the wait for it counted to it. A read takes one of the
   * reads' pool. A write (or normal work) takes one of its own pool, or, when none of those is free,
   * whichever frees first of its own and the reads': the connections kept for writes are a floor
   * for them, not a ceiling, so writes never have fewer connections than one shared pool gave them.
   * A reads' connection lent to a write has its statement timeout lifted for the loan.
   */
  async connect(): Promise<pg.PoolClient> {
    const timing = currentTiming();
    const started = performance.now();
    const { writes, reads, max } = this.pools;
    try {
      if (currentPriority() === "read" && reads) return await reads.connect();
      if (!reads || writes.idleCount > 0 || writes.totalCount < max.writes) return await writes.connect();
      return await firstOf(writes.connect(), reads.connect().then(lend));
    } finally {
      if (timing) timing.waitMs += performance.now() - started;
    }
  }

  /** One statement on a connection of the current pool, as `pg.Pool.query` runs it. */
  async query(config: unknown, values?: unknown): Promise<unknown> {
    const client = await this.connect();
    try {
      const result = await (client.query as (c: unknown, v: unknown) => Promise<unknown>)(config, values);
      client.release();
      return result;
    } catch (error) {
      // As pg's pool does: a connection whose statement failed is closed rather than reused.
      client.release(error as Error);
      throw error;
    }
  }

  counts(): Partial<Record<PoolNames, PoolCounts>> {
    const of = (pool: pg.Pool, max: number): PoolCounts => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    });
    return {
      writes: of(this.pools.writes, this.pools.max.writes),
      ...(this.pools.reads && { reads: of(this.pools.reads, this.pools.max.reads) }),
    };
  }

  async end(): Promise<void> {
    await Promise.all([this.pools.writes.end(), this.pools.reads?.end()]);
  }
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, or starting up.
  "57P01",
  "57P02",
  "57P03",
  // A read cut off by the reads' statement timeout (decision 050): the database is too busy to
  // answer it in time, which the reader is told as an outage is (503, come back shortly).
  "57014",
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|the database system is (starting up|shutting down)/i;

/**
 * Whether an error means the database could not be reached (refused, dropped, timed out, restarting),
 * through any causes it wraps: what the doors answer 503 with Retry-After, not 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
