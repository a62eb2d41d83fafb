import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type AdmissionSettings,
  admissionControl,
  classOf,
  createAdmission,
  eventLoopBusy,
  type RouteClass,
} from "./admission.ts";

const settings = (limits: Partial<Record<RouteClass, number>>, queuePerSlot = 0): AdmissionSettings => ({
  limits: { pages: 0, api_reads: 0, writes: 0, webhooks: 0, ...limits },
  queuePerSlot,
  busyLoopMs: 0,
  readWaitMs: 0,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the class of a request", () => {
  it("puts webhooks, writes, API reads and pages apart, and never limits files, health, metrics or streams", () => {
    expect(classOf("POST", "/webhooks/payjp")).toBe("webhooks");
    expect(classOf("POST", "/webhooks/twilio/status")).toBe("webhooks");
    expect(classOf("POST", "/api/v1/items/12/purchase")).toBe("writes");
    expect(classOf("DELETE", "/api/v1/items/12/like")).toBe("writes");
    expect(classOf("POST", "/ja/sell/")).toBe("writes");
    expect(classOf("GET", "/api/v1/items")).toBe("api_reads");
    expect(classOf("HEAD", "/api/v1/items/12")).toBe("api_reads");
    expect(classOf("GET", "/ja/")).toBe("pages");
    expect(classOf("GET", "/ja/items/12.data")).toBe("pages");
    expect(classOf("GET", "/sitemap.xml")).toBe("pages");
    // OPTIONS changes nothing, as for the page cache.
    expect(classOf("OPTIONS", "/api/v1/items")).toBe("api_reads");
    for (const path of [
      "/assets/entry-abc123.js",
      "/media/items/1/photo.webp",
      "/build.json",
      "/robots.txt",
      "/metrics",
      "/api/v1/health",
      "/events/notifications",
    ]) {
      expect(classOf("GET", path), path).toBeNull();
    }
    expect(classOf("GET", "/api/v1/healthy")).toBe("api_reads");
  });
});

