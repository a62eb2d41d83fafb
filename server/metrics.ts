import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ServerBuild } from "react-router";
import { isLocalRequest } from "#core/shared/local-request.ts";
import type { PoolCounts } from "#db/client.ts";
import { type Admission, type ClassFigures, ROUTE_CLASSES } from "./admission.ts";
import { withPhases } from "./phases.ts";
import { apiRoutes, type PageRoutes, pageRoutes, routeLabel } from "./route-labels.ts";
import type { AppServices } from "./router-context.ts";
import { type DatabaseProbe, probeDatabase } from "./system.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Pages render in tens of milliseconds, searches and uploads take longer, streams answer at once. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS = Array.from({ length: 600 }, (_, i) => String(i));
/** A purchase's phases take from a millisecond (SQL) to tens of seconds (a queue under load). */
const PHASE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30];
/** A purchase: through the API, or the buy page's form (its data request too). */
const PURCHASE = /^\/(api\/v1\/items\/\d+\/purchase|[a-z]{2}\/items\/\d+\/buy(\/|\.data)?)$/;
const PURCHASE_PHASES = ["admission", "db_wait", "sql", "provider", "other", "total"] as const;

/**
 * Who may read `/metrics`: with a token set, whoever sends it as a bearer token; without one, only
 * this machine, and never through a proxy (which would make every visitor look local).
 */
