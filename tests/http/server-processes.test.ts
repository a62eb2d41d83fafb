import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMember } from "../helpers/catalog.ts";
import { sandboxCoreContext } from "../helpers/core.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/db.ts";
import { freePort } from "../helpers/http-server.ts";
import { childProcesses } from "../helpers/processes.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let database: TestDatabase;
let dataDir: string;
let server: ChildProcess;
let base: string;
let log = "";

/** The server processes `npm start` runs under its supervising process. */
const workers = () => childProcesses(server.pid!);

async function until(check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out; server said:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("npm start on PostgreSQL", () => {
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-processes-"));
    // A database with an account is not seeded again, which keeps the start quick.
    await makeMember(sandboxCoreContext({ db: database.db, clock: { now: () => new Date() }, dataDir }));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { NODE_ENV: _, ...env } = process.env;
    server = spawn(process.execPath, [path.join(ROOT, "scripts/start.ts")], {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
        SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    await until(() => log.includes('"processes":2'));
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await until(() => server.exitCode !== null || server.signalCode !== null, 15_000).catch(() =>
        server.kill("SIGKILL"),
      );
    }
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from one process per core it is given, sharing the port, and replaces one that dies", async () => {
    expect(workers()).toHaveLength(2);
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${base}/ja/reset-password/sent/`).then((r) => r.status)),
    );
    expect(pages.every((s) => s === 200)).toBe(true);

    // Whichever process is asked, the metrics count the requests all of them answered.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const served = metrics.match(
      /^http_requests_total\{[^}]*route="\/:lang\/reset-password\/sent"[^}]*\} (\d+)$/m,
    );
    expect(Number(served?.[1])).toBe(20);
    expect(metrics.match(/^db_engine\{engine="postgres"\} 1$/m)).toBeTruthy();
    expect(metrics.match(/^db_up 1$/m)).toBeTruthy();

    const [first] = workers();
    process.kill(first!, "SIGKILL");
    await until(() => {
      const now = workers();
      return now.length === 2 && !now.includes(first!);
    });
    await until(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.status === 200);
    expect(log).toContain("A server process stopped; starting another");
  }, 120_000);

  it("stops every process on SIGTERM", async () => {
    const before = workers();
    server.kill("SIGTERM");
    await until(() => server.exitCode !== null || server.signalCode !== null, 15_000);
    for (const pid of before) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
