import { parseArgs } from "node:util";
import { backupDatabase } from "#db/backup.ts";
import { describeContents, engineName, withInstallation } from "./backup-cli.ts";

/**
 * `npm run backup [-- --out FILE]`: the database, the uploaded files and the session secret of the
 * installation `npm start` runs, in one file under ./backups/ (decision 027). Stop the server first
 * when it uses the embedded database.
 */
await withInstallation(async (at, config) => {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const summary = await backupDatabase(at, values.out ? { out: values.out } : {});
  console.log(`Backed up ${engineName(summary.engine)} to ${summary.file} (${megabytes(summary.bytes)}):`);
  for (const line of describeContents(summary, config)) console.log(line);
});

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
