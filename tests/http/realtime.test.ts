import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { notify } from "#core/notify/notifications.ts";
import { createRealtimeHub } from "#server/realtime.ts";
import { makeMember } from "../helpers/catalog.ts";
import { ENGINES } from "../helpers/db.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

/** Reads server-sent events until `count` named events arrived (or the time is up). */
async function readEvents(
  res: Response,
  count: number,
  ms = 8000,
): Promise<{ event: string; data: string }[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  const deadline = Date.now() + ms;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((r) =>
        setTimeout(() => r({ done: true, value: undefined }), deadline - Date.now()),
      ),
    ]);
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
      if (event) events.push({ event, data });
      end = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel();
  return events;
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
    const events = readEvents(res, 2);
    await new Promise((r) => setTimeout(r, 300));
    await notify(server.ctx, { userId: other.id, kind: "message", payload: { title: "ほかの人宛て" } });
    await notify(server.ctx, {
      userId: seller.id,
      kind: "purchase",
      payload: { transactionId: 1, itemId: 2, title: "iPhone 13", event: "sold" },
    });
    const got = await events;
    expect(got.map((e) => e.event)).toEqual(["ready", "notification"]);
    expect(JSON.parse(got[1]!.data)).toMatchObject({
      kind: "purchase",
      payload: { title: "iPhone 13" },
      unread: 1,
    });
  });

  it("fans a notification out to every server listening on the database", async () => {
    const member = await makeMember(server.ctx);
    const hubs = [createRealtimeHub(server.database.listen), createRealtimeHub(server.database.listen)];
    const heard: number[][] = [[], []];
    for (const [i, hub] of hubs.entries()) await hub.subscribe(member.id, (id) => heard[i]!.push(id));
    await notify(server.ctx, {
      userId: member.id,
      kind: "rating",
      payload: { title: "Pixel 7", event: "rated" },
    });
    for (let i = 0; i < 50 && (heard[0]!.length === 0 || heard[1]!.length === 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(heard[0]).toHaveLength(1);
    expect(heard[1]).toEqual(heard[0]);
    await Promise.all(hubs.map((h) => h.close()));
  });
});
