import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { CoreContext } from "#core/shared/context.ts";
import type { Database } from "#db/client.ts";
import { startedBuildId } from "#server/build-id.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { runServer } from "#server/main.ts";
import { createServices } from "#server/services.ts";
import { CLIENT_DIR, SERVER_BUILD } from "../../scripts/build-if-needed.ts";
import { createTestDatabase, ENGINES, type Engine } from "./db.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp.ts";

/** Settings that turn admission control off (decision 049), for servers that tests race. */
export const NO_ADMISSION_LIMITS = {
  ADMISSION_PAGES: "0",
  ADMISSION_API_READS: "0",
  ADMISSION_WRITES: "0",
  ADMISSION_WEBHOOKS: "0",
};

/**
 * The engine of a test server whose test does not name one: PostgreSQL when the suite has it, else
 * PGlite. Pages and API answers do not depend on the engine (core tests run on both, and so do the
 * HTTP races), and a native server does the same SQL in about two thirds of the CPU of PGlite's
 * WebAssembly inside the test's own process. The browser journeys serve from PGlite, as
 * `npm start` does.
 */
const SERVER_ENGINE: Engine = ENGINES.at(-1)!;

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type TestServer = {
  url: string;
  /** The server's own core context, for arranging data directly in a test. */
  ctx: CoreContext;
  database: Database;
  smtp: SmtpCapture | null;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The production build on a random port, with its own database and data folder. Mail goes by real
 * SMTP to a local capture, or with `localMail` is kept for the development mailbox.
 */
export async function startTestServer(
  o: {
    engine?: Engine;
    localMail?: boolean;
    pageCacheSeconds?: number;
    metricsToken?: string;
    /** More settings, e.g. a production profile with its providers' fakes. */
    env?: Record<string, string>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-http-"));
  const [database, smtp] = await Promise.all([
    createTestDatabase(o.engine ?? SERVER_ENGINE),
    o.localMail ? Promise.resolve(null) : startSmtpCapture(),
  ]);
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  // The public address (for canonical links) names the port, so the port is chosen first.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
    LOG_LEVEL: "silent",
    // Tests arrange data through the core directly, which a page cache would not notice.
    PAGE_CACHE_SECONDS: String(o.pageCacheSeconds ?? 0),
    // Tests race requests on purpose (a hundred purchases of one item at once), which admission
    // control would rightly turn away; its own tests set its limits (tests/http/admission.test.ts).
    ...NO_ADMISSION_LIMITS,
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...(o.metricsToken ? { METRICS_TOKEN: o.metricsToken } : {}),
    ...o.env,
  });
  // Every answer of the REST API is checked against its route's declared schema (a misfit is a 500).
  process.env.API_CHECK_RESPONSES = "1";
  const services = await createServices(config, database, { buildId: startedBuildId(CLIENT_DIR) });
  const running = await runServer({
    config,
    database,
    build,
    clientDir: CLIENT_DIR,
    logger: createLogger("silent"),
    services,
  });
  return {
    url: running.url,
    ctx: services.core,
    database,
    smtp,
    dataDir,
    async close() {
      await running.close();
      await Promise.allSettled([database.close(), smtp?.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
