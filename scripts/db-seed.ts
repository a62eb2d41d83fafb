import { seed } from "#db/seed/index.ts";
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/services.ts";

/** Seeds the demo data (idempotent). Stop the server first when using the embedded database. */
const database = await openConfiguredDatabase(loadConfig());
await database.migrate();
console.log("Seeded:", await seed(database.db));
await database.close();
