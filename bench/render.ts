// Render benchmark: what the server adds to rendering a page, in one process.
//
//   node bench/render.ts [--requests 3000] [--page /ja/reset-password/sent/] [--engine pglite|postgres|both]
//
// The page that loads no data, for a visitor and for a logged-in member, measured three ways in the
// same process, one request at a time, after a warm-up:
//   server:       the whole HTTP app (`createHttpApp(...).fetch`): request id, security headers and the
//                 request log, compression as a browser asks, the malformed-address check, locale
//                 routing, the session lookup, React Router (matching, middleware, loaders, the
//                 manifest), and the render;
//   reactRouter:  React Router's request handler with the request's context made as the server
//                 makes it (the session already looked up): matching, loaders and the render;
//   render:       the render alone: the app's `entry.server` rendering the same router context (the
//                 React tree of the page and its serialised data) to a complete body.
// The server's overhead is the share of the server's time that is not the render. Node's own HTTP
// parsing and sockets are not in any of these (bench:pages measures the page over HTTP).
// Results go to bench/results/render-<date>.json.
import "../scripts/production-mode.ts";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { createRequestHandler, type EntryContext, type ServerBuild } from "react-router";
import { createSession } from "#core/identity/sessions.ts";
import { openDatabase } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { seed } from "#db/seed/index.ts";
import { createHttpApp } from "#server/app.ts";
import { authenticate } from "#server/authenticate.ts";
import { startedBuildId } from "#server/build-id.ts";
import { loadConfig } from "#server/config.ts";
import { createLoadContext } from "#server/router-context.ts";
import { createServices } from "#server/services.ts";
import { buildIfNeeded, CLIENT_DIR, SERVER_BUILD } from "../scripts/build-if-needed.ts";
import { BENCH_SECRET, round } from "./page-server.ts";
import { dropPostgresDatabase, freshPostgresDatabase } from "./postgres-database.ts";
import { commitUnderTest, writeReport } from "./report.ts";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
};
const REQUESTS = Number(arg("requests", "3000"));
const PAGE = arg("page", "/ja/reset-password/sent/");
const ORIGIN = "http://localhost:3000";
/** `--profile DIR`: also write a CPU profile of each audience's server run to DIR, for a closer look. */
const PROFILE_DIR = arg("profile", "");
const ENGINES = arg("engine", "both") === "both" ? ["pglite", "postgres"] : [arg("engine", "both")];
const BENCH_DB = "tsugu_bench_render";

type Timing = { meanMs: number; p50Ms: number; p99Ms: number; mainThreadCpuMs: number };

const ms = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Runs `once` REQUESTS times after a warm-up of a fifth as many: wall time per call (which includes
 * compression on libuv's thread pool and waiting for the database) and the main thread's CPU time
 * per call (what limits a process's throughput), in ms.
 */
async function time(once: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < REQUESTS / 5; i++) await once();
  const took: number[] = [];
  const started = performance.now();
  const cpu = process.threadCpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await once();
    took.push(performance.now() - t);
  }
  const used = process.threadCpuUsage(cpu);
  const total = performance.now() - started;
  took.sort((a, b) => a - b);
  return {
    meanMs: ms(total / REQUESTS),
    p50Ms: ms(took[Math.floor(took.length / 2)]!),
    p99Ms: ms(took[Math.floor(took.length * 0.99)]!),
    mainThreadCpuMs: ms((used.user + used.system) / 1000 / REQUESTS),
  };
}

