import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { items } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
let itemId: number;
let sellerToken: string;
let sellerApiToken: string;

const titleOf = async (path: string, cookie?: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return parse(await res.text()).querySelector("h1")?.text;
};

/** Renames the listing behind the server's back, as another server sharing the database would. */
const renameDirectly = (title: string) =>
  server.database.db.update(items).set({ title }).where(eq(items.id, itemId));

beforeAll(async () => {
  server = await startTestServer({ pageCacheSeconds: 60 });
  await seedDeviceModels(server.database.db);
  const seller = await makeMember(server.ctx);
  itemId = await listItem(server.ctx, seller, { title: "キャッシュ確認用 iPhone 12" });
  sellerToken = (await createSession(server.ctx, { userId: seller.id, kind: "web", persistent: false }))
    .token;
  sellerApiToken = (await createSession(server.ctx, { userId: seller.id, kind: "api", persistent: true }))
    .token;
});
afterAll(async () => {
  await server?.close();
});

describe("page cache for visitors who are not logged in", () => {
  it("serves an item page from the cache to visitors, and fresh to members", async () => {
    const path = `/ja/items/${itemId}/`;
    expect(await titleOf(path)).toBe("キャッシュ確認用 iPhone 12");
    await renameDirectly("キャッシュ確認用 iPhone 12 改");
    expect(await titleOf(path)).toBe("キャッシュ確認用 iPhone 12");
    expect(await titleOf(path, `tsugu=${sellerToken}`)).toBe("キャッシュ確認用 iPhone 12 改");
  });

  it("empties the cache after a change made through this server", async () => {
    const path = `/ja/items/${itemId}/`;
    await titleOf(path);
    await renameDirectly("キャッシュ確認用 iPhone 12 再");
    const res = await fetch(`${server.url}/api/v1/items/${itemId}/private`, {
      method: "POST",
      headers: { authorization: `Bearer ${sellerApiToken}` },
    });
    expect(res.status).toBe(200);
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    await server.database.db.update(items).set({ state: "SALE" }).where(eq(items.id, itemId));
  });

  it("keeps search pages apart by their query, and never keeps other pages", async () => {
    const search = (q: string) => fetch(`${server.url}/ja/items/search/?keyword=${encodeURIComponent(q)}`);
    const before = await (await search("キャッシュ確認用")).text();
    expect(before).toContain(`/ja/items/${itemId}/`);
    expect(await (await search("該当なしの言葉")).text()).not.toContain(`/ja/items/${itemId}/`);
    // The home page is never kept whole: it shows each visitor the listings they viewed last.
    await renameDirectly("ホーム確認用の名前");
    expect(await (await fetch(`${server.url}/ja/`)).text()).toContain("ホーム確認用の名前");
  });
});

describe("data members' pages share", () => {
  it("keeps a search's results between members' requests, and reads them anew after a change", async () => {
    const search = async () =>
      (
        await fetch(`${server.url}/ja/items/search/?keyword=${encodeURIComponent("キャッシュ確認用")}`, {
          headers: { cookie: `tsugu=${sellerToken}` },
        })
      ).text();
    const makePrivate = async () => {
      const res = await fetch(`${server.url}/api/v1/items/${itemId}/private`, {
        method: "POST",
        headers: { authorization: `Bearer ${sellerApiToken}` },
      });
      expect(res.status).toBe(200);
    };
    // A change through this server empties what earlier tests kept.
    await makePrivate();
    await server.database.db.update(items).set({ state: "SALE" }).where(eq(items.id, itemId));
    await renameDirectly("キャッシュ確認用 共有前");
    expect(await search()).toContain("キャッシュ確認用 共有前");
    await renameDirectly("キャッシュ確認用 共有後");
    expect(await search()).not.toContain("キャッシュ確認用 共有後");
    // The member's own page around the results is fresh: the listing's own page shows the new name.
    expect(await titleOf(`/ja/items/${itemId}/`, `tsugu=${sellerToken}`)).toBe("キャッシュ確認用 共有後");
    await makePrivate();
    expect(await search()).not.toContain(`/ja/items/${itemId}/`);
    await server.database.db.update(items).set({ state: "SALE" }).where(eq(items.id, itemId));
  });
});
