import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { JOB_BACKLOG_SECONDS } from "#core/jobs/queue-stats.ts";
import { jobs } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { ENGINES } from "../helpers/db.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { cardsFor, purchase, sessionsOf } from "../helpers/served.ts";
import { makeBuyer } from "../helpers/trading.ts";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
      );
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each(ENGINES)("metrics and health on %s", (engine) => {
  let server: TestServer;
  let itemIds: number[];
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const scrape = async () => {
    const res = await get("/metrics");
    expect(res.status).toBe(200);
    return { res, samples: parseMetrics(await res.text()) };
  };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await seedDeviceModels(server.database.db);
    const seller = await makeMember(server.ctx);
    itemIds = [await listItem(server.ctx, seller), await listItem(server.ctx, seller)];
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts requests by route pattern: ids, searches and unknown paths add no series", async () => {
    const home = await get("/ja/");
    expect(home.status).toBe(200);
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(await home.text())?.[1];
    expect((await get(css!)).status).toBe(200);
    for (const id of itemIds) expect((await get(`/ja/items/${id}/`)).status).toBe(200);
    expect((await get("/ja/items/search/?keyword=iPhone%2013")).status).toBe(200);
    expect((await get("/ja/no-such-page/")).status).toBe(404);
    expect((await get("/wp-login.php")).status).toBe(404);
    expect((await get(`/api/v1/items/${itemIds[0]}`)).status).toBe(200);
    expect((await get("/api/v1/no-such-endpoint")).status).toBe(404);

    const { res, samples } = await scrape();
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const count = (route: string, status: string) =>
      value(samples, "http_requests_total", { method: "GET", route, status });
    expect(count("/:lang", "200")).toBe(1);
    expect(count("/:lang/items/:id", "200")).toBe(2);
    expect(count("/:lang/items/search", "200")).toBe(1);
    expect(count("/assets/*", "200")).toBe(1);
    expect(count("/api/v1/items/:id", "200")).toBe(1);
    expect(count("unmatched", "404")).toBe(3);
    expect(
      value(samples, "http_request_duration_seconds_count", { method: "GET", route: "/:lang/items/:id" }),
    ).toBe(2);
    expect(
      value(samples, "http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/:lang/items/:id",
        le: "+Inf",
      }),
    ).toBe(2);
    const routes = new Set(samples.filter((s) => s.labels.route).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/\d{2}|iPhone|keyword|no-such|wp-login/);

    // The engine, the process and the build.
    expect(value(samples, "db_engine", { engine })).toBe(1);
    expect(value(samples, "db_up")).toBe(1);
    expect(value(samples, "build_info")).toBe(1);
    expect(value(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(value(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    if (engine === "postgres") {
      // Two pools (decision 050): of the 5 connections, 2 kept for writes and 3 for reads, which the
      // pages and the API reads above used.
      expect(value(samples, "db_pool_max_connections", { pool: "writes" })).toBe(2);
      expect(value(samples, "db_pool_max_connections", { pool: "reads" })).toBe(3);
      expect(value(samples, "db_pool_connections", { pool: "reads" })).toBeGreaterThan(0);
      expect(value(samples, "db_pool_waiting_queries", { pool: "writes" })).toBe(0);
      expect(value(samples, "db_pool_waiting_queries", { pool: "reads" })).toBe(0);
    } else {
      expect(value(samples, "db_pool_connections")).toBeUndefined();
    }
  });

  it("times a purchase's phases: admission, waiting for the database, SQL, the provider, the rest", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller, { price: "3000" });
    const [token] = await sessionsOf(server.ctx, [buyer]);
    const [card] = await cardsFor(server.ctx, [buyer]);
    const bought = await purchase(server.url, itemId, token!, card!, `metrics-${itemId}`);
    expect(bought.status).toBe(201);

    const { samples } = await scrape();
    const phase = (name: string, suffix: "count" | "sum") =>
      value(samples, `purchase_phase_seconds_${suffix}`, { phase: name });
    for (const name of ["admission", "db_wait", "sql", "provider", "other", "total"]) {
      expect(phase(name, "count")).toBe(1);
    }
    expect(phase("sql", "sum")).toBeGreaterThan(0);
    expect(phase("provider", "sum")).toBeGreaterThan(0);
    expect(phase("total", "sum")).toBeGreaterThan(phase("sql", "sum")!);
  });

  it("reads the job queue's depth by kind and state when scraped", async () => {
    // Kinds no handler runs, so they stay as queued while the server's runner polls.
    await server.database.db.insert(jobs).values([
      { name: "test.unhandled", runAt: minutesAgo(2) },
      { name: "test.unhandled", runAt: minutesAgo(-60) },
      { name: "test.gave-up", state: "failed", runAt: minutesAgo(600), attempts: 8 },
    ]);
    const { samples } = await scrape();
    const depth = (kind: string, state: string) => value(samples, "job_queue_depth", { kind, state });
    expect(depth("test.unhandled", "ready")).toBe(1);
    expect(depth("test.unhandled", "scheduled")).toBe(1);
    expect(depth("test.unhandled", "running")).toBe(0);
    expect(depth("test.gave-up", "failed")).toBe(1);
    expect(value(samples, "job_queue_oldest_ready_seconds")).toBeGreaterThanOrEqual(120);
    await server.database.db.delete(jobs);
  });

  it("counts open live-notification streams", async () => {
    const member = await makeMember(server.ctx);
    const { token } = await createSession(server.ctx, { userId: member.id, kind: "api", persistent: true });
    const stream = await get("/events/notifications", { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read(); // "ready": the stream is subscribed.
    expect(value((await scrape()).samples, "realtime_connections")).toBe(1);
    await reader.cancel();
    let open: number | undefined = 1;
    for (let i = 0; i < 50 && open !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      open = value((await scrape()).samples, "realtime_connections");
    }
    expect(open).toBe(0);
  });

  it("reports health: every part well, then a backlog of ready jobs", async () => {
    const ok = await get("/api/v1/health");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const body = await ok.json();
    expect(body).toMatchObject({
      status: "ok",
      degraded: [],
      database: "ok",
      database_engine: engine,
      jobs: { status: "ok", ready: expect.any(Number), failed_last_hour: 0, retrying: 0 },
      mail: { transport: "smtp", status: expect.stringMatching(/^(ok|untried)$/) },
    });
    expect(body.database_ms).toBeGreaterThanOrEqual(0);
    expect(body.build).toMatch(/^[0-9a-f]{6,}$/);

    await server.database.db
      .insert(jobs)
      .values({ name: "test.unhandled", runAt: minutesAgo(JOB_BACKLOG_SECONDS / 60 + 5) });
    const backlog = await get("/api/v1/health");
    // A backlog is worth a look, not a reason to take the server out of service.
    expect(backlog.status).toBe(200);
    const late = await backlog.json();
    expect(late).toMatchObject({ status: "degraded", degraded: ["jobs"], database: "ok" });
    expect(late.jobs).toMatchObject({ status: "backlog", ready: 1 });
    expect(late.jobs.oldest_ready_seconds).toBeGreaterThanOrEqual(JOB_BACKLOG_SECONDS + 300);
    await server.database.db.delete(jobs);
  });
});

describe("who may read /metrics", () => {
  const TOKEN = "metrics-test-token-0123456789abcdef";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await server?.close();
  });
  const metrics = (headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });

  it("with a token set, answers only its bearer; everyone else gets the not-found page", async () => {
    const withToken = await metrics({ authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain("# TYPE http_requests_total counter");
    const refusals: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-0123456789abcdef0123" },
    ];
    for (const headers of refusals) {
      const refused = await metrics(headers);
      expect(refused.status).toBe(404);
      expect(refused.headers.get("content-type")).toContain("text/html");
    }
  });

  it("without a token, answers this machine but not a request that came through a proxy", async () => {
    const open = await startTestServer();
    try {
      expect((await fetch(`${open.url}/metrics`)).status).toBe(200);
      const proxied = await fetch(`${open.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.7" } });
      expect(proxied.status).toBe(404);
    } finally {
      await open.close();
    }
  });
});
