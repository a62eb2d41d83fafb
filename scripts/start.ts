import type { ServerBuild } from "react-router";
import { indexUnsearchableItems, refreshSearchStatistics } from "#core/catalog/reindex-search.ts";
import { isEmpty, seed } from "#db/seed/index.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { runServer } from "#server/main.ts";
import { createServices, openConfiguredDatabase } from "#server/services.ts";
import { buildIfNeeded, CLIENT_DIR, SERVER_BUILD } from "./build-if-needed.ts";

/** `npm start`: build if needed, migrate, seed an empty database, serve the production build. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  buildIfNeeded((line) => logger.info(line));
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const build = (await import(SERVER_BUILD)) as ServerBuild;
  const services = await createServices(config, database, { buildId: build.assets.version });
  await indexUnsearchableItems(services.core);
  if (await isEmpty(database.db)) {
    logger.info("Empty database: seeding the demo data (accounts, models, listings with photos)…");
    const result = await seed(services.core);
    logger.info(result, "Seeded the demo data");
  }
  if (database.kind === "pglite") await refreshSearchStatistics(services.core);
  const running = await runServer({ config, database, build, clientDir: CLIENT_DIR, logger, services });
  logger.info({ port: running.port, database: database.kind }, `Tsugu is running on ${config.publicUrl}/`);
  if (config.devMailbox) logger.info(`Mail is kept locally: ${config.publicUrl}/ja/dev/mailbox/`);
  const stop = () => {
    void running.close().then(() => database.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
