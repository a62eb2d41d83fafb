import { seedBulkItems } from "#db/seed/demo-catalogue.ts";
import { seed } from "#db/seed/index.ts";
import { loadConfig } from "#server/config.ts";
import { createServices, openConfiguredDatabase } from "#server/services.ts";

/**
 * Seeds the demo data (idempotent). `npm run db:seed -- --items 100000` adds that many listings in
 * bulk for benchmarks. Stop the server first when using the embedded database.
 */
const at = process.argv.indexOf("--items");
const bulk = at > 0 ? Number(process.argv[at + 1]) : 0;
if (at > 0 && !(Number.isInteger(bulk) && bulk > 0)) {
  console.error("--items needs a positive whole number, e.g. --items 100000");
  process.exit(1);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
const services = await createServices(config, database);
console.log("Seeded:", await seed(services.core));
if (bulk) {
  const added = await seedBulkItems(services.core, bulk, (line) => console.log(line));
  console.log(`Added ${added} listings for benchmarks.`);
}
await database.close();
