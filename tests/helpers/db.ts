import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as in CI). */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A test database; on PostgreSQL with its address, for a second process to open. */
export type TestDatabase = Database & { url?: string };

/** Every table of the product, as one list for TRUNCATE. */
const TABLES = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as list
  from pg_tables where schemaname = 'public'`;

/**
 * Empties every table of the product (their sequences start again at 1) and forgets the session's
 * settings, the planner statistics and advisory locks: what a freshly migrated database holds. The
 * append-only tables refuse TRUNCATE by trigger, so triggers are off while it runs. A session
 * used by a test first ends whatever transaction that test left open (PGlite's, kept open).
 */
function resetStatements(tables: string): string[] {
  return [
    "set session_replication_role = replica",
    `truncate ${tables} restart identity cascade`,
    "delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)",
    "discard all",
  ];
}

let template: Promise<{ client: PGlite; reset: string[] }> | undefined;
/** Databases given back by the tests that used them, emptied, for the next test of this worker. */
const idle: PGlite[] = [];

/** One migrated in-memory database per worker; each test database is a copy of it, used again once emptied. */
async function pgliteTemplate() {
  template ??= (async () => {
    const client = await PGlite.create("memory://");
    await (await openDatabase({ pglite: client })).migrate();
    const { rows } = await client.query<{ list: string }>(TABLES);
    return { client, reset: ["rollback", ...resetStatements(rows[0]!.list)] };
  })();
  return template;
}

/**
 * One test's hold on an in-memory database. After `close` it answers nothing more (as a closed
 * PGlite would), so a server or job still running for a finished test cannot touch the next test's
 * data; the database itself is emptied and kept for the next test. One that cannot be emptied is closed.
 */
function lease(client: PGlite, reset: string[]): PGlite {
  let open = true;
  const stops: (() => Promise<void>)[] = [];
  const live = () => {
    if (!open) throw new Error("PGlite is closed");
  };
  const held = {
    query: (...args: Parameters<PGlite["query"]>) => {
      live();
      return client.query(...args);
    },
    exec: (...args: Parameters<PGlite["exec"]>) => {
      live();
      return client.exec(...args);
    },
    transaction: (...args: Parameters<PGlite["transaction"]>) => {
      live();
      return client.transaction(...args);
    },
    async listen(channel: string, callback: (payload: string) => void) {
      live();
      const stop = await client.listen(channel, callback);
      stops.push(stop);
      return stop;
    },
    async close() {
      if (!open) return;
      open = false;
      await Promise.allSettled(stops.map((stop) => stop()));
      try {
        for (const statement of reset) await client.exec(statement);
        idle.push(client);
      } catch {
        await client.close().catch(() => {});
      }
    },
  };
  return held as unknown as PGlite;
}

function adminUrl(database = "postgres"): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * PostgreSQL databases given back by this worker's tests, emptied, for its next test. Dropping a
 * database makes PostgreSQL 15 write a checkpoint at once (every dirty page of every test database
 * to disk), which cost the suite hundreds of checkpoints a run; emptying one is a TRUNCATE.
 */
const idlePg: string[] = [];
let pgReset: string[] | undefined;

/**
 * Work on databases the tests have finished with runs one step at a time behind their backs: a
 * test does not wait for it, and the global teardown drops whatever is left.
 */
let behind: Promise<void> = Promise.resolve();

/** A finished test's database, emptied for the next test, or dropped when it cannot be emptied. */
function giveBack(name: string): void {
  behind = behind.then(async () => {
    const admin = new pg.Client({ connectionString: adminUrl(name) });
    admin.on("error", () => {});
    try {
      await admin.connect();
      // pool.end() resolves before its sockets have closed; ending them meanwhile kills them
      // mid-goodbye, which surfaces as an unhandled "terminating connection" error. Sessions still
      // there after a moment (a served process the test killed, a listener left open) are ended.
      const others = "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()";
      for (let i = 0; i < 100; i++) {
        if ((await admin.query(others, [name])).rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`select pg_terminate_backend(pid) from (${others}) as o`, [name]);
      pgReset ??= resetStatements((await admin.query<{ list: string }>(TABLES)).rows[0]!.list);
      for (const statement of pgReset) await admin.query(statement);
      idlePg.push(name);
      return;
    } catch {
      // Dropped below.
    } finally {
      await admin.end().catch(() => {});
    }
    await dropNow(name);
  });
}

async function dropNow(name: string): Promise<void> {
  const drop = new pg.Client({ connectionString: adminUrl() });
  drop.on("error", () => {});
  try {
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
  } catch {
    // The teardown drops it.
  } finally {
    await drop.end().catch(() => {});
  }
}

/** A fresh, migrated, empty database of its own for one test file or test. */
export async function createTestDatabase(engine: Engine = "pglite"): Promise<TestDatabase> {
  if (engine === "pglite") {
    const { client, reset } = await pgliteTemplate();
    const copy = idle.pop() ?? ((await client.clone()) as PGlite);
    return openDatabase({ pglite: lease(copy, reset) });
  }
  const templateName = inject("pgTemplate");
  if (!templateName) throw new Error("TEST_DATABASE_URL is set but no PostgreSQL template was prepared");
  // Named after this run's template, so a run drops only its own databases (tsugu_test_<run>_…).
  let name = idlePg.pop();
  if (!name) {
    name = `${templateName.replace("tsugu_template_", "tsugu_test_")}_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${templateName}`);
    } finally {
      await admin.end();
    }
  }
  // A test's commits need not wait for the disk: a crash loses the test database anyway.
  const url = `${adminUrl(name)}?options=${encodeURIComponent("-c synchronous_commit=off")}`;
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      giveBack(name);
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}
