import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { isEmpty, seed } from "#db/seed/index.ts";
import { createHttpApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { startJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { createServices, openConfiguredDatabase } from "#server/services.ts";

/** `npm run dev`: the same server with Vite in front for hot reload of pages. */
const config = loadConfig({ NODE_ENV: "development", ...process.env });
const logger = createLogger(config.logLevel);
const database = await openConfiguredDatabase(config);
await database.migrate();
const services = await createServices(config, database);
if (await isEmpty(database.db)) await seed(services.core);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createHttpApp({
  services,
  logger,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);
const server = createHttpServer((req, res) => {
  vite.middlewares(req, res, () => void listener(req, res));
});
const jobs = startJobs(services, logger);
server.listen(config.port, () => logger.info(`Tsugu (development) on http://localhost:${config.port}/`));
const stop = () => {
  server.close();
  void jobs.stop();
  void vite.close();
  void database.close().finally(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