describe("the slots of a class", () => {
  it("admits up to the limit, then queues the class's slots × the queue factor, then refuses on arrival", async () => {
    const admission = createAdmission(settings({ pages: 2, api_reads: 3 }, 2));
    expect(admission.figures().pages).toEqual({ limit: 2, queueLimit: 4, inFlight: 0, queued: 0, shed: 0 });
    expect(admission.figures().api_reads.queueLimit).toBe(6);
    const held = [await admission.enter("pages"), await admission.enter("pages")];
    expect(held.every((s) => s !== null)).toBe(true);
    const waiting = Array.from({ length: 4 }, () => admission.enter("pages"));
    expect(admission.figures().pages).toEqual({ limit: 2, queueLimit: 4, inFlight: 2, queued: 4, shed: 0 });
    // The queue full too: refused at once, and counted.
    expect(await admission.enter("pages")).toBeNull();
    expect(await admission.enter("pages")).toBeNull();
    expect(admission.figures().pages).toEqual({ limit: 2, queueLimit: 4, inFlight: 2, queued: 4, shed: 2 });
    // Each slot freed goes to the one waiting longest; all four are served, none refused.
    for (const release of held) release!();
    const first = await Promise.all(waiting.slice(0, 2));
    expect(admission.figures().pages).toMatchObject({ inFlight: 2, queued: 2, shed: 2 });
    for (const release of first) release!();
    const last = await Promise.all(waiting.slice(2));
    for (const release of last) release!();
    expect(admission.figures().pages).toEqual({ limit: 2, queueLimit: 4, inFlight: 0, queued: 0, shed: 2 });
  });

  it("gives a freed slot to the request that waited longest, first come first served", async () => {
    const admission = createAdmission(settings({ pages: 2 }, 8));
    const first = await admission.enter("pages");
    const second = await admission.enter("pages");
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    const order: string[] = [];
    const inOrder = (name: string) => (release: (() => void) | null) => {
      order.push(name);
      return release;
    };
    const third = admission.enter("pages").then(inOrder("third"));
    const fourth = admission.enter("pages").then(inOrder("fourth"));
    expect(admission.figures().pages).toMatchObject({ limit: 2, inFlight: 2, queued: 2, shed: 0 });
    first!();
    first!(); // a second release of the same slot changes nothing
    expect(await third).not.toBeNull();
    expect(admission.figures().pages).toMatchObject({ inFlight: 2, queued: 1 });
    // A newcomer finds the class full and queues behind the fourth.
    const fifth = admission.enter("pages").then(inOrder("fifth"));
    second!();
    const fourthSlot = await fourth;
    expect(fourthSlot).not.toBeNull();
    fourthSlot!();
    expect(await fifth).not.toBeNull();
    expect(order).toEqual(["third", "fourth", "fifth"]);
    expect(admission.figures().pages).toMatchObject({ inFlight: 2, queued: 0, shed: 0 });
  });

  it("lets a queued request wait for its slot however long that takes, never refusing it", async () => {
    vi.useFakeTimers();
    const admission = createAdmission(settings({ pages: 1 }, 1));
    const held = await admission.enter("pages");
    let answered: (() => void) | null | undefined;
    void admission.enter("pages").then((release) => {
      answered = release;
    });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(answered).toBeUndefined();
    expect(admission.figures().pages).toEqual({ limit: 1, queueLimit: 1, inFlight: 1, queued: 1, shed: 0 });
    held!();
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBeTypeOf("function");
    expect(admission.figures().pages).toEqual({ limit: 1, queueLimit: 1, inFlight: 1, queued: 0, shed: 0 });
    answered!();
    expect(admission.figures().pages.inFlight).toBe(0);
  });

  it("takes a request whose client left out of the queue, without counting it as refused", async () => {
    const admission = createAdmission(settings({ pages: 1 }, 2));
    const held = await admission.enter("pages");
    const left = new AbortController();
    const waiting = admission.enter("pages", left.signal);
    const next = admission.enter("pages");
    expect(admission.figures().pages).toMatchObject({ inFlight: 1, queued: 2, shed: 0 });
    left.abort();
    expect(await waiting).toBeNull();
    expect(admission.figures().pages).toEqual({ limit: 1, queueLimit: 2, inFlight: 1, queued: 1, shed: 0 });
    // The place it left is free for another, and the slot goes to the one still waiting.
    const another = admission.enter("pages");
    expect(admission.figures().pages).toMatchObject({ queued: 2, shed: 0 });
    held!();
    const nextSlot = await next;
    expect(nextSlot).not.toBeNull();
    nextSlot!();
    (await another)!();
    expect(admission.figures().pages).toMatchObject({ inFlight: 0, queued: 0, shed: 0 });
    // A client already gone takes nothing.
    expect(await admission.enter("pages", left.signal)).toBeNull();
    expect(admission.figures().pages).toMatchObject({ inFlight: 0, queued: 0, shed: 0 });
  });

  it("with a queue factor of 0, refuses as soon as the class is full", async () => {
    const admission = createAdmission(settings({ writes: 1 }, 0));
    expect(admission.figures().writes.queueLimit).toBe(0);
    expect(await admission.enter("writes")).not.toBeNull();
    expect(await admission.enter("writes")).toBeNull();
    expect(admission.figures().writes).toMatchObject({ inFlight: 1, queued: 0, shed: 1 });
  });

  it("while the process is behind, refuses pages and API reads that find their class full, but still queues writes", async () => {
    let behind = false;
    const admission = createAdmission(settings({ pages: 1, api_reads: 1, writes: 1 }, 4), () => behind);
    for (const cls of ["pages", "api_reads", "writes"] as const)
      expect(await admission.enter(cls)).not.toBeNull();
    behind = true;
    expect(await admission.enter("pages")).toBeNull();
    expect(await admission.enter("api_reads")).toBeNull();
    const write = admission.enter("writes");
    expect(admission.figures().writes.queued).toBe(1);
    expect(admission.figures()).toMatchObject({
      pages: { shed: 1 },
      api_reads: { shed: 1 },
      writes: { shed: 0 },
    });
    behind = false;
    void admission.enter("pages");
    expect(admission.figures().pages.queued).toBe(1);
    void write;
  });

  it("asks whether the process is behind only of a request that finds its class full", async () => {
    const busy = vi.fn(() => false);
    const admission = createAdmission(settings({ pages: 1, api_reads: 0 }, 1), busy);
    await admission.enter("pages");
    for (let i = 0; i < 5; i++) await admission.enter("api_reads");
    expect(busy).not.toHaveBeenCalled();
    void admission.enter("pages");
    expect(busy).toHaveBeenCalledTimes(1);
  });

  it("refuses a page on arrival when its wait for a slot would be longer than the reads may wait, never a write", async () => {
    let now = 0;
    const admission = createAdmission(
      { ...settings({ pages: 2, writes: 2 }, 8), readWaitMs: 500 },
      () => false,
      () => now,
    );
    // Slots held 400 ms lately: with 2 slots, a request waits about 200 ms for each ahead of it and itself.
    for (const cls of ["pages", "writes"] as const) {
      const first = (await admission.enter(cls))!;
      now += 400;
      first();
      now -= 400;
    }
    const held = [await admission.enter("pages"), await admission.enter("pages")];
    expect(held.every(Boolean)).toBe(true);
    void admission.enter("pages"); // waits about 200 ms
    void admission.enter("pages"); // about 400 ms
    expect(admission.figures().pages.queued).toBe(2);
    expect(await admission.enter("pages")).toBeNull(); // would wait about 600 ms
    expect(admission.figures().pages).toMatchObject({ queued: 2, shed: 1 });
    // Writes wait as long as it takes.
    await admission.enter("writes");
    await admission.enter("writes");
    for (let i = 0; i < 5; i++) void admission.enter("writes");
    expect(admission.figures().writes).toMatchObject({ queued: 5, shed: 0 });
  });

  it("finds the event loop behind when a task holds it past the limit", async () => {
    const loop = eventLoopBusy(30, 50);
    try {
      // The histogram measures from its second sample on: let it take a few first.
      await new Promise((resolve) => setTimeout(resolve, 60));
      const until = performance.now() + 120;
      while (performance.now() < until) {
        // The event loop held, as by a long render.
      }
      await vi.waitFor(() => expect(loop.busy()).toBe(true), { timeout: 500, interval: 5 });
    } finally {
      loop.stop();
    }
  });

  it("does not find the event loop behind when nothing holds it past the limit", async () => {
    // A limit far above what a busy test machine delays the loop by: only a held loop passes it.
    const loop = eventLoopBusy(1_000, 50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(loop.busy()).toBe(false);
    } finally {
      loop.stop();
    }
    expect(eventLoopBusy(0).busy()).toBe(false);
  });

  it("keeps the classes apart: full pages and API reads leave writes and webhooks their slots", async () => {
    const admission = createAdmission(settings({ pages: 1, api_reads: 1, writes: 2, webhooks: 2 }, 1));
    await admission.enter("pages");
    await admission.enter("api_reads");
    void admission.enter("pages");
    void admission.enter("api_reads");
    expect(await admission.enter("pages")).toBeNull();
    expect(await admission.enter("api_reads")).toBeNull();
    expect(await admission.enter("writes")).not.toBeNull();
    expect(await admission.enter("webhooks")).not.toBeNull();
    expect(admission.figures().writes).toMatchObject({ inFlight: 1, queued: 0, shed: 0 });
    expect(admission.figures().webhooks).toMatchObject({ inFlight: 1, queued: 0, shed: 0 });
    expect(admission.figures().pages).toMatchObject({ inFlight: 1, queued: 1, shed: 1 });
  });

  it("takes 1,000 requests at once with a big limit, in order, and refuses only past the queue", async () => {
    const admission = createAdmission(settings({ api_reads: 100 }, 9));
    const order: number[] = [];
    const entered = Array.from({ length: 1000 }, (_, i) =>
      admission.enter("api_reads").then((release) => {
        order.push(i);
        return release;
      }),
    );
    expect(admission.figures().api_reads).toEqual({
      limit: 100,
      queueLimit: 900,
      inFlight: 100,
      queued: 900,
      shed: 0,
    });
    expect(await admission.enter("api_reads")).toBeNull();
    // Each request done frees its slot for the next in the queue.
    const slots = await Promise.all(
      entered.map(async (slot) => {
        const release = await slot;
        expect(release).not.toBeNull();
        await Promise.resolve();
        release!();
      }),
    );
    expect(slots).toHaveLength(1000);
    expect(order).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(admission.figures().api_reads).toEqual({
      limit: 100,
      queueLimit: 900,
      inFlight: 0,
      queued: 0,
      shed: 1,
    });
  });

  it("counts but never refuses a class whose limit is 0", async () => {
    const admission = createAdmission(settings({ pages: 0 }, 8));
    const slots = await Promise.all(Array.from({ length: 1000 }, () => admission.enter("pages")));
    expect(slots.every((s) => s !== null)).toBe(true);
    expect(admission.figures().pages).toEqual({
      limit: 0,
      queueLimit: 0,
      inFlight: 1000,
      queued: 0,
      shed: 0,
    });
    for (const release of slots) release!();
    expect(admission.figures().pages.inFlight).toBe(0);
  });
});

