import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { dataDirLayout } from "#db/data-dir.ts";
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

/** `node scripts/start.ts` on `dataDir` (with `env` added), on a free port; `base` is its address. */
async function npmStart(dataDir: string, env: Record<string, string>, onOutput: (text: string) => void) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => onOutput(chunk.toString()));
  return child;
}

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
    server = await npmStart(
      dataDir,
      { DATABASE_URL: database.url!, WEB_CONCURRENCY: "2" },
      (text) => (log += text),
    );
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

describe("npm start on the embedded database", () => {
  let folder: string;
  let pglite: ChildProcess;
  let said = "";

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "tsugu-processes-pglite-"));
    // A database with an account is not seeded again, which keeps the start quick.
    const prepared = await openDatabase({ dataDir: dataDirLayout(folder).pglite });
    await prepared.migrate();
    await makeMember(
      sandboxCoreContext({ db: prepared.db, clock: { now: () => new Date() }, dataDir: folder }),
    );
    await prepared.close();
    pglite = await npmStart(folder, { DATABASE_URL: "" }, (text) => (said += text));
    const deadline = Date.now() + 90_000;
    while (!said.includes('"processes":1')) {
      if (pglite.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${said}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(() => {
    if (pglite && pglite.exitCode === null && pglite.signalCode === null) pglite.kill("SIGKILL");
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("serves from one process with PGlite on a thread of its own, and ends both on SIGTERM", async () => {
    expect(said).toContain('"database":"pglite"');
    // The database thread beside the server's: Node names its worker threads so.
    const threads = () =>
      readdirSync(`/proc/${pglite.pid}/task`).map((t) =>
        readFileSync(`/proc/${pglite.pid}/task/${t}/comm`, "utf8").trim(),
      );
    if (process.platform === "linux") expect(threads()).toContain("WorkerThread");
    const statuses = await Promise.all(
      ["/ja/", "/ja/items/search/?keyword=iPhone", "/api/v1/health", "/ja/reset-password/sent/"].map((p) =>
        fetch(`${base}${p}`).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics.match(/^db_engine\{engine="pglite"\} 1$/m)).toBeTruthy();
    expect(metrics.match(/^db_up 1$/m)).toBeTruthy();

    // A request under way when the signal comes is still answered, then the process ends.
    const answered = fetch(`${base}/ja/items/search/?keyword=iPhone`).then((r) => r.status);
    await new Promise((r) => setTimeout(r, 5));
    pglite.kill("SIGTERM");
    expect(await answered).toBe(200);
    const deadline = Date.now() + 15_000;
    while (pglite.exitCode === null && pglite.signalCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(pglite.exitCode).toBe(0);

    // The folder was closed cleanly: PGlite opens it again with the member in it.
    const again = await openDatabase({ dataDir: dataDirLayout(folder).pglite });
    const { rows } = (await again.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      rows: unknown[];
    };
    await again.close();
    expect(rows).toEqual([{ n: 1 }]);
  }, 60_000);
});