export function metricsAllowed(
  token: string | undefined,
  ip: string | undefined,
  header: (name: string) => string | undefined,
): boolean {
  if (!token) return isLocalRequest(ip, header);
  const sent = Buffer.from(header("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * Request counts and latency by route for every request, and `GET /metrics` in the Prometheus text
 * format: those, the job queue's depth and the database's answer (read when scraped), the
 * connection pool, open live-notification streams and the process's own figures. A request that
 * may not read the metrics goes on as if `/metrics` did not exist (the not-found page).
 */
export function createMetrics(o: {
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The process's admission control, whose load, refusals and limits are reported by class. */
  admission: Admission;
  /** The API's endpoint paths (`/items/{id}`), to label the requests refused before they ran. */
  apiPaths?: readonly string[];
}): MiddlewareHandler<{ Bindings: HttpBindings }> {
  const { services } = o;
  const { system } = services;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request (to its headers, for streams), by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // What the database says is read once per scrape, however many gauges (and processes) ask.
  let probing: Promise<DatabaseProbe> | null = null;
  const probe = () => {
    // A scrape asks every metric at once, so all of them share the one probe under way.
    probing ??= probeDatabase(services.core).finally(() => {
      probing = null;
    });
    return probing;
  };
  new Gauge({
    name: "job_queue_depth",
    help: "Jobs in the queue by kind and state: ready (due), scheduled (later), running, failed (gave up)",
    labelNames: ["kind", "state"] as const,
    registers,
    aggregator: "max",
    async collect() {
      const p = await probe();
      this.reset();
      if (!p.ok) return;
      for (const k of p.queue.kinds) {
        this.set({ kind: k.kind, state: "ready" }, k.ready);
        this.set({ kind: k.kind, state: "scheduled" }, k.scheduled);
        this.set({ kind: k.kind, state: "running" }, k.running);
        this.set({ kind: k.kind, state: "failed" }, k.failed);
      }
    },
  });
  new Gauge({
    name: "job_queue_oldest_ready_seconds",
    help: "Seconds since the oldest ready job became due (0 when none waits)",
    registers,
    aggregator: "max",
    async collect() {
      const p = await probe();
      this.set(p.ok ? p.queue.oldestReadySeconds : 0);
    },
  });
  new Gauge({
    name: "db_up",
    help: "1 when the database answered this scrape, 0 when it did not",
    registers,
    aggregator: "min",
    async collect() {
      this.set((await probe()).ok ? 1 : 0);
    },
  });
  new Gauge({
    name: "db_round_trip_seconds",
    help: "Time the database took to answer a trivial query at this scrape",
    registers,
    aggregator: "max",
    async collect() {
      const p = await probe();
      this.reset();
      if (p.ok) this.set(p.roundTripMs / 1000);
    },
  });
  new Gauge({
    name: "db_engine",
    help: "The database engine this server uses (always 1)",
    labelNames: ["engine"] as const,
    registers,
    aggregator: "first",
  }).set({ engine: system.engine }, 1);
  new Gauge({
    name: "build_info",
    help: "The build this server runs (always 1)",
    labelNames: ["build"] as const,
    registers,
    aggregator: "first",
  }).set({ build: system.buildId ?? "source" }, 1);
  if (system.pool()) {
    // By pool (decision 050): `writes` for writes and the server's own work, `reads` for page data.
    const pool = (name: string, help: string, read: (p: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["pool"] as const,
        registers,
        collect() {
          for (const [which, counts] of Object.entries(system.pool() ?? {})) {
            if (counts) this.set({ pool: which }, read(counts));
          }
        },
      });
    pool("db_pool_connections", "Connections the PostgreSQL pool holds open", (p) => p.total);
    pool("db_pool_idle_connections", "Open connections of the pool not in use", (p) => p.idle);
    pool("db_pool_waiting_queries", "Queries waiting for a connection of the pool", (p) => p.waiting);
    pool("db_pool_max_connections", "The most connections the pool may open", (p) => p.max);
  }
  const purchasePhases = new Histogram({
    name: "purchase_phase_seconds",
    help: "Where a purchase's time went, by phase: waiting for an admission slot, waiting for the database (its queue or a pool connection), running SQL, the payment provider's round trips, the rest (the server's own work), and in all",
    labelNames: ["phase"] as const,
    buckets: PHASE_BUCKETS,
    registers,
  });
  new Gauge({
    name: "realtime_connections",
    help: "Open live-notification streams (server-sent events) on this server",
    registers,
    collect() {
      this.set(services.realtime.connections());
    },
  });
  // Admission control (decision 049), by class: summed over a server's processes, as each has its own.
  const byClass = (name: string, help: string, read: (f: ClassFigures) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["class"] as const,
      registers,
      collect() {
        const figures = o.admission.figures();
        for (const cls of ROUTE_CLASSES) this.set({ class: cls }, read(figures[cls]));
      },
    });
  byClass("admission_in_flight", "Requests holding a slot of their class now", (f) => f.inFlight);
  byClass("admission_queued", "Requests waiting for a slot of their class now", (f) => f.queued);
  byClass(
    "admission_limit",
    "Requests of the class one process answers at once (0: no limit)",
    (f) => f.limit,
  );
  byClass(
    "admission_queue_limit",
    "Requests of the class that may wait for a slot at once, past which they are refused (0: none wait)",
    (f) => f.queueLimit,
  );
  new Gauge({
    name: "admission_busy",
    help: "1 while the process's event loop runs late, so that pages and API reads are refused rather than queued",
    registers,
    collect() {
      this.set(o.admission.busy() ? 1 : 0);
    },
  });
  new Counter({
    name: "admission_shed_total",
    help: "Requests answered 503 on arrival because their class and its queue were full",
    labelNames: ["class"] as const,
    registers,
    collect() {
      // The admission control counts; the counter shows its count.
      const figures = o.admission.figures();
      this.reset();
      for (const cls of ROUTE_CLASSES) this.inc({ class: cls }, figures[cls].shed);
    },
  });

  // Of several server processes, the one asked answers for all (decision 030).
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    // Constructing one is what makes this process answer the supervisor's requests for its figures.
    new AggregatorRegistry();
  }
  const scrape = (): Promise<string> => (cluster.isWorker ? askSupervisor() : registry.metrics());

  // The page routes, from the build once; in development from Vite's current build when it changes.
  const built = typeof o.build === "function" ? null : pageRoutes(o.build.routes);
  const api = o.apiPaths ? apiRoutes(o.apiPaths) : undefined;
  let dev: { routes: ServerBuild["routes"]; pages: PageRoutes } | null = null;
  const devPages = async (load: () => Promise<ServerBuild>): Promise<PageRoutes> => {
    const { routes } = await load();
    if (dev?.routes !== routes) dev = { routes, pages: pageRoutes(routes) };
    return dev.pages;
  };
  const token = services.config.metricsToken;

  return async (c, next) => {
    const started = performance.now();
    if (
      c.req.path === "/metrics" &&
      c.req.method === "GET" &&
      metricsAllowed(token, c.env?.incoming?.socket?.remoteAddress, (name) => c.req.header(name))
    ) {
      return c.body(await scrape(), 200, {
        "Content-Type": registry.contentType,
        "Cache-Control": "no-store",
      });
    }
    const phases = await withPhases(async (phases) => {
      await next();
      return phases;
    });
    const seconds = (performance.now() - started) / 1000;
    if (c.req.method === "POST" && PURCHASE.test(c.req.path)) {
      const { admissionMs, providerMs, db } = phases;
      const total = seconds * 1000;
      const other = Math.max(0, total - admissionMs - providerMs - db.waitMs - db.sqlMs);
      const ms = {
        admission: admissionMs,
        db_wait: db.waitMs,
        sql: db.sqlMs,
        provider: providerMs,
        other,
        total,
      };
      for (const phase of PURCHASE_PHASES) purchasePhases.observe({ phase }, ms[phase] / 1000);
    }
    const pages = built ?? (await devPages(o.build as () => Promise<ServerBuild>));
    const route = routeLabel(c, pages, api);
    const method = METHODS.has(c.req.method) ? c.req.method : "OTHER";
    requests.inc({ method, route, status: STATUS[c.res.status] ?? "other" });
    duration.observe({ method, route }, seconds);
  };
}

const CLUSTER_METRICS = "tsugu:metrics";
type ClusterMetricsMessage = { type: typeof CLUSTER_METRICS; id: number; text?: string; error?: string };
let asked = 0;

/** A server process's scrape: the supervising process gathers every process's figures into one answer. */
function askSupervisor(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("The supervising process did not answer for the metrics"));
    }, 5000);
    const onMessage = (m: ClusterMetricsMessage) => {
      if (m?.type !== CLUSTER_METRICS || m.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (m.text !== undefined) resolve(m.text);
      else reject(new Error(m.error ?? "The metrics could not be gathered"));
    };
    process.on("message", onMessage);
    process.send?.({ type: CLUSTER_METRICS, id } satisfies ClusterMetricsMessage);
  });
}

/**
 * In the supervising process of several servers: answers a server's request for the metrics with
 * the figures of all of them, summed (requests, pools, streams) or taken once (the database's).
 */
export function gatherClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, m: ClusterMetricsMessage) => {
    if (m?.type !== CLUSTER_METRICS) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: CLUSTER_METRICS, id: m.id, text } satisfies ClusterMetricsMessage),
      (error: Error) =>
        worker.send({
          type: CLUSTER_METRICS,
          id: m.id,
          error: error.message,
        } satisfies ClusterMetricsMessage),
    );
  });
}
