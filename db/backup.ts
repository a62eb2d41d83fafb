import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, openAsBlob, readdirSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { getTableName } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { dataDirLayout } from "./data-dir.ts";
import { items, journalLines, users } from "./schema/index.ts";

/**
 * Backups of one installation (decision 027): the database (PGlite's own dump of its data folder,
 * or `pg_dump --format=custom`), the uploaded files kept on disk, the generated session secret and
 * Web Push key pair, in one tar file with a manifest that counts what it holds.
 */

/** Where an installation keeps what a backup holds, as `npm start` reads it from the settings. */
export type Installation = {
  dataDir: string;
  /** PostgreSQL; without it, the embedded database in DATA_DIR/pglite. */
  databaseUrl?: string | undefined;
  /** Uploaded files live in an S3 bucket, not in DATA_DIR/blobs, and are not part of a backup. */
  blobsInBucket: boolean;
};

type Counts = { listings: number; users: number; ledgerLines: number };

export type BackupSummary = {
  file: string;
  bytes: number;
  engine: "pglite" | "postgres";
  counts: Counts;
  /** How many uploaded files the backup holds, or "bucket" when they live in S3. */
  blobs: number | "bucket";
  /** The session secret generated in the data folder is part of it (not when SESSION_SECRET is set). */
  sessionSecret: boolean;
};

export type RestoreSummary = Omit<BackupSummary, "bytes"> & {
  /** Where what the installation held before a forced restore was moved. */
  movedAside: string | undefined;
};

/** A backup or restore that cannot go ahead; its message says why and what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

type Manifest = {
  format: "tsugu-backup";
  version: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  counts: Counts;
  blobs: number | "bucket";
  sessionSecret: boolean;
  /** The Web Push key pair generated in the data folder is part of it (absent in older backups). */
  vapidKeys?: boolean;
};

const MANIFEST = "manifest.json";
const SECRET = "session-secret";
const VAPID_KEYS = "vapid-keys.json";
const BLOBS = "blobs";
const DUMP = { pglite: "database.tar.gz", postgres: "database.dump" } as const;

const COUNTS = `select
  (select count(*) from ${getTableName(items)})::int as listings,
  (select count(*) from ${getTableName(users)})::int as users,
  (select count(*) from ${getTableName(journalLines)})::int as "ledgerLines"`;

/** `tsugu-backup-2026-11-27T2005Z.tar`: the time of the backup in UTC, to the minute. */
function backupFileName(now: Date): string {
  return `tsugu-backup-${utcStamp(now, "minute")}.tar`;
}

/** 2026-11-27T2005Z, or 2026-11-27T200541Z to the second. */
function utcStamp(now: Date, to: "minute" | "second"): string {
  return `${now
    .toISOString()
    .slice(0, to === "minute" ? 16 : 19)
    .replaceAll(":", "")}Z`;
}

/**
 * Writes a backup to `out` (or a new file named by the time in `dir`). The embedded database must
 * not be in use: PGlite allows one process per folder, so the server is stopped first.
 */
