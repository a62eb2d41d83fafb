import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openPgliteThread } from "./pglite-thread.ts";
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

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The connection pool's counts; null on PGlite, which has its one connection and no pool. */
  pool(): PoolCounts | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` (sent by any server on this database). Answers a
   * function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
};

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  /** `thread`: PGlite runs on a worker thread of its own (decision 032), as the server runs it. */
  | { dataDir: string; thread?: boolean }
  | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const max = options.poolSize ?? 10;
    // A connection that cannot be had within 5 s is an outage, answered 503, never a hung request.
    const pool = new pg.Pool({ connectionString: options.url, max, connectionTimeoutMillis: 5_000 });
    // An idle connection the server dropped (a restart, a failover) is discarded by the pool and a
    // new one made on the next query; without a listener the event would end the process.
    pool.on("error", () => {});
    // The same for a connection dropped while checked out (between the queries of a transaction):
    // its next query fails, answered 503, and the pool discards it when it is released.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: "postgres",
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
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
  // drizzle-orm/pglite calls only query, exec and transaction, which the thread offers too.
  const db = drizzlePglite(client as PGlite, { schema });
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
