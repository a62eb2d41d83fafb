import type { BackupSummary, Installation } from "#db/backup.ts";
import { BackupError } from "#db/backup.ts";
import { type Config, ConfigError, loadConfig } from "#server/config.ts";

/**
 * Runs `npm run backup` or `npm run restore` on the installation `npm start` would run (the same
 * settings); a refusal or a wrong argument ends it with its message.
 */
export async function withInstallation(
  run: (at: Installation, config: Config) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig();
    await run(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl, blobsInBucket: !!config.s3 },
      config,
    );
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))
    ) {
      console.error((error as Error).message);
      process.exit(1);
    }
    throw error;
  }
}

/** What a backup holds, in a sentence; and where the uploaded files are when they are not in it. */
export function describeContents(summary: Omit<BackupSummary, "bytes" | "file">, config: Config): string[] {
  const n = (count: number, one: string, many = `${one}s`) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
  const parts = [
    n(summary.counts.listings, "listing"),
    n(summary.counts.users, "user"),
    n(summary.counts.ledgerLines, "ledger line"),
    ...(summary.blobs === "bucket" ? [] : [n(summary.blobs, "uploaded file")]),
    ...(summary.sessionSecret ? ["the session secret"] : []),
  ];
  const lines = [`${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}.`];
  if (summary.blobs === "bucket" || config.s3) {
    lines.push(
      `Uploaded files live in the S3 bucket${config.s3 ? ` ${config.s3.bucket}` : ""} and are not part of the backup: the bucket keeps them (turn on its versioning or replication to keep earlier copies).`,
    );
  }
  return lines;
}

export function engineName(engine: BackupSummary["engine"]): string {
  return engine === "pglite" ? "the embedded database (PGlite)" : "PostgreSQL";
}
