import { randomBytes, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "#core/shared/clock.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { seller } from "#tests/helpers/balance.ts";
import { listItem } from "#tests/helpers/catalog.ts";
import { sandboxCoreContext } from "#tests/helpers/core.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { BackupError, backupDatabase, restoreDatabase } from "./backup.ts";
import { type Db, openDatabase } from "./client.ts";
import { dataDirLayout } from "./data-dir.ts";

/** Three listings, a seller's proceeds, and a card purchase held in escrow: listings, balances, ledger lines. */
async function seedTrades(ctx: CoreContext): Promise<void> {
  const member = await seller(ctx, 12_000);
  const buyer = await makeBuyer(ctx);
  const listed = [];
  for (const price of ["3000", "4500", "18000"]) listed.push(await listItem(ctx, member, { price }));
  await purchaseItem(ctx, {
    actor: buyer,
    itemId: listed[0]!,
    idempotencyKey: randomUUID(),
    input: { paymentMethod: "card", cardToken: await cardToken(ctx, "success") },
    returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
  });
  await expectLedgerInvariants(ctx.db);
}

function rowsOf(result: unknown): Record<string, string>[] {
  return (result as { rows: Record<string, string>[] }).rows;
}

/** Every row of every table of ours, written out whole, table by table. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = rowsOf(
    await db.execute(sql`select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`),
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const [schema, table] = name!.split(".");
    const rows = rowsOf(
      await db.execute(sql.raw(`select t::text as row from "${schema}"."${table}" t order by 1`)),
    );
    all[name!] = rows.map((r) => r.row!);
  }
  return all;
}

/** Each uploaded file under a data folder, with its bytes. */
function blobsOf(dataDir: string): Record<string, string> {
  const dir = dataDirLayout(dataDir).blobs;
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file).toString("base64")];
      }),
  );
}

/** Seeds a database in a data folder of its own and answers every row and file it holds. */
async function seeded(database: { db: Db }, dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(dataDirLayout(dataDir).sessionSecret, randomBytes(32).toString("hex"));
  writeFileSync(
    dataDirLayout(dataDir).vapidKeys,
    JSON.stringify({ publicKey: "B-test", privateKey: "p-test" }),
  );
  await seedTrades(
    sandboxCoreContext({ db: database.db, clock: manualClock("2026-11-22T05:00:00Z"), dataDir }),
  );
  const rows = await everyRow(database.db);
  expect(rows["public.items"]).toHaveLength(3);
  expect(rows["public.journal_lines"]!.length).toBeGreaterThan(4);
  expect(rows["public.ledger_accounts"]!.length).toBeGreaterThan(4);
  const files = blobsOf(dataDir);
  expect(Object.keys(files).length).toBeGreaterThanOrEqual(3);
  return {
    rows,
    files,
    secret: readFileSync(dataDirLayout(dataDir).sessionSecret, "utf8"),
    vapidKeys: readFileSync(dataDirLayout(dataDir).vapidKeys, "utf8"),
  };
}

const COUNTS = { listings: 3, users: 2, ledgerLines: expect.any(Number) };

