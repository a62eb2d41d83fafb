import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { blocks, users } from "#db/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

async function api(method: string, path: string, who: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

async function uploadPhoto(itemId: number, who: string) {
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "p.jpg");
  const res = await fetch(`${server.url}/api/v1/items/${itemId}/photos`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens[who]}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

const LISTING = {
  title: "Galaxy S23 ジャンク 水没",
  description: "水没後、電源は入りますが充電できません。",
  price: 8000,
  category_code: "05",
  brand_code: "00004",
  condition: "UNUSABLE",
  postage: "INCLUDED",
  shipping_method: "05",
  lead_time: "02",
  storage_gb: 256,
  carrier: "docomo",
  network_restriction: "○",
  activation_lock: "off",
  battery_health: 78,
  defects: ["water_damage", "charging_port_faulty"],
};

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db, server.ctx.secret);
  await seedDeviceModels(server.database.db);
  // The demo members have been through the seller setup, as the demo data has them.
  await server.database.db.update(users).set({ sellerSetupAt: new Date() }).where(eq(users.role, "member"));
  const ctx = server.ctx;
  for (const a of DEMO_ACCOUNTS) {
    const [u] = await server.database.db.select().from(users).where(eq(users.email, a.email));
    const key = a.email.split("@")[0]!;
    ids[key] = u!.id;
    tokens[key] = (await createSession(ctx, { userId: u!.id, kind: "api", persistent: true })).token;
  }
});
afterAll(async () => {
  await server?.close();
});

describe("listing through the API", () => {
  let itemId: number;

  it("creates a draft, refuses to publish it without a photo, then publishes it", async () => {
    const created = await api("POST", "/items", "hanako", LISTING);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      state: "DRAFT",
      title: LISTING.title,
      defects: LISTING.defects,
      storage_gb: 256,
    });
    itemId = created.json.id;
    const early = await api("POST", `/items/${itemId}/publish`, "hanako");
    expect(early.status).toBe(422);
    expect(early.json.error.fields.photos).toBe("商品画像を1枚以上登録してください");
    await uploadPhoto(itemId, "hanako");
    const published = await api("POST", `/items/${itemId}/publish`, "hanako");
    expect(published.json).toEqual({ state: "SALE" });
  });

  it("answers bad listing input with field messages and changes nothing", async () => {
    const bad = await api("PATCH", `/items/${itemId}`, "hanako", {
      ...LISTING,
      imei: "123456789012345",
      price: 20,
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields).toMatchObject({
      imei: "IMEIを正しく入力してください",
      price: "販売価格は50以上で入力してください",
    });
    const unchanged = await api("GET", `/items/${itemId}`, null);
    expect(unchanged.json.price).toBe(8000);
    const other = await api("PATCH", `/items/${itemId}`, "taro", LISTING);
    expect(other.status).toBe(403);
  });

  it("finds the listing by a 2-character Japanese keyword and by its defects", async () => {
    const byKeyword = await api("GET", `/items?keyword=${encodeURIComponent("水没")}`, null);
    expect(byKeyword.json.items.map((i: Json) => i.id)).toContain(itemId);
    // A link written with `?q=` (as most sites name it) searches the same, on the API and the page.
    const byQ = await api("GET", `/items?q=${encodeURIComponent("水没")}`, null);
    expect(byQ.json.items.map((i: Json) => i.id)).toEqual(byKeyword.json.items.map((i: Json) => i.id));
    const page = parse(
      await (await fetch(`${server.url}/ja/items/search/?q=${encodeURIComponent("水没")}`)).text(),
    );
    expect(page.querySelector("#search-keyword")?.getAttribute("value")).toBe("水没");
    expect(page.querySelector(`main a[href="/ja/items/${itemId}/"]`)).not.toBeNull();
    const withDefect = await api("GET", "/items?defects[]=water_damage&carrier[]=docomo", null);
    expect(withDefect.json.items.map((i: Json) => i.id)).toContain(itemId);
    const without = await api("GET", "/items?no_defects[]=water_damage", null);
    expect(without.json.items.map((i: Json) => i.id)).not.toContain(itemId);
  });

  it("keeps drafts to their seller", async () => {
    const draft = await api("POST", "/items", "hanako", { title: "下書き" });
    expect((await api("GET", `/items/${draft.json.id}`, "hanako")).status).toBe(200);
    expect((await api("GET", `/items/${draft.json.id}`, "taro")).status).toBe(404);
    expect((await api("GET", `/items/${draft.json.id}`, null)).status).toBe(404);
    expect((await api("GET", "/items/not-a-number", null)).status).toBe(404);
  });
});

