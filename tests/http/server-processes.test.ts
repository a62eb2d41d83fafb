import { type ChildProcess, spawn, spawnSync } from "node:child_process";
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
import { PRODUCTION_SETTINGS } from "../helpers/production.ts";

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

/**
 * Waits (it does not time) for what a server process says or does: on a two-core machine running the
 * whole suite, starting a server and its second process can take minutes.
 */
async function until(check: () => boolean | Promise<boolean>, ms = 240_000) {
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
  }, 300_000);

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
  }, 300_000);

  it("stops every process on SIGTERM", async () => {
    const before = workers();
    server.kill("SIGTERM");
    await until(() => server.exitCode !== null || server.signalCode !== null, 60_000);
    for (const pid of before) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);
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
  }, 300_000);

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
    const deadline = Date.now() + 60_000;
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
  }, 300_000);
});

describe("npm start in production", () => {
  const started: { child: ChildProcess; folder: string }[] = [];
  afterAll(() => {
    for (const { child, folder } of started) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    }
  });

  /** No provider setting of this machine's environment reaches the production server. */
  const blank = () =>
    Object.fromEntries(
      Object.keys(process.env)
        .filter((k) => /^(PAYJP|SMTP|TURNSTILE|RECAPTCHA|TWILIO|EKYC|KOMOJU|PUBLIC_URL|DATABASE_URL)/.test(k))
        .map((k) => [k, ""]),
    );

  /** `npm start` with APP_ENV=production on a data folder (a new, empty one unless given), with no setting but `env`. */
  async function productionStart(
    env: Record<string, string>,
    onOutput: (text: string) => void,
    folder = mkdtempSync(path.join(tmpdir(), "tsugu-production-")),
  ) {
    const child = await npmStart(folder, { ...blank(), SESSION_SECRET: "", ...env }, onOutput);
    started.push({ child, folder });
    return child;
  }

  it("refuses to start with nothing configured, naming every missing setting in one message", async () => {
    let output = "";
    const child = await productionStart({ APP_ENV: "production" }, (text) => (output += text));
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).not.toBe(0);
    for (const setting of [
      "SESSION_SECRET",
      "PUBLIC_URL",
      "PAYJP_SECRET_KEY",
      "SMTP_URL",
      "TURNSTILE_SITE_KEY",
      "TWILIO_ACCOUNT_SID",
      "EKYC_API_BASE",
    ]) {
      expect(output, setting).toContain(setting);
    }
  }, 300_000);

  it("starts with every provider set: no demo data and no stand-in page, the model catalogue there, the first admin added by command", async () => {
    // The first admin of an empty installation, from the command line, before the first start.
    const folder = mkdtempSync(path.join(tmpdir(), "tsugu-production-"));
    const { NODE_ENV: _, ...inherited } = process.env;
    const command = spawnSync(
      process.execPath,
      [path.join(ROOT, "scripts/operator.ts"), "add", "owner@example.jp", "--nickname", "店長"],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...inherited, ...blank(), DATA_DIR: folder, ...PRODUCTION_SETTINGS },
      },
    );
    expect(command.status, command.stderr).toBe(0);
    expect(command.stdout).toContain("Added operator #");
    const link = /https:\/\/tsugu\.example(\/ja\/settings\/reset-password\/\?token=\S+)/.exec(command.stdout);
    expect(link).not.toBeNull();

    let output = "";
    const child = await productionStart({ ...PRODUCTION_SETTINGS }, (text) => (output += text), folder);
    const deadline = Date.now() + 90_000;
    while (!output.includes('"processes":1')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain("Added the device model catalogue");
    expect(output).not.toContain("demo data");
    const health = (await (await fetch(`${base}/api/v1/health`)).json()) as { profile: string };
    expect(health.profile).toBe("production");
    const { models } = (await (await fetch(`${base}/api/v1/models`)).json()) as { models: unknown[] };
    expect(models.length).toBeGreaterThan(10);
    // No demo listing, and no stand-in page.
    const search = (await (await fetch(`${base}/api/v1/items?keyword=iPhone`)).json()) as {
      items: unknown[];
    };
    expect(search.items).toEqual([]);
    for (const p of ["/sandbox/atm/", "/ja/dev/mailbox/"])
      expect((await fetch(`${base}${p}`)).status, p).toBe(404);
    // The printed link opens the form that sets the new admin's password.
    const opened = await fetch(`${base}${link![1]}`, { redirect: "manual" });
    expect(opened.status).toBe(302);
    const ticket = opened.headers.get("set-cookie")!.split(";")[0]!;
    const form = await fetch(`${base}/ja/settings/reset-password/`, { headers: { cookie: ticket } });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("owner@example.jp");
    child.kill("SIGTERM");
  }, 300_000);
});
