import { describe, expect, it } from "vitest";
import { PRELOADS_AT_ONCE, PreloadQueue } from "./preload-queue.ts";

/** A preload that ends when the test says so. */
function held() {
  const ends: (() => void)[] = [];
  const started: string[] = [];
  const run = (key: string) => () => {
    started.push(key);
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  return { ends, started, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the preload queue", () => {
  it("runs at most four preloads at once (spec §9), the next as one ends", async () => {
    expect(PRELOADS_AT_ONCE).toBe(4);
    const queue = new PreloadQueue();
    const { ends, started, run } = held();
    for (const key of ["a", "b", "c", "d", "e", "f"]) queue.add(key, run(key));
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(queue.active).toBe(4);
    expect(queue.queued).toBe(2);
    ends[1]!();
    await settle();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    expect(queue.active).toBe(4);
  });

  it("puts what a person points at ahead of what only came into view", async () => {
    const queue = new PreloadQueue(1);
    const { ends, started, run } = held();
    queue.add("first", run("first"));
    queue.add("in view", run("in view"));
    queue.add("pointed at", run("pointed at"), { urgent: true });
    ends[0]!();
    await settle();
    expect(started).toEqual(["first", "pointed at"]);
  });

  it("preloads a key once, and again once it is older than it keeps", async () => {
    let now = 0;
    const queue = new PreloadQueue(4, () => now);
    const { ends, started, run } = held();
    expect(queue.add("code", run("code"))).toBe(true);
    expect(queue.add("code", run("code"))).toBe(false);
    expect(queue.add("data", run("data"), { keepMs: 1000 })).toBe(true);
    ends[0]!();
    ends[1]!();
    await settle();
    now = 999;
    expect(queue.add("data", run("data"), { keepMs: 1000 })).toBe(false);
    now = 1000;
    expect(queue.add("data", run("data"), { keepMs: 1000 })).toBe(true);
    expect(queue.add("code", run("code"))).toBe(false);
    expect(started).toEqual(["code", "data", "data"]);
  });

  it("goes on when a preload fails: the page is then fetched when it is opened", async () => {
    const queue = new PreloadQueue(1);
    const started: string[] = [];
    queue.add("broken", () => {
      started.push("broken");
      return Promise.reject(new Error("offline"));
    });
    queue.add("next", async () => {
      started.push("next");
    });
    await settle();
    await settle();
    expect(started).toEqual(["broken", "next"]);
    expect(queue.active).toBe(0);
  });
});
