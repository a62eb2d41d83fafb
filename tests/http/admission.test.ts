import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

/**
 * Admission control (decision 049) on the built server with tiny limits: one page and one API read
 * at a time, two writes, and one request waiting per slot. The server is made busy by holding its
 * database: PGlite answers one statement at a time, so while the test keeps a transaction open, a
 * request that needs the database holds its slot until the test lets go, the next request of its
 * class waits in the queue, and the one after that is refused at once.
 */
let server: TestServer;
let cachedItem: number;
let otherItem: number;
let memberCookie: string;
let bearer: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({
    // Held by the test as described above: PGlite, whatever engine the suite's servers use.
    engine: "pglite",
    pageCacheSeconds: 60,
    env: {
      ADMISSION_PAGES: "1",
      ADMISSION_API_READS: "1",
      ADMISSION_WRITES: "2",
      ADMISSION_WEBHOOKS: "2",
      ADMISSION_QUEUE: "1",
      // Queued as the test says, however late a busy test machine runs the event loop.
      ADMISSION_BUSY_LOOP_MS: "0",
      ADMISSION_READ_WAIT_MS: "0",
    },
  });
  await seedDeviceModels(server.database.db);
  const seller = await makeMember(server.ctx);
  cachedItem = await listItem(server.ctx, seller, { title: "混雑時も表示される iPhone 13" });
  otherItem = await listItem(server.ctx, seller, { title: "まだ誰も開いていない iPhone 12" });
  const member = await makeMember(server.ctx);
  const web = await createSession(server.ctx, { userId: member.id, kind: "web", persistent: false });
  memberCookie = `tsugu=${web.token}`;
  const api = await createSession(server.ctx, { userId: member.id, kind: "api", persistent: true });
  bearer = { authorization: `Bearer ${api.token}` };
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

/**
 * Runs `during` while the server's database is held and each class named is full: three requests
 * are sent for its one slot and one place in the queue, the one refused is handed to `during` with
 * the class, and the one admitted and the one that waited must answer 200 once the database is let go.
 */
async function whileFull(
  fill: { pages?: boolean; apiReads?: boolean },
  during: (refused: { page?: Response; apiRead?: Response }) => Promise<void>,
): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const transaction = server.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    held();
    await released;
  });
  await holding;
  const admitted: Promise<Response>[] = [];
  try {
    const refused: { page?: Response; apiRead?: Response } = {};
    // The member's session is read from the database: the admitted request waits there.
    if (fill.apiReads) {
      const three = await oneRefused([1, 2, 3].map(() => get("/api/v1/me", bearer)));
      refused.apiRead = three.refused;
      admitted.push(...three.admitted);
    }
    if (fill.pages) {
      const cookie = { cookie: memberCookie };
      const three = await oneRefused([1, 2, 3].map(() => get("/ja/mypage/", cookie)));
      refused.page = three.refused;
      admitted.push(...three.admitted);
    }
    await during(refused);
  } finally {
    release();
    await transaction;
  }
  for (const res of await Promise.all(admitted)) expect(res.status).toBe(200);
}

/**
 * Of requests sent together for one slot and its queue, the first answered (the refused one: the
 * others wait for the database or for the slot) and the others.
 */
async function oneRefused(requests: Promise<Response>[]) {
  const first = await Promise.race(requests.map((r, i) => r.then((res) => ({ i, res }))));
  return { refused: first.res, admitted: requests.filter((_, i) => i !== first.i) };
}

/** The value of one sample of `/metrics`, or undefined. */
async function scrape(): Promise<(name: string, cls?: string) => number | undefined> {
  const text = await (await get("/metrics")).text();
  return (name, cls) => {
    const labels = cls === undefined ? "" : `\\{class="${cls}"\\}`;
    const m = new RegExp(`^${name}${labels} (\\S+)$`, "m").exec(text);
    return m ? Number(m[1]) : undefined;
  };
}