describe("the middleware", () => {
  const app = (limits: Partial<Record<RouteClass, number>>, queuePerSlot = 0) => {
    const admission = createAdmission(settings(limits, queuePerSlot));
    const hono = new Hono();
    hono.use(admissionControl(admission, { where: () => true }));
    return { admission, hono };
  };

  it("answers a refused API read with 503 JSON and Retry-After, in Japanese or English", async () => {
    const { admission, hono } = app({ api_reads: 1 });
    let open!: () => void;
    hono.get("/api/v1/items", async (c) => {
      await new Promise<void>((r) => {
        open = r;
      });
      return c.json({ items: [] });
    });
    const held = hono.request("/api/v1/items");
    await vi.waitFor(() => expect(admission.figures().api_reads.inFlight).toBe(1));
    const ja = await hono.request("/api/v1/items");
    expect(ja.status).toBe(503);
    expect(ja.headers.get("retry-after")).toBe("2");
    expect(await ja.json()).toEqual({
      error: {
        code: "OVERLOADED",
        message: "ただいまアクセスが集中しています。少し時間をおいてから、もう一度お試しください。",
      },
    });
    const en = await hono.request("/api/v1/items", { headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect((await en.json()).error.message).toBe(
      "Tsugu is very busy right now. Please wait a moment and try again.",
    );
    open();
    const answered = await held;
    expect(answered.status).toBe(200);
    // Held until the answer is read to its end.
    expect(admission.figures().api_reads).toMatchObject({ inFlight: 1, shed: 2 });
    await answered.json();
    expect(admission.figures().api_reads).toMatchObject({ inFlight: 0, shed: 2 });
  });

  it("answers a queued request once a slot frees, and refuses the one that finds the queue full", async () => {
    const { admission, hono } = app({ api_reads: 1 }, 1);
    const opens: (() => void)[] = [];
    hono.get("/api/v1/items", async (c) => {
      await new Promise<void>((r) => opens.push(r));
      return c.json({ items: [] });
    });
    const held = hono.request("/api/v1/items");
    await vi.waitFor(() => expect(opens).toHaveLength(1));
    const queued = hono.request("/api/v1/items");
    await vi.waitFor(() => expect(admission.figures().api_reads.queued).toBe(1));
    expect((await hono.request("/api/v1/items")).status).toBe(503);
    opens[0]!();
    expect(await (await held).json()).toEqual({ items: [] });
    await vi.waitFor(() => expect(opens).toHaveLength(2));
    opens[1]!();
    expect((await queued).status).toBe(200);
    expect(admission.figures().api_reads).toMatchObject({ inFlight: 1, queued: 0, shed: 1 });
    await (await queued).text();
    expect(admission.figures().api_reads).toMatchObject({ inFlight: 0, queued: 0, shed: 1 });
  });

  it("refuses a page the browser fetches ahead as soon as pages are full, where a page opened would wait", async () => {
    const { admission, hono } = app({ pages: 1 }, 4);
    const opens: (() => void)[] = [];
    hono.get("*", async (c) => {
      await new Promise<void>((r) => opens.push(r));
      return c.text("page");
    });
    const held = hono.request("/ja/");
    await vi.waitFor(() => expect(opens).toHaveLength(1));
    const ahead = await hono.request("/ja/items/12/_.data", { headers: { "sec-purpose": "prefetch" } });
    expect(ahead.status).toBe(503);
    expect(ahead.headers.get("cache-control")).toBe("no-store");
    expect(admission.figures().pages).toMatchObject({ inFlight: 1, queued: 0, shed: 1 });
    // Opened, the same page waits its turn.
    const opened = hono.request("/ja/items/12/_.data");
    await vi.waitFor(() => expect(admission.figures().pages.queued).toBe(1));
    opens[0]!();
    await (await held).text();
    await vi.waitFor(() => expect(opens).toHaveLength(2));
    opens[1]!();
    expect((await opened).status).toBe(200);
  });

  it("answers a refused page with a short page in the path's language, with a link to try again", async () => {
    const { hono } = app({ pages: 1 });
    hono.get("*", () => new Promise<Response>(() => {}));
    void hono.request("/ja/");
    const ja = await hono.request("/ja/items/search/?keyword=%22iPhone%22");
    expect(ja.status).toBe(503);
    expect(ja.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await ja.text();
    expect(page).toContain('<html lang="ja">');
    expect(page).toContain("ただいま混み合っています");
    expect(page).toContain('<a href="/ja/items/search/?keyword=%22iPhone%22">再読み込みする</a>');
    const en = await (await hono.request("/en/")).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("Tsugu is very busy right now");
  });

  it("frees the slot when the handler fails, and when a streamed body is read to its end or dropped", async () => {
    const { admission, hono } = app({ pages: 1 });
    hono.onError((_error, c) => c.text("failed", 500));
    hono.get("/fails/", () => {
      throw new Error("broken");
    });
    hono.get("/streams/", () => {
      let n = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (n++ < 3) controller.enqueue(new TextEncoder().encode("chunk "));
          else controller.close();
        },
      });
      return new Response(body);
    });
    const failed = await hono.request("/fails/");
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("failed");
    expect(admission.figures().pages.inFlight).toBe(0);

    const read = await hono.request("/streams/");
    expect(admission.figures().pages.inFlight).toBe(1);
    expect(await read.text()).toBe("chunk chunk chunk ");
    expect(admission.figures().pages.inFlight).toBe(0);

    const dropped = await hono.request("/streams/");
    expect(admission.figures().pages.inFlight).toBe(1);
    await dropped.body!.cancel();
    expect(admission.figures().pages.inFlight).toBe(0);
  });
});

