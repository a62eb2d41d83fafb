import { parseArgs } from "node:util";
import { restoreDatabase } from "#db/backup.ts";
import { describeContents, engineName, withInstallation } from "./backup-cli.ts";

/**
 * `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the installation
 * `npm start` runs, which must have no database and no uploaded files yet (`--force` moves them
 * aside, or replaces what a PostgreSQL database holds). Stop the server first.
 */
await withInstallation(async (at, config) => {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) {
    console.error("Name one backup file: npm run restore -- backups/tsugu-backup-….tar [--force]");
    process.exit(1);
  }
  const summary = await restoreDatabase(at, { file, force: values.force });
  const into = at.databaseUrl ? `the database ${new URL(at.databaseUrl).pathname.slice(1)}` : at.dataDir;
  console.log(`Restored ${engineName(summary.engine)} from ${file} into ${into}:`);
  for (const line of describeContents(summary, config)) console.log(line);
  if (summary.movedAside) console.log(`What was there before was moved to ${summary.movedAside}.`);
  console.log("Start the server with npm start.");
});
