import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * A page's data fetched ahead is handed to the first request for it, once, within 30 s; a write
 * drops it. The browser's `window` is stood in for by its fetch and its address.
 */
const sent: { url: string; purpose: string | null }[] = [];
let answer = 0;
const network = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  sent.push({ url, purpose: new Headers(init?.headers).get("purpose") });
  answer += 1;
  // A page that needs a member answers the sign-in page instead (as a redirect followed would).
  if (url.includes("members-only"))
    return new Response("<!DOCTYPE html>", { headers: { "content-type": "text/html" } });
  return new Response(`answer ${answer}`, {
    status: url.includes("gone") ? 404 : 200,
    headers: { "content-type": "text/x-script" },
  });
});

type Module = typeof import("./data-ahead.ts");
let ahead: Module;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.stubGlobal("window", { fetch: network, location: new URL("https://tsugu.test/ja/items/search/") });
  ahead = await import("./data-ahead.ts");
  ahead.keepDataAhead();
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const read = async (url: string, init?: RequestInit) => (await window.fetch(url, init)).text();

describe("a page's data fetched ahead", () => {
  it("is read from where React Router reads a page's data", () => {
    expect(ahead.dataUrl("/ja/items/12/", "https://tsugu.test/").href).toBe(
      "https://tsugu.test/ja/items/12/_.data",
    );
    expect(ahead.dataUrl("/ja/items/search/?keyword=iPhone", "https://tsugu.test/").href).toBe(
      "https://tsugu.test/ja/items/search/_.data?keyword=iPhone",
    );
    expect(ahead.dataUrl("/articles/abc", "https://tsugu.test/").href).toBe(
      "https://tsugu.test/articles/abc.data",
    );
  });

  it("is asked for once, marked as fetched ahead, and handed to the first request for that page only", async () => {
    sent.length = 0;
    await ahead.fetchDataAhead("/ja/items/12/");
    expect(sent).toEqual([{ url: "https://tsugu.test/ja/items/12/_.data", purpose: "prefetch" }]);
    // React Router may name the routes it wants: the same page's data.
    expect(await read("/ja/items/12/_.data?_routes=root,routes/items/detail")).toBe(`answer ${answer}`);
    expect(sent).toHaveLength(1);
    // The next request for it (a revalidation after a form) goes to the server.
    await read("/ja/items/12/_.data");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.purpose).toBeNull();
  });

  it("is not kept past 30 seconds", async () => {
    sent.length = 0;
    await ahead.fetchDataAhead("/ja/items/13/");
    vi.setSystemTime(Date.now() + ahead.KEPT_FOR_MS);
    await read("/ja/items/13/_.data");
    expect(sent).toHaveLength(2);
  });

  it("is dropped by any write, which may have changed it", async () => {
    sent.length = 0;
    await ahead.fetchDataAhead("/ja/items/14/");
    await read("/ja/items/14/like", { method: "POST" });
    await read("/ja/items/14/_.data");
    expect(sent.map((s) => new URL(s.url, "https://tsugu.test/").pathname)).toEqual([
      "/ja/items/14/_.data",
      "/ja/items/14/like",
      "/ja/items/14/_.data",
    ]);
  });

  it("keeps no answer but a plain one: a page gone is asked for again when opened", async () => {
    sent.length = 0;
    await ahead.fetchDataAhead("/ja/items/gone/");
    await read("/ja/items/gone/_.data");
    expect(sent).toHaveLength(2);
  });

  it("keeps nothing but the page's data: a page written instead is asked for again when opened", async () => {
    sent.length = 0;
    await ahead.fetchDataAhead("/ja/members-only/");
    await read("/ja/members-only/_.data");
    expect(sent).toHaveLength(2);
  });

  it("leaves other requests alone", async () => {
    sent.length = 0;
    await ahead.fetchDataAhead("/ja/items/15/");
    const kept = `answer ${answer}`;
    await read("/api/v1/items/15");
    await read("https://elsewhere.test/ja/items/15/_.data");
    expect(sent).toHaveLength(3);
    expect(await read("/ja/items/15/_.data")).toBe(kept);
  });
});