describe("admission control, when a class is full", () => {
  it("answers an API read 503 at once with Retry-After when the queue is full too, in JSON, in Japanese or English", async () => {
    await whileFull({ apiReads: true }, async ({ apiRead }) => {
      expect(apiRead!.status).toBe(503);
      expect(apiRead!.headers.get("retry-after")).toBe("2");
      expect(apiRead!.headers.get("cache-control")).toBe("no-store");
      expect(apiRead!.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await apiRead!.json()).toEqual({
        error: {
          code: "OVERLOADED",
          message: "ただいまアクセスが集中しています。少し時間をおいてから、もう一度お試しください。",
        },
      });
      // Refused without waiting for the busy database: measured, not asserted (machines vary).
      const started = performance.now();
      const english = await get("/api/v1/items?keyword=iPhone", { "accept-language": "en-US,en;q=0.8" });
      const ms = Math.round(performance.now() - started);
      expect(english.status, `answered in ${ms} ms`).toBe(503);
      expect(english.headers.get("retry-after")).toBe("2");
      expect((await english.json()).error).toEqual({
        code: "OVERLOADED",
        message: "Tsugu is very busy right now. Please wait a moment and try again.",
      });
    });
  });

  it("answers a page 503 with a short page in the page's language and a link to try again", async () => {
    await whileFull({ pages: true }, async ({ page }) => {
      expect(page!.status).toBe(503);
      const ja = await get("/ja/items/search/?keyword=iPhone");
      expect(ja.status).toBe(503);
      expect(ja.headers.get("retry-after")).toBe("2");
      expect(ja.headers.get("content-type")).toMatch(/^text\/html/);
      const jaPage = await ja.text();
      expect(jaPage).toContain('<html lang="ja">');
      expect(jaPage).toContain("ただいま混み合っています");
      expect(jaPage).toContain(
        "ただいまアクセスが集中しています。少し時間をおいてから、もう一度お試しください。",
      );
      expect(jaPage).toContain('<a href="/ja/items/search/?keyword=iPhone">再読み込みする</a>');
      const en = await get("/en/items/search/?keyword=iPhone");
      expect(en.status).toBe(503);
      const enPage = await en.text();
      expect(enPage).toContain('<html lang="en">');
      expect(enPage).toContain("We are busy right now");
      expect(enPage).toContain("Tsugu is very busy right now. Please wait a moment and try again.");
      expect(enPage).toContain('<a href="/en/items/search/?keyword=iPhone">Reload</a>');
    });
  });

  it("serves visitors what the page cache holds, and files, while pages are refused", async () => {
    // A visitor opens the item page once: the page cache keeps it.
    const first = await get(`/ja/items/${cachedItem}/`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("混雑時も表示される iPhone 13");
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();

    await whileFull({ pages: true }, async () => {
      const cached = await get(`/ja/items/${cachedItem}/`);
      expect(cached.status).toBe(200);
      expect(await cached.text()).toContain("混雑時も表示される iPhone 13");
      // A page the cache does not hold needs a slot like any other.
      expect((await get(`/ja/items/${otherItem}/`)).status).toBe(503);
      // Built assets and files of public/ are never limited.
      expect((await get(css!)).status).toBe(200);
      expect((await get("/favicon.svg")).status).toBe(200);
    });
  });

  it("admits writes while reads are refused, and answers them once the database does", async () => {
    let api!: Promise<Response>;
    let form!: Promise<Response>;
    await whileFull({ pages: true, apiReads: true }, async () => {
      // A like through the API and one through the item page's form (a page's write).
      api = fetch(`${server.url}/api/v1/items/${cachedItem}/like`, { method: "PUT", headers: bearer });
      form = fetch(`${server.url}/ja/items/${otherItem}/`, {
        method: "POST",
        headers: {
          cookie: memberCookie,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "intent=like",
        redirect: "manual",
      });
      // Reads are still refused, the writes under way: each holds a slot of the writes.
      expect((await get("/api/v1/me", bearer)).status).toBe(503);
      expect((await get("/ja/mypage/", { cookie: memberCookie })).status).toBe(503);
      let writes: number | undefined;
      for (let i = 0; i < 5 && writes !== 2; i++) writes = (await scrape())("admission_in_flight", "writes");
      expect(writes).toBe(2);
    });
    const liked = await api;
    expect(liked.status).toBe(200);
    expect(await liked.json()).toEqual({ liked: true, like_count: 1 });
    expect((await form).status).toBe(200);
  });

  it("shows load, the queues, refusals and limits by class in /metrics", async () => {
    const before = await scrape();
    await whileFull({ pages: true, apiReads: true }, async () => {
      // Read while the server is busy (its database probe gives up after 3 s; the admission figures do not wait).
      const busy = await scrape();
      expect(busy("admission_in_flight", "pages")).toBe(1);
      expect(busy("admission_in_flight", "api_reads")).toBe(1);
      expect(busy("admission_in_flight", "writes")).toBe(0);
      expect(busy("admission_queued", "pages")).toBe(1);
      expect(busy("admission_queued", "api_reads")).toBe(1);
      expect(busy("admission_queued", "writes")).toBe(0);
      expect((await get("/ja/")).status).toBe(503);
    });
    const after = await scrape();
    const shed = (cls: string) => after("admission_shed_total", cls)! - before("admission_shed_total", cls)!;
    expect(shed("pages")).toBe(2);
    expect(shed("api_reads")).toBe(1);
    expect(shed("writes")).toBe(0);
    expect(shed("webhooks")).toBe(0);
    for (const cls of ["pages", "api_reads", "writes", "webhooks"]) {
      expect(after("admission_in_flight", cls), cls).toBe(0);
      expect(after("admission_queued", cls), cls).toBe(0);
    }
    expect(after("admission_limit", "pages")).toBe(1);
    expect(after("admission_limit", "api_reads")).toBe(1);
    expect(after("admission_limit", "writes")).toBe(2);
    expect(after("admission_limit", "webhooks")).toBe(2);
    expect(after("admission_queue_limit", "pages")).toBe(1);
    expect(after("admission_queue_limit", "api_reads")).toBe(1);
    expect(after("admission_queue_limit", "writes")).toBe(2);
    expect(after("admission_queue_limit", "webhooks")).toBe(2);
    expect(after("admission_busy")).toBe(0);
    // A refused request is counted under the endpoint it asked for, not as an unknown path.
    const counted = await (await get("/metrics")).text();
    expect(counted).toMatch(/^http_requests_total\{method="GET",route="\/api\/v1\/me",status="503"\} [1-9]/m);
    expect(counted).not.toMatch(/^http_requests_total\{method="GET",route="unmatched",status="503"\}/m);
  });
});
