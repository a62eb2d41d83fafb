import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "#server/services.ts";

/** Applies the committed migrations. Stop the server first when using the embedded database. */
const database = await openConfiguredDatabase(loadConfig());
await database.migrate();
console.log(`Migrations applied (${database.kind}).`);
await database.close();
