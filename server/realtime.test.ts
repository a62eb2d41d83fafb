import { describe, expect, it } from "vitest";
import { createRealtimeHub } from "./realtime.ts";

/** A stand-in for the database's LISTEN: delivers what the test sends. */
function fakeListen() {
  let deliver: (payload: string) => void = () => {};
  return {
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      deliver = onPayload;
      return async () => {};
    },
    send: (userId: number, id: number) => deliver(JSON.stringify({ userId, id })),
  };
}

describe("realtime hub", () => {
  it("keeps a member's newer page subscribed when an older page's stream ends late or twice", async () => {
    const db = fakeListen();
    const hub = createRealtimeHub(db.listen);
    const heard: string[] = [];
    // The page the member leaves: its stream ends after the next page has subscribed, and its end
    // is reported twice (the abort, then the stream's own close).
    const leaveFirst = await hub.subscribe(7, (id) => heard.push(`first ${id}`));
    leaveFirst();
    const leaveSecond = await hub.subscribe(7, (id) => heard.push(`second ${id}`));
    leaveFirst();
    db.send(7, 1);
    db.send(8, 2);
    expect(heard).toEqual(["second 1"]);
    leaveSecond();
    leaveSecond();
    db.send(7, 3);
    expect(heard).toEqual(["second 1"]);
  });

  it("counts open streams, each once however often its end is reported", async () => {
    const hub = createRealtimeHub(fakeListen().listen);
    expect(hub.connections()).toBe(0);
    const first = await hub.subscribe(7, () => {});
    const second = await hub.subscribe(7, () => {});
    const other = await hub.subscribe(8, () => {});
    expect(hub.connections()).toBe(3);
    first();
    first();
    expect(hub.connections()).toBe(2);
    second();
    other();
    other();
    expect(hub.connections()).toBe(0);
  });
});
