import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { Database } from "#db/client.ts";
import { createHttpApp } from "./app.ts";
import { startedBuildId } from "./build-id.ts";
import type { Config } from "./config.ts";
import { startJobs } from "./jobs.ts";
import type { Logger } from "./logger.ts";
import type { AppServices } from "./router-context.ts";
import { createServices } from "./services.ts";
import { answerUnparsedRequest } from "./unparsed-request.ts";

export type RunningServer = { url: string; port: number; server: ServerType; close(): Promise<void> };

/**
 * Serves the production build on the configured port (0 picks a free one), and runs the job queue
 * in the same process until closed.
 */
export async function runServer(o: {
  config: Config;
  database: Database;
  build: ServerBuild;
  clientDir: string;
  logger: Logger;
  /** Already built services (start-up may need them first, to seed); built here otherwise. */
  services?: AppServices;
  /** Whether this process runs the job queue (default); of several server processes, one does. */
  jobs?: boolean;
}): Promise<RunningServer> {
  const services =
    o.services ?? (await createServices(o.config, o.database, { buildId: startedBuildId(o.clientDir) }));
  const app = createHttpApp({ services, build: o.build, logger: o.logger, clientDir: o.clientDir });
  const jobs = o.jobs === false ? null : startJobs(services, o.logger);
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: app.fetch,
        port: o.config.port,
        hostname: "0.0.0.0",
        serverOptions: {
          // An idle connection stays open longer than a proxy's or a client's own idle limit (60 s at
          // most load balancers, 4 s in Node's fetch): the other side always closes first, so a
          // request is never written onto a connection the server is closing at that moment (which
          // the sender sees as a reset, and a POST is not sent again by itself).
          keepAliveTimeout: 65_000,
          headersTimeout: 66_000,
        },
      },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          port: info.port,
          server,
          close: async () => {
            await jobs?.stop();
            await services.realtime.close();
            await new Promise<void>((done) => {
              server.close(() => done());
              // Live notification streams never end by themselves.
              if ("closeAllConnections" in server) server.closeAllConnections();
            });
          },
        });
      },
    );
    // A request Node's parser refuses is answered as the API or a page would, not bare.
    server.on("clientError", answerUnparsedRequest);
  });
}
