import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#db/client.ts";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as in CI). */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

let template: Promise<PGlite> | undefined;

/** One migrated in-memory database per worker; each test database is a copy of it. */
async function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create("memory://");
    await (await openDatabase({ pglite: client })).migrate();
    return client;
  })();
  return template;
}

function adminUrl(database = "postgres"): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh, migrated, empty database of its own for one test file or test. */
/** A test database; on PostgreSQL with its address, for a second process to open. */
export type TestDatabase = Database & { url?: string };

export async function createTestDatabase(engine: Engine = "pglite"): Promise<TestDatabase> {
  if (engine === "pglite") {
    const copy = (await (await pgliteTemplate()).clone()) as PGlite;
    return openDatabase({ pglite: copy });
  }
  const templateName = inject("pgTemplate");
  if (!templateName) throw new Error("TEST_DATABASE_URL is set but no PostgreSQL template was prepared");
  const name = `tsugu_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateName}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: adminUrl(name), poolSize: 5 });
  return {
    ...database,
    url: adminUrl(name),
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl() });
      await drop.connect();
      // pool.end() resolves before its sockets have closed; dropping with force meanwhile kills
      // them mid-goodbye, which surfaces as an unhandled "terminating connection" error.
      for (let i = 0; i < 100; i++) {
        const open = await drop.query("select 1 from pg_stat_activity where datname = $1", [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}
