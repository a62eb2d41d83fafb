import "./production-mode.ts";
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import type { ServerBuild } from "react-router";
import { indexUnsearchableItems, refreshSearchStatistics } from "#core/catalog/reindex-search.ts";
import { seedDeviceCatalogue } from "#db/seed/device-models.ts";
import { isEmpty, seed } from "#db/seed/index.ts";
import { startedBuildId } from "#server/build-id.ts";
import { type Config, ConfigError, loadConfig } from "#server/config.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { type RunningServer, runServer } from "#server/main.ts";
import { gatherClusterMetrics } from "#server/metrics.ts";
import { createServices, openConfiguredDatabase } from "#server/services.ts";
import { serviceAdapters } from "#server/system.ts";
import { buildIfNeeded, CLIENT_DIR, SERVER_BUILD } from "./build-if-needed.ts";

/** Set for the one server process, of several, that runs the job queue. */
const RUNS_JOBS = "TSUGU_RUNS_JOBS";

/**
 * `npm start`: build if needed, migrate, seed an empty database, serve the production build.
 * On PostgreSQL it serves from one process per core (WEB_CONCURRENCY), sharing the port; the
 * embedded database belongs to one process, so PGlite serves from this one.
 */
async function main() {
  let config: Config;
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
  if (cluster.isWorker) return serveWorker(config, logger);

  buildIfNeeded((line) => logger.info(line));
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const build = (await import(SERVER_BUILD)) as ServerBuild;
  const services = await createServices(config, database, { buildId: startedBuildId(CLIENT_DIR) });
  await indexUnsearchableItems(services.core);
  logger.info(
    { profile: config.profile, services: serviceAdapters(services.core) },
    `Profile ${config.profile}: ${serviceAdapters(services.core)
      .map((s) => `${s.service}=${s.adapter}`)
      .join(" ")}`,
  );
  // Demo data is the demo's alone: a production database starts with the model catalogue only.
  if (config.profile === "demo" && (await isEmpty(database.db))) {
    logger.info("Empty database: seeding the demo data (accounts, models, listings with photos)…");
    const result = await seed(services.core);
    logger.info(result, "Seeded the demo data");
  } else if (config.profile === "production") {
    const models = await seedDeviceCatalogue(database.db);
    if (models > 0) logger.info({ models }, "Added the device model catalogue");
  }
  const processes = database.kind === "postgres" ? (config.webConcurrency ?? availableParallelism()) : 1;
  if (database.kind === "pglite" && (config.webConcurrency ?? 1) > 1) {
    logger.warn("WEB_CONCURRENCY is ignored with the embedded database, which one process holds");
  }
  if (processes > 1) {
    await database.close();
    return superviseWorkers(config, logger, processes);
  }
  if (database.kind === "pglite") await refreshSearchStatistics(services.core);
  const running = await runServer({ config, database, build, clientDir: CLIENT_DIR, logger, services });
  announce(config, logger, database.kind, 1);
  stopOnSignal(() => running.close().then(() => database.close()));
}

/** One of several server processes on PostgreSQL: the start-up work is done, so it only serves. */
async function serveWorker(config: Config, logger: Logger) {
  const database = await openConfiguredDatabase(config);
  const build = (await import(SERVER_BUILD)) as ServerBuild;
  const services = await createServices(config, database, { buildId: startedBuildId(CLIENT_DIR) });
  const running: RunningServer = await runServer({
    config,
    database,
    build,
    clientDir: CLIENT_DIR,
    logger,
    services,
    jobs: process.env[RUNS_JOBS] === "1",
  });
  stopOnSignal(() => running.close().then(() => database.close()));
}

/** Starts the server processes, replaces any that dies, and stops them all on a signal. */
function superviseWorkers(config: Config, logger: Logger, processes: number) {
  let stopping = false;
  let listening = 0;
  const fork = (runsJobs: boolean) => {
    const worker = cluster.fork({ [RUNS_JOBS]: runsJobs ? "1" : "0" });
    worker.on("listening", () => {
      if (++listening === processes) announce(config, logger, "postgres", processes);
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      logger.error({ pid: worker.process.pid, code, signal }, "A server process stopped; starting another");
      setTimeout(() => fork(runsJobs), 1000).unref();
    });
  };
  gatherClusterMetrics();
  for (let i = 0; i < processes; i++) fork(i === 0);
  // Each process finishes its requests and closes its database before this one ends.
  const stop = () => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    if (running.length === 0) process.exit(0);
    let left = running.length;
    for (const worker of running) {
      worker.on("exit", () => --left === 0 && process.exit(0));
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => process.exit(0), 8000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

function announce(config: Config, logger: Logger, database: string, processes: number) {
  logger.info({ port: config.port, database, processes }, `Tsugu is running on ${config.publicUrl}/`);
  if (config.devMailbox) logger.info(`Mail is kept locally: ${config.publicUrl}/ja/dev/mailbox/`);
}

function stopOnSignal(close: () => Promise<void>) {
  const stop = () => {
    void close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
