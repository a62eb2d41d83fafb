// The benchmarks' PostgreSQL databases: each benchmark makes its own empty database on the server
// of BENCH_DATABASE_URL (else TEST_DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432)
// and drops it at the end.
import pg from "pg";
import { type Database, openDatabase } from "#db/client.ts";

function adminUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = "/postgres";
  return url.toString();
}
const ADMIN_URL = adminUrl();

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of a benchmark's database on the server. */
export function postgresUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a benchmark's database, whoever is still connected to it. */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await onServer(`drop database if exists ${name} with (force)`);
}

/** A new, empty database of that name (an old one is dropped first), opened with a pool of that size. */
export async function freshPostgresDatabase(name: string, poolSize?: number): Promise<Database> {
  await dropPostgresDatabase(name);
  await onServer(`create database ${name}`);
  return openDatabase({ url: postgresUrl(name), ...(poolSize ? { poolSize } : {}) });
}
