import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#db/client.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

function urlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Once per run: the production build the HTTP tests serve, and with TEST_DATABASE_URL a migrated
 * PostgreSQL template database that each test copies.
 */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  if (!process.env.TEST_DATABASE_URL) {
    project.provide("pgTemplate", null);
    return;
  }
  const name = `tsugu_template_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: urlFor("postgres") });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: urlFor(name), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide("pgTemplate", name);
  return async () => {
    // The test databases the workers kept for their next tests (tests/helpers/db.ts), and any a
    // worker could neither empty nor drop.
    const left = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${name.replace("tsugu_template_", "tsugu\\_test\\_")}\\_%`],
    );
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
