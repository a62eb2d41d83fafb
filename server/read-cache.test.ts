import { describe, expect, it } from "vitest";
import { createReadCache } from "./read-cache.ts";

const counter = () => {
  let n = 0;
  return {
    read: async () => ++n,
    get count() {
      return n;
    },
  };
};

describe("read cache", () => {
  it("keeps what a read gave for the next requests of the same key", async () => {
    const cache = createReadCache({ ttlSeconds: 60 });
    const c = counter();
    expect(await cache.read("a", c.read)).toBe(1);
    expect(await cache.read("a", c.read)).toBe(1);
    expect(await cache.read("b", c.read)).toBe(2);
    expect(c.count).toBe(2);
  });

  it("runs one read for requests that miss the same key at the same time", async () => {
    const cache = createReadCache({ ttlSeconds: 60 });
    let reads = 0;
    let finish!: (v: string) => void;
    const slow = () => {
      reads++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([cache.read("k", slow), cache.read("k", slow)]);
    finish("done");
    expect(await both).toEqual(["done", "done"]);
    expect(reads).toBe(1);
  });

  it("does not keep a read that failed", async () => {
    const cache = createReadCache({ ttlSeconds: 60 });
    await expect(cache.read("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.read("k", async () => "up")).toBe("up");
  });

  it("forgets everything on clear, including a read that started before it", async () => {
    const cache = createReadCache({ ttlSeconds: 60 });
    const c = counter();
    await cache.read("a", c.read);
    cache.clear();
    expect(await cache.read("a", c.read)).toBe(2);

    let finish!: (v: string) => void;
    const started = cache.read("b", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish("before the change");
    expect(await started).toBe("before the change");
    expect(await cache.read("b", async () => "after the change")).toBe("after the change");
  });

  it("keeps nothing when the page cache is off", async () => {
    const cache = createReadCache({ ttlSeconds: 0 });
    const c = counter();
    await cache.read("a", c.read);
    expect(await cache.read("a", c.read)).toBe(2);
  });
});
