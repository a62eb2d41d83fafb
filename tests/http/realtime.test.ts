import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { notify } from "#core/notify/notifications.ts";
import { createRealtimeHub } from "#server/realtime.ts";
import { makeMember } from "../helpers/catalog.ts";
import { ENGINES } from "../helpers/db.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

type ServerSentEvent = { event: string; data: string };

/** Settles with the promise, or fails after `ms` saying what did not happen: every wait is bounded. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a server-sent event stream one named event at a time (comments such as keep-alives skipped). */
function eventReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const queued: ServerSentEvent[] = [];
  let buffer = "";
  async function fill(): Promise<void> {
    while (queued.length === 0) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error("the stream ended");
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
        if (event) queued.push({ event, data });
        end = buffer.indexOf("\n\n");
      }
    }
  }
  return {
    /** The next event, waiting for it at most `ms`. */
    async next(ms = 8000): Promise<ServerSentEvent> {
      await within(fill(), ms, "the next server-sent event");
      return queued.shift()!;
    },
    close: () => reader.cancel(),
  };
}

describe.each(ENGINES)("live notifications on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a stream to anyone not signed in", async () => {
    const res = await fetch(`${server.url}/events/notifications`);
    expect(res.status).toBe(401);
    const forged = await fetch(`${server.url}/events/notifications`, {
      headers: { authorization: `Bearer ${"x".repeat(43)}` },
    });
    expect(forged.status).toBe(401);
    // The same rule as the API: a malformed bearer header is refused, even beside a live cookie.
    const member = await makeMember(server.ctx);
    const { token } = await createSession(server.ctx, { userId: member.id, kind: "web", persistent: false });
    const mixed = await fetch(`${server.url}/events/notifications`, {
      headers: { authorization: "Basic abc", cookie: `tsugu=${token}`, "accept-language": "ja" },
    });
    expect(mixed.status).toBe(401);
    expect(await mixed.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "ログインしてください" } });
  });

  it("delivers the member's own new notifications to their open stream, and nobody else's", async () => {
    const seller = await makeMember(server.ctx);
    const other = await makeMember(server.ctx);
    const { token } = await createSession(server.ctx, { userId: seller.id, kind: "api", persistent: true });
    const res = await fetch(`${server.url}/events/notifications`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = eventReader(res);
    try {
      // "ready" comes once the server listens for this member: from then on nothing is missed.
      const ready = await events.next();
      expect(ready.event).toBe("ready");
      expect(JSON.parse(ready.data)).toEqual({ unread: 0 });
      await notify(server.ctx, { userId: other.id, kind: "message", payload: { title: "ほかの人宛て" } });
      await notify(server.ctx, {
        userId: seller.id,
        kind: "purchase",
        payload: { transactionId: 1, itemId: 2, title: "iPhone 13", event: "sold" },
      });
      // The stream is in order: had the other member's notification leaked, it would come first.
      const got = await events.next();
      expect(got.event).toBe("notification");
      expect(JSON.parse(got.data)).toMatchObject({
        kind: "purchase",
        payload: { title: "iPhone 13" },
        unread: 1,
      });
    } finally {
      await events.close();
    }
  });

  it("fans a notification out to every server listening on the database", async () => {
    const member = await makeMember(server.ctx);
    const hubs = [createRealtimeHub(server.database.listen), createRealtimeHub(server.database.listen)];
    const heard: number[][] = [[], []];
    const first = hubs.map(() => Promise.withResolvers<void>());
    for (const [i, hub] of hubs.entries()) {
      await hub.subscribe(member.id, (id) => {
        heard[i]!.push(id);
        first[i]!.resolve();
      });
    }
    await notify(server.ctx, {
      userId: member.id,
      kind: "rating",
      payload: { title: "Pixel 7", event: "rated" },
    });
    try {
      await within(Promise.all(first.map((f) => f.promise)), 5000, "the notification on both servers");
      expect(heard[0]).toHaveLength(1);
      expect(heard[1]).toEqual(heard[0]);
    } finally {
      await Promise.all(hubs.map((h) => h.close()));
    }
  });
});
