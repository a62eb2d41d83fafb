// The journeys see pages as `npm start` renders them: React's production build on the server too
// (sign-in counts, which a faster suite used to exceed, are forgotten every 5 seconds below).
import "../../scripts/production-mode.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { like, or } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { openDatabase } from "#db/client.ts";
import { rateLimits } from "#db/schema/index.ts";
import { seed } from "#db/seed/index.ts";
import { startedBuildId } from "#server/build-id.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { runServer } from "#server/main.ts";
import { createServices } from "#server/services.ts";
import { seedBidMarket } from "#tests/helpers/bid-market.ts";
import { CLIENT_DIR, SERVER_BUILD } from "../../scripts/build-if-needed.ts";
import { seedDeliveriesJourney } from "./buyback-deliveries-data.ts";
import { prepareGradingJourney } from "./buyback-grading-setup.ts";
import { prepareDeviceCheckJourney } from "./device-check-setup.ts";

/**
 * The production build for the browser journeys: a fresh in-memory database with the demo data,
 * and mail kept locally so the journeys read it in the development mailbox, as a developer would.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-e2e-"));
const config = loadConfig({
  NODE_ENV: "test",
  PORT: process.env.PORT ?? "3107",
  PUBLIC_URL: process.env.PUBLIC_URL,
  DATA_DIR: dataDir,
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  LOG_LEVEL: "warn",
});
// PGlite on a thread of its own, as `npm start` runs it (decision 032).
const database = await openDatabase({ dataDir: "memory://", thread: true });
await database.migrate();
const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
const services = await createServices(config, database, { buildId: startedBuildId(CLIENT_DIR) });
await seed(services.core, { items: 36 });
await seedDeliveriesJourney(services.core);
await seedBidMarket(database.db);
await prepareGradingJourney(services.core);
await prepareDeviceCheckJourney(services.core);
await runServer({ config, database, build, clientDir: CLIENT_DIR, logger: createLogger("warn"), services });
// The journeys sign demo accounts in from one IP far more often than people do (more than
// 30 times in 15 minutes, the per-IP limit), and some fail on purpose: more than 10 failures from
// one IP in the window would ask every later sign-in for a bot check. No journey tests the per-IP
// counts, so this server forgets them every 5 seconds (the per-address failures the bot check
// journey counts on stay). HTTP tests cover the limits themselves.
setInterval(() => {
  void database.db
    .delete(rateLimits)
    .where(or(like(rateLimits.key, "login:%"), like(rateLimits.key, "login-failed:ip:%")))
    .catch(() => {});
}, 5_000).unref();
console.log(`e2e server on ${config.publicUrl}`);