async function measureEngine(engine: string, build: ServerBuild): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-bench-render-"));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: BENCH_SECRET, PUBLIC_URL: ORIGIN });
  const database =
    engine === "postgres"
      ? await freshPostgresDatabase(BENCH_DB)
      : await openDatabase({ dataDir: "memory://" });
  try {
    await database.migrate();
    const services = await createServices(config, database, { buildId: startedBuildId(CLIENT_DIR) });
    await seed(services.core);
    const [member] = await database.db.select().from(users).where(eq(users.email, "hanako@tsugu.example"));
    const session = await createSession(services.core, { userId: member!.id, kind: "web", persistent: true });

    // The request log as `npm start` writes it (level info), to a file nobody reads.
    const logger = pino(
      { level: config.logLevel, base: { service: "tsugu" }, timestamp: pino.stdTimeFunctions.isoTime },
      pino.destination({ dest: "/dev/null", sync: true }),
    );
    // The same build, with an entry that keeps the last router context it rendered and a copy of
    // the page's serialised data (a stream, read once per render).
    let lastContext: { context: EntryContext; handoff: Promise<Uint8Array[]> } | null = null;
    const entry = build.entry.module;
    const capturing: ServerBuild = {
      ...build,
      entry: {
        module: {
          ...entry,
          default: (request, status, headers, context, loadContext) => {
            const stream = context.serverHandoffStream;
            if (!stream) return entry.default(request, status, headers, context, loadContext);
            const [rendered, kept] = stream.tee();
            lastContext = {
              context,
              handoff: new Response(kept).arrayBuffer().then((b) => [new Uint8Array(b)]),
            };
            return entry.default(
              request,
              status,
              headers,
              { ...context, serverHandoffStream: rendered },
              loadContext,
            );
          },
        },
      },
    };
    const streamOf = (chunks: Uint8Array[]) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
    const app = createHttpApp({ services, build: capturing, logger, clientDir: CLIENT_DIR });
    const handler = createRequestHandler(capturing, "production");
    const url = `${ORIGIN}${PAGE}`;

    const results: Record<string, unknown> = {};
    for (const [audience, cookie] of [
      ["visitor", ""],
      ["member", `tsugu=${session.token}`],
    ] as const) {
      const headers = { "accept-encoding": "gzip, deflate, br", cookie, "user-agent": "bench" };
      const request = () => new Request(url, { headers });
      const first = await app.fetch(request());
      if (first.status !== 200) throw new Error(`${PAGE} answered ${first.status} to the ${audience}`);
      const profiler = PROFILE_DIR ? new Session() : null;
      if (profiler) {
        profiler.connect();
        await profiler.post("Profiler.enable");
        await profiler.post("Profiler.start");
      }
      const server = await time(async () => {
        const res = await app.fetch(request());
        await res.arrayBuffer();
      });
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        mkdirSync(PROFILE_DIR, { recursive: true });
        writeFileSync(
          path.join(PROFILE_DIR, `render-${engine}-${audience}.cpuprofile`),
          JSON.stringify(profile),
        );
        profiler.disconnect();
      }
      const who = await authenticate(services, request(), "page");
      const reactRouter = await time(async () => {
        const context = createLoadContext(services, {
          requestId: "bench",
          ip: "127.0.0.1",
          userAgent: "bench",
          user: who.user,
          sessionToken: who.token,
          unreadNotifications: who.unreadNotifications ?? null,
          sessionUnavailable: false,
          buildId: null,
          viewingAs: null,
        });
        const res = await handler(request(), context);
        await res.arrayBuffer();
      });
      const { context, handoff } = lastContext!;
      const chunks = await handoff;
      const render = await time(async () => {
        const res = await entry.default(
          request(),
          200,
          new Headers(),
          { ...context, serverHandoffStream: streamOf(chunks) },
          undefined as never,
        );
        await res.arrayBuffer();
      });
      const overhead = round(1 - render.mainThreadCpuMs / server.mainThreadCpuMs);
      results[audience] = { server, reactRouter, render, serverOverheadShare: overhead };
      console.log(`[${engine}] ${audience}: ${JSON.stringify(results[audience])}`);
    }
    return results;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === "postgres") await dropPostgresDatabase(BENCH_DB);
  }
}

async function main() {
  buildIfNeeded();
  const commit = commitUnderTest();
  const build = (await import(SERVER_BUILD)) as ServerBuild;
  const results: Record<string, unknown> = {};
  for (const engine of ENGINES) results[engine] = await measureEngine(engine, build);
  const file = writeReport("render", commit, {
    page: PAGE,
    requests: REQUESTS,
    method:
      "one process, one request at a time after a warm-up; the demo data, PGlite in memory or a PostgreSQL database; the request log at info to /dev/null; serverOverheadShare = 1 - render / server, in main-thread CPU time per request",
    results,
  });
  console.log(`Wrote ${file}`);
}

await main();
