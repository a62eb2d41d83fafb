// What the page benchmarks share: the server started exactly as `npm start` starts it, a load run
// with autocannon, and the server's peak memory.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { systemClock } from "#core/shared/clock.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { sandboxCoreContext } from "../tests/helpers/core.ts";
import { childProcesses } from "../tests/helpers/processes.ts";
import { freshPostgresDatabase, postgresUrl } from "./postgres-database.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
export const round = (n: number) => Math.round(n * 100) / 100;
/** The benchmark servers' secret, which signs sessions made ahead of the run too. */
export const BENCH_SECRET = "bench-session-secret-0123456789abcdef012345";

/**
 * A benchmark's own migrated database (a fresh PostgreSQL database named `name`, or PGlite in
 * `dataDir`), its address for the server on PostgreSQL, and a core context with sandbox services
 * and blobs in `dataDir` to seed it through. The caller closes `database`.
 */
export async function openBenchDatabase(engine: string, name: string, dataDir: string) {
  const database: Database =
    engine === "postgres"
      ? await freshPostgresDatabase(name)
      : await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  const url = engine === "postgres" ? postgresUrl(name) : undefined;
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const blobs = createLocalBlobStore({ dir: path.join(dataDir, "blobs") });
  const ctx = {
    ...sandboxCoreContext({ db: database.db, clock: systemClock, dataDir, secret: BENCH_SECRET }),
    blobs,
  };
  return { database, url, ctx, blobs };
}

/**
 * `node scripts/start.ts` on a data folder (PGlite) or a PostgreSQL database, resolved once its
 * health check answers. NODE_ENV is left to the start script, as `npm start` leaves it.
 */
export function startServer(o: {
  engine: string;
  dataDir: string;
  url: string | undefined;
  port: number;
  pageCacheSeconds: number;
  /** Hands over the process as soon as it is started, so that a caller stopped early can stop it too. */
  onSpawn?: (child: ChildProcess) => void;
  /** More settings (e.g. admission control's limits). */
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const { NODE_ENV: _, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(o.port),
      DATA_DIR: o.dataDir,
      SESSION_SECRET: BENCH_SECRET,
      LOG_LEVEL: "warn",
      PAGE_CACHE_SECONDS: String(o.pageCacheSeconds),
      DATABASE_URL: o.url ?? "",
      ...o.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  o.onSpawn?.(child);
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 300_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${o.port}/api/v1/health`)).ok) return resolve(child);
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) return reject(new Error(`${o.engine} server did not start`));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

/** Stops a server `startServer` started; resolves once its process has ended (and let its database go). */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * The most memory the server has held since it started (VmHWM), in MB: the process and, when it
 * runs several server processes, the sum of theirs.
 */
export function peakRssMb(pid: number): number {
  const peakKb = (p: number) =>
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
  const children = childProcesses(pid);
  return Math.round([pid, ...children].reduce((kb, p) => kb + peakKb(p), 0) / 1024);
}

export type Load = {
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
  non2xx: number;
  errors: number;
};

/** Ten connections for `seconds`, one request at a time on each, as a browser-like client asks. */
export async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Load> {
  const r = await autocannon({ url, connections: 10, duration: seconds, pipelining: 1, headers });
  return {
    requestsPerSecond: round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p95: r.latency.p97_5 ?? r.latency.p99, p99: r.latency.p99 },
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