describe("on a Node server", () => {
  let server: ServerType | undefined;
  afterEach(async () => {
    await new Promise<void>((done) => {
      if (!server) return done();
      server.close(() => done());
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
    server = undefined;
  });

  it("holds the slot until a streamed answer's last byte, and frees it when the client goes away", async () => {
    const admission = createAdmission(settings({ pages: 1 }));
    const hono = new Hono();
    hono.use(admissionControl(admission, { where: () => true }));
    let push!: (text: string | null) => void;
    hono.get("/streams/", () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) =>
            text === null ? controller.close() : controller.enqueue(new TextEncoder().encode(text));
        },
      });
      return new Response(body, { headers: { "content-type": "text/plain" } });
    });
    const url = await new Promise<string>((resolve) => {
      server = serve({ fetch: hono.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}/streams/`),
      );
    });

    // Headers sent, the body still streaming: the slot is held.
    const res = await fetch(url);
    push("first ");
    const reader = res.body!.getReader();
    await reader.read();
    expect(admission.figures().pages.inFlight).toBe(1);
    expect((await fetch(url)).status).toBe(503);
    push(null);
    while (!(await reader.read()).done) {}
    await vi.waitFor(() => expect(admission.figures().pages.inFlight).toBe(0));

    // A client that leaves halfway frees the slot too.
    const gone = new AbortController();
    const left = await fetch(url, { signal: gone.signal });
    push("first ");
    await left.body!.getReader().read();
    expect(admission.figures().pages.inFlight).toBe(1);
    gone.abort();
    await vi.waitFor(() => expect(admission.figures().pages.inFlight).toBe(0));
    expect(admission.figures().pages.shed).toBe(1);
  });
});