describe("item pages", () => {
  let itemId: number;
  beforeAll(async () => {
    const created = await api("POST", "/items", "hanako", { ...LISTING, title: "iPhone 12 画面割れ" });
    itemId = created.json.id;
    await uploadPhoto(itemId, "hanako");
    await api("POST", `/items/${itemId}/publish`, "hanako");
  });

  it("carries Product and Offer structured data and an og:image", async () => {
    const res = await fetch(`${server.url}/ja/items/${itemId}/`);
    expect(res.status).toBe(200);
    const doc = parse(await res.text());
    expect(doc.querySelector("title")?.text).toBe("iPhone 12 画面割れ - Tsugu");
    const product = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .map((s) => JSON.parse(s.text))
      .find((j) => j["@type"] === "Product");
    expect(product).toMatchObject({
      name: "iPhone 12 画面割れ",
      brand: { "@type": "Brand", name: "Samsung" },
      itemCondition: "https://schema.org/DamagedCondition",
      offers: {
        "@type": "Offer",
        price: 8000,
        priceCurrency: "JPY",
        availability: "https://schema.org/InStock",
      },
    });
    expect(product.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+-large\.webp$/);
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute("content")).toBe(product.image[0]);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${server.url}/ja/items/${itemId}/`,
    );
  });

  it("shows the listing's facts and defects, and the recently viewed ones on the home page", async () => {
    const res = await fetch(`${server.url}/ja/items/${itemId}/`);
    // The browser keeps the recently viewed list, so the page is the same for every visitor.
    expect(res.headers.getSetCookie().filter((c) => c.startsWith("tsugu_recent="))).toEqual([]);
    const doc = parse(await res.text());
    expect(doc.querySelector('[data-testid="item-price"]')?.text).toBe("¥8,000");
    expect(doc.querySelector('[data-testid="item-defects"]')?.text).toContain("水没歴あり");
    const home = parse(
      await (await fetch(`${server.url}/ja/`, { headers: { cookie: `tsugu_recent=${itemId}` } })).text(),
    );
    expect(doc.querySelector("h1")?.text).toBe("iPhone 12 画面割れ");
    expect(home.querySelector('section[aria-labelledby="recent-title"] a')?.getAttribute("href")).toBe(
      `/ja/items/${itemId}/`,
    );
  });

  it("lets only the seller open the edit page", async () => {
    const as = (who: string | null) =>
      fetch(`${server.url}/ja/items/${itemId}/edit/`, {
        redirect: "manual",
        headers: who ? { cookie: `tsugu=${tokens[who]}` } : {},
      });
    expect((await as("hanako")).status).toBe(200);
    expect((await as("taro")).status).toBe(403);
    expect((await as(null)).status).toBe(302);
  });

  it("refuses a like and a comment from a member the seller blocked", async () => {
    await server.database.db.insert(blocks).values({ blockerId: ids.hanako!, blockedId: ids.taro! });
    try {
      const form = (intent: string, extra: Record<string, string> = {}) =>
        fetch(`${server.url}/ja/items/${itemId}/`, {
          method: "POST",
          redirect: "manual",
          headers: {
            cookie: `tsugu=${tokens.taro}`,
            "content-type": "application/x-www-form-urlencoded",
            origin: server.url,
          },
          body: new URLSearchParams({ intent, ...extra }),
        });
      const like = await form("like");
      expect(like.status).toBe(403);
      const comment = await form("comment", { body: "まだ買えますか？" });
      expect(comment.status).toBe(403);
      expect(await comment.text()).toContain("コメント・いいね！・購入・フォローができません");
      const page = parse(
        await (
          await fetch(`${server.url}/ja/items/${itemId}/`, { headers: { cookie: `tsugu=${tokens.taro}` } })
        ).text(),
      );
      expect(page.querySelector('[data-testid="like-button"]')?.hasAttribute("disabled")).toBe(true);
    } finally {
      await server.database.db.delete(blocks).where(eq(blocks.blockerId, ids.hanako!));
    }
  });

  it("serves brand pages and a 404 for an unknown brand", async () => {
    const brand = await fetch(`${server.url}/ja/items/brand/00004/`);
    expect(brand.status).toBe(200);
    const doc = parse(await brand.text());
    expect(doc.querySelector("h1")?.text).toBe("サムスンの商品");
    expect(doc.querySelectorAll('[data-testid="item-tile"]').length).toBeGreaterThan(0);
    // The listings come first; the price table, when there is one, after them and without rows of dashes.
    const html = doc.toString();
    const table = html.indexOf('data-testid="brand-market"');
    if (table >= 0) expect(table).toBeGreaterThan(html.indexOf('data-testid="item-tile"'));
    for (const row of doc.querySelectorAll('[data-testid="brand-market-row"]')) {
      expect(row.text).not.toContain("—");
    }
    expect((await fetch(`${server.url}/ja/items/brand/99999/`)).status).toBe(404);
  });
});