export async function backupDatabase(
  at: Installation,
  o: { out?: string; dir?: string; now?: Date } = {},
): Promise<BackupSummary> {
  const engine = at.databaseUrl ? "postgres" : "pglite";
  const layout = dataDirLayout(at.dataDir);
  const out = path.resolve(o.out ?? path.join(o.dir ?? "backups", backupFileName(o.now ?? new Date())));
  if (existsSync(out)) throw new BackupError(`${out} exists already: choose another file with --out.`);
  if (at.databaseUrl) {
    requireProgram("pg_dump");
  } else {
    refuseInUse(layout.pglite);
    if (!existsSync(path.join(layout.pglite, "PG_VERSION"))) {
      throw new BackupError(`There is no database in ${layout.pglite}: check DATA_DIR.`);
    }
  }
  await mkdir(path.dirname(out), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(out), ".tsugu-backup-"));
  const partial = path.join(work, "backup.tar");
  try {
    const dump = path.join(work, DUMP[engine]);
    const counts = at.databaseUrl
      ? await dumpPostgres(at.databaseUrl, dump)
      : await dumpPglite(layout.pglite, dump);
    const blobFiles = at.blobsInBucket ? [] : filesUnder(layout.blobs);
    const sessionSecret = existsSync(layout.sessionSecret);
    if (sessionSecret) await copyFile(layout.sessionSecret, path.join(work, SECRET));
    // Browsers subscribed to push with this key pair keep receiving after a restore.
    const vapidKeys = existsSync(layout.vapidKeys);
    if (vapidKeys) await copyFile(layout.vapidKeys, path.join(work, VAPID_KEYS));
    const manifest: Manifest = {
      format: "tsugu-backup",
      version: 1,
      createdAt: (o.now ?? new Date()).toISOString(),
      engine,
      counts,
      blobs: at.blobsInBucket ? "bucket" : blobFiles.length,
      sessionSecret,
      vapidKeys,
    };
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c({ file: partial, cwd: work, portable: true }, [
      MANIFEST,
      DUMP[engine],
      ...(sessionSecret ? [SECRET] : []),
      ...(vapidKeys ? [VAPID_KEYS] : []),
    ]);
    if (blobFiles.length > 0) {
      await tar.r({ file: partial, cwd: layout.blobs, prefix: BLOBS, portable: true }, blobFiles);
    }
    await rename(partial, out);
    return { file: out, bytes: (await stat(out)).size, engine, counts, blobs: manifest.blobs, sessionSecret };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into an installation whose database and uploaded files are empty: a data
 * folder with no database (it is created) or a PostgreSQL database without tables. With `force`,
 * what is there is replaced; the embedded database and files are moved aside, not deleted.
 */
export async function restoreDatabase(
  at: Installation,
  o: { file: string; force?: boolean; now?: Date },
): Promise<RestoreSummary> {
  const engine = at.databaseUrl ? "postgres" : "pglite";
  const layout = dataDirLayout(at.dataDir);
  if (!existsSync(o.file)) throw new BackupError(`There is no backup file ${o.file}.`);
  if (at.databaseUrl) {
    requireProgram("pg_restore");
    if (!o.force && (await hasTables(at.databaseUrl))) {
      throw new BackupError(
        `The database ${databaseName(at.databaseUrl)} has tables already. Restore into a new, empty database (createdb, then point DATABASE_URL at it), or add --force to replace what is in it.`,
      );
    }
  } else {
    refuseInUse(layout.pglite);
  }
  const occupied = [
    at.databaseUrl ? undefined : layout.pglite,
    at.blobsInBucket ? undefined : layout.blobs,
  ].filter((dir): dir is string => dir !== undefined && existsSync(dir) && readdirSync(dir).length > 0);
  if (!o.force && occupied.length > 0) {
    throw new BackupError(
      `${occupied.join(" and ")} ${occupied.length > 1 ? "are" : "is"} not empty: restore into an empty data folder (set DATA_DIR to a new one), or add --force to move what is there aside.`,
    );
  }

  await mkdir(at.dataDir, { recursive: true });
  const work = await mkdtemp(path.join(at.dataDir, ".tsugu-restore-"));
  try {
    await tar.x({ file: o.file, cwd: work, strict: true }).catch((error: unknown) => {
      throw new BackupError(`${o.file} is not a Tsugu backup or is damaged: ${(error as Error).message}`);
    });
    const manifest = await readManifest(work, o.file);
    if (manifest.engine !== engine) {
      throw new BackupError(
        manifest.engine === "pglite"
          ? "This backup is of the embedded database (PGlite): restore it with DATABASE_URL unset."
          : "This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.",
      );
    }
    if (typeof manifest.blobs === "number" && manifest.blobs > 0 && at.blobsInBucket) {
      throw new BackupError(
        `This backup holds ${manifest.blobs} uploaded files, but S3 storage is set: restore with the S3_* settings unset, then copy DATA_DIR/blobs into the bucket.`,
      );
    }
    // Forced over a database or files: they, and the secret their sessions were kept with, go aside.
    const replaced = [
      ...occupied,
      ...(manifest.sessionSecret && existsSync(layout.sessionSecret) ? [layout.sessionSecret] : []),
      ...(manifest.vapidKeys && existsSync(layout.vapidKeys) ? [layout.vapidKeys] : []),
    ];
    const movedAside =
      occupied.length > 0 ? await moveAside(at.dataDir, replaced, o.now ?? new Date()) : undefined;

    const dump = path.join(work, DUMP[engine]);
    const counts = at.databaseUrl
      ? await restorePostgres(at.databaseUrl, dump, o.force ?? false)
      : await restorePglite(dump, path.join(work, "pglite"), layout.pglite);
    if (manifest.blobs !== "bucket" && manifest.blobs > 0) {
      await rm(layout.blobs, { recursive: true, force: true });
      await rename(path.join(work, BLOBS), layout.blobs);
    }
    if (manifest.sessionSecret) await copyFile(path.join(work, SECRET), layout.sessionSecret);
    if (manifest.vapidKeys) await copyFile(path.join(work, VAPID_KEYS), layout.vapidKeys);

    const blobs = manifest.blobs === "bucket" ? "bucket" : filesUnder(layout.blobs).length;
    if (JSON.stringify(counts) !== JSON.stringify(manifest.counts) || blobs !== manifest.blobs) {
      throw new BackupError(
        `The restored data does not match the backup's manifest (${JSON.stringify({ counts, blobs })} against ${JSON.stringify({ counts: manifest.counts, blobs: manifest.blobs })}): the file may be damaged.`,
      );
    }
    return { file: o.file, engine, counts, blobs, sessionSecret: manifest.sessionSecret, movedAside };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * PGlite takes no lock on its folder, but PostgreSQL inside it keeps `postmaster.pid` there while
 * the database is open and removes it when it is closed.
 */
function refuseInUse(pgliteDir: string): void {
  if (existsSync(path.join(pgliteDir, "postmaster.pid"))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir} is in use: stop the server (Ctrl-C) and run this again. If no server is running, the last one stopped without closing the database: run \`npm run db:migrate\` once, which opens and closes it cleanly, and try again.`,
    );
  }
}

async function dumpPglite(pgliteDir: string, file: string): Promise<Counts> {
  const client = await PGlite.create(pgliteDir);
  try {
    const counts = await countRows(client);
    await client.exec("checkpoint");
    const tarball = await client.dumpDataDir("gzip");
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
    return counts;
  } finally {
    await client.close();
  }
}

/** Loads the dump into a new folder beside the target and moves it into place once it has opened. */
async function restorePglite(dump: string, scratch: string, pgliteDir: string): Promise<Counts> {
  const client = await PGlite.create({ dataDir: scratch, loadDataDir: await openAsBlob(dump) });
  let counts: Counts;
  try {
    counts = await countRows(client);
  } finally {
    await client.close();
  }
  await rm(pgliteDir, { recursive: true, force: true });
  await rename(scratch, pgliteDir);
  return counts;
}

/**
 * pg_dump reads in one snapshot of its own; it is handed the snapshot the counts were read in, so
 * the manifest counts exactly what the file holds while the server goes on writing.
 */
async function dumpPostgres(url: string, file: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const counts = await countRows(client);
    await run("pg_dump", [
      "--format=custom",
      `--snapshot=${rows[0]!.snapshot}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    await client.query("commit");
    return counts;
  } finally {
    await client.end();
  }
}

/** Owners and grants are left out: the restored objects belong to the user of DATABASE_URL. */
async function restorePostgres(url: string, dump: string, replace: boolean): Promise<Counts> {
  await run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    ...(replace ? ["--clean", "--if-exists"] : []),
    `--dbname=${url}`,
    dump,
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(client);
  } finally {
    await client.end();
  }
}

async function countRows(client: { query<T>(sql: string): Promise<{ rows: T[] }> }): Promise<Counts> {
  const { rows } = await client.query<Counts>(COUNTS);
  return { listings: rows[0]!.listings, users: rows[0]!.users, ledgerLines: rows[0]!.ledgerLines };
}

async function hasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function readManifest(work: string, file: string): Promise<Manifest> {
  const notOurs = new BackupError(`${file} is not a Tsugu backup (it has no manifest).`);
  if (!existsSync(path.join(work, MANIFEST))) throw notOurs;
  const manifest = JSON.parse(await readFile(path.join(work, MANIFEST), "utf8")) as Manifest;
  if (manifest.format !== "tsugu-backup") throw notOurs;
  if (manifest.version !== 1) {
    throw new BackupError(
      `${file} is a backup of format ${manifest.version}, newer than this version reads.`,
    );
  }
  return manifest;
}

/** Moves folders and files of the data folder into DATA_DIR/before-restore-{time}/. */
async function moveAside(dataDir: string, paths: string[], now: Date): Promise<string> {
  const aside = path.join(dataDir, `before-restore-${utcStamp(now, "second")}`);
  await mkdir(aside, { recursive: true });
  for (const from of paths) await rename(from, path.join(aside, path.basename(from)));
  return aside;
}

/** The files under a folder, relative to it (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function requireProgram(name: string): void {
  const found = (process.env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    throw new BackupError(
      `${name} was not found on PATH. Install PostgreSQL's client programs of the server's major version or newer (Debian and Ubuntu: apt-get install postgresql-client).`,
    );
  }
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