describe("backup and restore of the embedded database (PGlite)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "tsugu-backup-"));
  const source = path.join(root, "source");
  const target = path.join(root, "target");
  let before: Awaited<ReturnType<typeof seeded>>;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: dataDirLayout(source).pglite });
    await database.migrate();
    before = await seeded(database, source);
    await database.close();
  });

  /** Opens a restored data folder and checks that it holds what the source held. */
  async function expectSameAsSource(dataDir: string) {
    const restored = await openDatabase({ dataDir: dataDirLayout(dataDir).pglite });
    try {
      expect(await everyRow(restored.db)).toEqual(before.rows);
      await expectLedgerInvariants(restored.db);
    } finally {
      await restored.close();
    }
    expect(blobsOf(dataDir)).toEqual(before.files);
    expect(readFileSync(dataDirLayout(dataDir).sessionSecret, "utf8")).toBe(before.secret);
    expect(readFileSync(dataDirLayout(dataDir).vapidKeys, "utf8")).toBe(before.vapidKeys);
    expect(existsSync(path.join(dataDirLayout(dataDir).pglite, "postmaster.pid"))).toBe(false);
  }

  // A backup and a restore each open and close the embedded database: slow on a busy machine.
  it("backs up into a file named by the time, and restores into an empty data folder every row and file", {
    timeout: 180_000,
  }, async () => {
    const dir = path.join(root, "backups");
    const at = { dataDir: source, blobsInBucket: false };
    const backup = await backupDatabase(at, { dir, now: new Date("2026-11-27T20:05:41Z") });
    expect(backup).toMatchObject({
      file: path.join(dir, "tsugu-backup-2026-11-27T2005Z.tar"),
      engine: "pglite",
      counts: COUNTS,
      blobs: Object.keys(before.files).length,
      sessionSecret: true,
    });
    expect(backup.bytes).toBeGreaterThan(0);
    // Only the file is left beside it, and the source folder is closed again.
    expect(readdirSync(dir)).toEqual(["tsugu-backup-2026-11-27T2005Z.tar"]);
    expect(existsSync(path.join(dataDirLayout(source).pglite, "postmaster.pid"))).toBe(false);
    await expect(backupDatabase(at, { out: backup.file })).rejects.toThrow(/exists already/);

    const restored = await restoreDatabase({ dataDir: target, blobsInBucket: false }, { file: backup.file });
    expect(restored).toMatchObject({ engine: "pglite", counts: backup.counts, blobs: backup.blobs });
    expect(restored.movedAside).toBeUndefined();
    await expectSameAsSource(target);
    expect(readdirSync(target).sort()).toEqual(["blobs", "pglite", "session-secret", "vapid-keys.json"]);
  });

  it("refuses a data folder in use, and one that holds a database unless forced, which moves it aside", {
    timeout: 180_000,
  }, async () => {
    const file = path.join(root, "refusals.tar");
    await backupDatabase({ dataDir: source, blobsInBucket: false }, { out: file });
    const open = await openDatabase({ dataDir: dataDirLayout(source).pglite });
    try {
      await expect(
        backupDatabase({ dataDir: source, blobsInBucket: false }, { out: path.join(root, "while-open.tar") }),
      ).rejects.toThrow(/is in use: stop the server/);
      await expect(
        restoreDatabase({ dataDir: source, blobsInBucket: false }, { file, force: true }),
      ).rejects.toThrow(/is in use/);
    } finally {
      await open.close();
    }

    const refusal = restoreDatabase({ dataDir: source, blobsInBucket: false }, { file });
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(
      /pglite and .*blobs are not empty: restore into an empty data folder/,
    );

    const forced = await restoreDatabase(
      { dataDir: source, blobsInBucket: false },
      { file, force: true, now: new Date("2026-11-28T01:02:03Z") },
    );
    expect(forced.movedAside).toBe(path.join(source, "before-restore-2026-11-28T010203Z"));
    expect(readdirSync(forced.movedAside!).sort()).toEqual([
      "blobs",
      "pglite",
      "session-secret",
      "vapid-keys.json",
    ]);
    await expectSameAsSource(source);
  });

  it("refuses what is not a backup, and a folder without a database", async () => {
    const junk = path.join(root, "junk.tar");
    writeFileSync(junk, "not a tar file");
    await expect(
      restoreDatabase({ dataDir: path.join(root, "empty"), blobsInBucket: false }, { file: junk }),
    ).rejects.toThrow(/is not a Tsugu backup/);
    await expect(
      backupDatabase(
        { dataDir: path.join(root, "nothing"), blobsInBucket: false },
        { out: path.join(root, "x.tar") },
      ),
    ).rejects.toThrow(/There is no database/);
  });

  it("names pg_dump when it is missing", async () => {
    const PATH = process.env.PATH;
    process.env.PATH = root;
    try {
      await expect(
        backupDatabase(
          { dataDir: source, databaseUrl: "postgres://nobody@127.0.0.1:1/none", blobsInBucket: true },
          { dir: root },
        ),
      ).rejects.toThrow(/pg_dump was not found on PATH/);
    } finally {
      process.env.PATH = PATH;
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("backup and restore of PostgreSQL", () => {
  let root = "";
  const emptyName = `tsugu_restore_${randomBytes(6).toString("hex")}`;
  let source: TestDatabase;
  let before: Awaited<ReturnType<typeof seeded>>;
  let admin: pg.Client;
  const urlOf = (name: string) => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "tsugu-backup-pg-"));
    source = await createTestDatabase("postgres");
    before = await seeded(source, path.join(root, "source"));
    admin = new pg.Client({ connectionString: urlOf("postgres") });
    await admin.connect();
    await admin.query(`create database ${emptyName}`);
  });
  afterAll(async () => {
    await source?.close();
    await admin?.query(`drop database if exists ${emptyName} with (force)`);
    await admin?.end();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("dumps while the server runs, restores into an empty database every row and file, refuses one with tables", async () => {
    // The source stays open, as under a running server: pg_dump reads one snapshot of its own.
    const backup = await backupDatabase(
      { dataDir: path.join(root, "source"), databaseUrl: source.url, blobsInBucket: false },
      { dir: path.join(root, "backups") },
    );
    expect(backup).toMatchObject({
      engine: "postgres",
      counts: COUNTS,
      blobs: Object.keys(before.files).length,
    });

    const target = {
      dataDir: path.join(root, "target"),
      databaseUrl: urlOf(emptyName),
      blobsInBucket: false,
    };
    const restored = await restoreDatabase(target, { file: backup.file });
    expect(restored).toMatchObject({ engine: "postgres", counts: backup.counts, movedAside: undefined });
    const check = async () => {
      const database = await openDatabase({ url: target.databaseUrl, poolSize: 1 });
      try {
        expect(await everyRow(database.db)).toEqual(before.rows);
        await expectLedgerInvariants(database.db);
      } finally {
        await database.close();
      }
      expect(blobsOf(target.dataDir)).toEqual(before.files);
      expect(readFileSync(dataDirLayout(target.dataDir).sessionSecret, "utf8")).toBe(before.secret);
    };
    await check();

    await expect(
      restoreDatabase({ ...target, dataDir: path.join(root, "other") }, { file: backup.file }),
    ).rejects.toThrow(new RegExp(`The database ${emptyName} has tables already`));
    await expect(
      restoreDatabase({ dataDir: path.join(root, "other"), blobsInBucket: false }, { file: backup.file }),
    ).rejects.toThrow(/This backup is of a PostgreSQL database/);
    const forced = await restoreDatabase(target, { file: backup.file, force: true });
    expect(forced.movedAside).toMatch(/before-restore-/);
    await check();
  });
});
