import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  type BuybackAddress,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackItems,
  buybackSpots,
  deviceModels,
} from "#db/schema/index.ts";
import { seedDemoBuybackSpots } from "#db/seed/buyback-spots.ts";
import { seedDemoMedia } from "#db/seed/demo-media.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, signIn, signInOperator } from "../helpers/web.ts";

/**
 * The public buyback pages, their API and the back office's drop-off spots, as a visitor, a
 * search engine and an operator see them, on data arranged directly in the database.
 */
let server: TestServer;
const ids = { iphone: 0, pixel: 0, galaxy: 0, ipad: 0 };
const results = { older: 0, newer: 0, offered: 0 };

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", ...init });
const page = (path: string, cookie = "") => getPage(server, path, cookie);
const signInMember = async (member: Parameters<typeof signIn>[1]) => (await signIn(server, member)).cookie;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;
const api = async (path: string, lang = "ja") => {
  const res = await get(`/api/v1${path}`, { headers: { "accept-language": lang } });
  return { status: res.status, body: (await res.json()) as Json };
};

function post(url: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

const ADDRESS: BuybackAddress = {
  familyName: "秘密",
  givenName: "花子",
  familyNameKana: "ヒミツ",
  givenNameKana: "ハナコ",
  postalCode: "1500001",
  prefectureCode: "13",
  city: "渋谷区",
  street: "神宮前1-2-3",
  building: "",
  phone: "09011112222",
};

/** 2026-11-20 10:30 in Tokyo. */
const PRICED_AT = new Date("2026-11-20T01:30:00Z");

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  await seedDeviceModels(db);
  await seedDemoBuybackSpots(db);
  await seedDemoMedia(db);
  const models = await db.select({ id: deviceModels.id, name: deviceModels.name }).from(deviceModels);
  const id = (name: string) => models.find((m) => m.name === name)!.id;
  ids.iphone = id("iPhone 13");
  ids.pixel = id("Pixel 7");
  ids.galaxy = id("Galaxy S21");
  ids.ipad = id("iPad (第9世代)");
  const [a, b] = await db
    .insert(buybackCompanies)
    .values([{ name: "秘密のバイヤー株式会社" }, { name: "買取B株式会社" }])
    .returning({ id: buybackCompanies.id });
  const bid = (o: Partial<typeof buybackBids.$inferInsert> & { modelId: number; price: number }) => ({
    companyId: a!.id,
    grade: "A" as const,
    ngCondition: "none" as const,
    enabled: true,
    priceSetAt: PRICED_AT,
    updatedAt: PRICED_AT,
    ...o,
  });
  await db
    .insert(buybackBids)
    .values([
      bid({ modelId: ids.iphone, price: 52_000 }),
      bid({ companyId: b!.id, modelId: ids.iphone, price: 55_000 }),
      bid({ modelId: ids.iphone, grade: "J", ngCondition: "screen", price: 18_000 }),
      bid({ modelId: ids.iphone, grade: "S", price: 99_000, enabled: false }),
      bid({ modelId: ids.pixel, grade: "B", price: 21_000 }),
      bid({ modelId: ids.ipad, grade: "C", ngCondition: "battery", price: 9_000 }),
    ]);
  const member = await makeMember(server.ctx, { nickname: "ひみつのはなこ" });
  const [app] = await db
    .insert(buybackApplications)
    .values({ userId: member.id, shippingMethod: "kit", address: ADDRESS, requestKey: "public-results" })
    .returning();
  const item = async (o: Partial<typeof buybackItems.$inferInsert>) => {
    const [row] = await db
      .insert(buybackItems)
      .values({
        applicationId: app!.id,
        userId: member.id,
        modelId: ids.iphone,
        state: "50",
        grade: "B",
        imei: "356789012345678",
        offerCompanyId: a!.id,
        ...o,
      })
      .returning({ id: buybackItems.id });
    return row!.id;
  };
  results.older = await item({
    grade: "J",
    ngConditions: ["screen", "battery"],
    storageGb: 128,
    offerBid: 18_000,
    offerDeductions: [{ code: "extra_defect:battery", amount: 1_800 }],
    offerAmount: 16_200,
    decidedAt: new Date("2026-11-01T03:00:00Z"),
  });
  results.newer = await item({
    grade: "A",
    offerBid: 55_000,
    offerDeductions: [],
    offerAmount: 55_000,
    decidedAt: new Date("2026-11-10T03:00:00Z"),
  });
  results.offered = await item({ state: "40", grade: "A", offerAmount: 55_000 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("the buyback home", () => {
  it("explains the service in both languages, with the steps, the FAQ and the way to apply", async () => {
    const ja = await page("/ja/buyback/");
    expect(ja.status).toBe(200);
    expect(ja.doc.querySelector("title")?.text).toBe("Tsugu 買取 - Tsugu");
    expect(ja.doc.querySelector("h1")?.text).toBe("Tsugu 買取");
    expect(ja.doc.text).toContain("7日間、ゆっくり検討");
    expect(ja.doc.text).toContain("買取額の合計が¥10,000以上");
    expect(ja.doc.querySelectorAll("details").length).toBeGreaterThanOrEqual(8);
    expect(ja.doc.querySelector('a[href="/ja/buyback/application/"]')).not.toBeNull();
    for (const path of ["items/", "results/", "spots/", "shop/"]) {
      expect(ja.doc.querySelector(`a[href="/ja/buyback/${path}"]`), path).not.toBeNull();
    }
    const en = await page("/en/buyback/");
    expect(en.doc.querySelector("html")?.getAttribute("lang")).toBe("en");
    expect(en.doc.querySelector("title")?.text).toBe("Tsugu Buyback - Tsugu");
    expect(en.doc.text).toContain("Silence never counts as accepting");
  });

  it("quotes a model: categories and models with prices only, then the model's prices by grade", async () => {
    const empty = await page("/ja/buyback/");
    const categories = empty.doc.querySelectorAll('select[name="category"] option').map((o) => o.text);
    expect(categories).toEqual(["選択してください", "スマートフォン", "パソコン・タブレット"]);
    expect(empty.doc.querySelector('select[name="model"]')?.hasAttribute("disabled")).toBe(true);

    const chosen = await page("/ja/buyback/?category=05");
    const models = chosen.doc.querySelectorAll('select[name="model"] option').map((o) => o.text);
    expect(models).toEqual(["選択してください", "iPhone 13", "Pixel 7"]);
    expect(chosen.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe(
      "noindex, nofollow",
    );

    const quote = await page(`/ja/buyback/?category=05&model=${ids.iphone}`);
    const result = quote.doc.querySelector('[data-testid="quote-result"]');
    expect(result?.text).toContain("iPhone 13のいまの買取価格");
    expect(result?.text).toContain("¥55,000");
    expect(result?.text).toContain("2026/11/20 10:30更新");
    expect(result?.text).not.toContain("99,000");
    expect(result?.querySelector(`a[href="/ja/buyback/items/05/${ids.iphone}/"]`)).not.toBeNull();

    // A model of another category, an unknown one or garbage: no quote, never an error.
    for (const search of [
      `?category=06&model=${ids.iphone}`,
      "?category=05&model=x",
      "?category=zz&model=1",
    ]) {
      const res = await page(`/ja/buyback/${search}`);
      expect(res.status, search).toBe(200);
      expect(res.doc.querySelector('[data-testid="quote-result"]'), search).toBeNull();
    }
  });
});

describe("prices", () => {
  it("lists every category with how many models have prices", async () => {
    const { doc } = await page("/ja/buyback/items/");
    const rows = doc.querySelectorAll('[data-testid="price-categories"] a').map((a) => a.text);
    expect(rows[0]).toContain("スマートフォン");
    expect(rows[0]).toContain("2機種の買取価格");
    expect(rows[1]).toContain("1機種の買取価格");
    expect(rows[2]).toContain("いま買取価格のある機種はありません");
    const en = await page("/en/buyback/items/");
    expect(en.doc.text).toContain("2 models with prices");
    expect(en.doc.text).toContain("1 model with prices");
  });

  it("shows a category's models with their top price and when it changed, then the ones without", async () => {
    const { status, doc } = await page("/ja/buyback/items/05/");
    expect(status).toBe(200);
    expect(doc.querySelector("h1")?.text).toBe("スマートフォンの買取価格");
    const priced = doc.querySelectorAll('[data-testid="priced-models"] a');
    expect(priced.map((a) => a.getAttribute("href"))).toEqual([
      `/ja/buyback/items/05/${ids.iphone}/`,
      `/ja/buyback/items/05/${ids.pixel}/`,
    ]);
    expect(priced[0]?.text).toContain("最大 ¥55,000");
    expect(priced[0]?.text).toContain("2026/11/20 10:30更新");
    const others = doc.querySelectorAll('[data-testid="unpriced-models"] a').map((a) => a.text);
    expect(others).toContain("Galaxy S21");
    expect(others).not.toContain("iPhone 13");
    const en = await page("/en/buyback/items/05/");
    expect(en.doc.querySelector("h1")?.text).toBe("Buyback prices: Smartphones");
    expect(en.doc.text).toContain("Up to ¥55,000");
  });

  it("shows a model's best live bid per grade and defect, and no price where nobody bids", async () => {
    const { status, doc } = await page(`/ja/buyback/items/05/${ids.iphone}/`);
    expect(status).toBe(200);
    expect(doc.querySelector("title")?.text).toBe("iPhone 13の買取価格 - Tsugu");
    expect(doc.querySelector('[data-testid="top-price"]')?.text).toContain("¥55,000");
    expect(doc.querySelector('[data-testid="top-price"]')?.text).toContain("最終更新：2026/11/20 10:30");
    const none = doc.querySelector('[data-testid="prices-none"]')!;
    expect(none.querySelector('[data-testid="price-A"]')?.text).toContain("¥55,000");
    // The disabled ¥99,000 bid is no price.
    expect(none.querySelector('[data-testid="price-S"]')?.text).toContain("価格なし");
    const screen = doc.querySelector('[data-testid="prices-screen"]')!;
    expect(screen.querySelector('[data-testid="price-J"]')?.text).toContain("¥18,000");
    expect(screen.querySelector('[data-testid="price-A"]')?.text).toContain("価格なし");
    expect(doc.querySelector('[data-testid="prices-camera"]')?.text).toContain("価格なし");
    expect(doc.text).not.toContain("99,000");
    expect(doc.text).not.toContain("秘密のバイヤー");
    expect(doc.text).toContain("S（未使用品）");
    expect(doc.text).toContain("基準額の10%");

    const unpriced = await page(`/ja/buyback/items/05/${ids.galaxy}/`);
    expect(unpriced.status).toBe(200);
    expect(unpriced.doc.querySelector('[data-testid="no-price"]')?.text).toContain(
      "この機種には、いま買取価格がありません",
    );
    expect(unpriced.doc.text).not.toMatch(/¥\d/);

    const en = await page(`/en/buyback/items/05/${ids.iphone}/`);
    expect(en.doc.querySelector("title")?.text).toBe("Buyback prices: iPhone 13 - Tsugu");
    expect(en.doc.text).toContain("Last updated: Nov 20, 2026, 10:30 AM");
  });

  it("answers 404 for an unknown category or model, and a model under another category", async () => {
    for (const path of [
      "/ja/buyback/items/04/",
      "/ja/buyback/items/abc/",
      `/ja/buyback/items/06/${ids.iphone}/`,
      "/ja/buyback/items/05/99999999/",
      "/ja/buyback/items/05/abc/",
      `/en/buyback/items/5/${ids.iphone}/`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe("completed buybacks", () => {
  it("lists them newest first with model, grade, price and date, and nothing about the people", async () => {
    const { doc, html } = await page("/ja/buyback/results/");
    const rows = doc.querySelectorAll('[data-testid="results"] a');
    expect(rows.map((a) => a.getAttribute("href"))).toEqual([
      `/ja/buyback/results/${results.newer}/`,
      `/ja/buyback/results/${results.older}/`,
    ]);
    expect(rows[0]?.text).toContain("iPhone 13");
    expect(rows[0]?.text).toContain("A（美品）");
    expect(rows[0]?.text).toContain("¥55,000");
    expect(rows[0]?.text).toContain("2026/11/10成立");
    for (const secret of ["ひみつのはなこ", "秘密", "356789012345678", "秘密のバイヤー"]) {
      expect(html).not.toContain(secret);
    }
    expect((await get("/ja/buyback/results/?before=garbage")).status).toBe(404);
    expect((await page("/en/buyback/results/")).doc.querySelector("h1")?.text).toBe("Completed buybacks");
  });

  it("shows one completed buyback with how its price was made; anything not bought is a 404", async () => {
    const { status, doc, html } = await page(`/ja/buyback/results/${results.older}/`);
    expect(status).toBe(200);
    const price = doc.querySelector('[data-testid="result-price"]')?.text ?? "";
    expect(price).toContain("¥18,000");
    expect(price).toContain("減額：ほかの不具合（バッテリー劣化（最大容量80%未満））");
    expect(price).toContain("¥16,200");
    expect(doc.text).toContain("画面割れ・表示不良、バッテリー劣化（最大容量80%未満）");
    expect(doc.text).toContain("128GB");
    expect(doc.querySelector(`a[href="/ja/buyback/items/05/${ids.iphone}/"]`)).not.toBeNull();
    expect(html).not.toContain("秘密");
    const en = await page(`/en/buyback/results/${results.older}/`);
    expect(en.doc.text).toContain("Deduction: Further defect (Worn battery (below 80% capacity))");
    for (const id of [results.offered, 99999999]) {
      expect((await get(`/ja/buyback/results/${id}/`)).status, String(id)).toBe(404);
    }
    expect((await get("/ja/buyback/results/abc/")).status).toBe(404);
  });
});

describe("shops and spots", () => {
  it("tells businesses what they get and how to join, with the buyer login", async () => {
    const { doc } = await page("/ja/buyback/shop/");
    expect(doc.querySelector("title")?.text).toBe("法人・ショップの方へ - Tsugu");
    expect(doc.querySelector('a[href="/ja/buyback/login/"]')).not.toBeNull();
    expect(doc.text).toContain("手数料10%");
    expect(doc.querySelector('[data-testid="diagnostics"]')?.text).toContain("ネットワーク利用制限");
    expect((await page("/en/buyback/shop/")).doc.text).toContain("The highest bid wins");
  });

  it("lists the open spots by prefecture with the address written the Japanese way", async () => {
    const { doc } = await page("/ja/buyback/spots/");
    const headings = doc.querySelectorAll("section[data-testid^='prefecture-'] h2").map((h) => h.text);
    expect(headings[0]).toContain("北海道");
    expect(headings.at(-1)).toContain("福岡県");
    const tokyo = doc.querySelector('[data-testid="prefecture-13"]')!;
    expect(tokyo.querySelectorAll('[data-testid="spot"]')).toHaveLength(2);
    expect(tokyo.text).toContain("〒101-0021");
    expect(tokyo.text).toContain("東京都千代田区外神田3-15-8");
    expect(tokyo.querySelector('a[href="tel:0364550124"]')).not.toBeNull();
    const en = await page("/en/buyback/spots/");
    expect(en.doc.querySelector('[data-testid="prefecture-13"] h2')?.text).toContain("Tokyo");
    expect(en.doc.text).toContain("東京都千代田区外神田3-15-8");
  });

  it("lets operators with buyback:manage keep the spots, refusing bad input and other roles", async () => {
    const admin = await signInOperator(server, ["admin"]);
    const grader = await signInOperator(server, ["grader"]);
    expect((await page("/ja/staff/buyback/spots/", grader.cookie)).status).toBe(403);
    const list = await page("/ja/staff/buyback/spots/", admin.cookie);
    expect(list.status).toBe(200);
    expect(list.doc.text).toContain("Tsugu 買取カウンター 秋葉原");

    const spot = {
      name: "Tsugu 買取カウンター 横浜",
      postalCode: "220-0005",
      prefectureCode: "14",
      address: "横浜市西区南幸2-1-1",
      hours: "10:00〜19:00",
      closedDays: "水曜日",
      phone: "045-123-4567",
      note: "",
      position: "1",
      intent: "save",
    };
    const before = await server.database.db.select().from(buybackSpots);
    const bad = await post("/ja/staff/buyback/spots/", admin.cookie, {
      ...spot,
      postalCode: "22-5",
      name: "",
    });
    expect(bad.status).toBe(422);
    const badDoc = (await import("node-html-parser")).parse(await bad.text());
    expect(badDoc.querySelector('[data-testid="error-postalCode"]')?.text).toBe(
      "7桁の数字で入力してください",
    );
    expect(badDoc.querySelector('[data-testid="error-name"]')?.text).toBe("拠点名を入力してください");
    expect(badDoc.querySelector('input[name="address"]')?.getAttribute("value")).toBe(spot.address);
    expect(await server.database.db.select().from(buybackSpots)).toEqual(before);
    expect((await post("/ja/staff/buyback/spots/", grader.cookie, spot)).status).toBe(403);

    const added = await post("/ja/staff/buyback/spots/", admin.cookie, spot);
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/ja/staff/buyback/spots/?done=saved");
    const [row] = await server.database.db
      .select()
      .from(buybackSpots)
      .where(eq(buybackSpots.name, spot.name));
    expect(row).toMatchObject({ postalCode: "2200005", prefectureCode: "14", active: true });
    expect(
      (await page("/ja/buyback/spots/")).doc.querySelector('[data-testid="prefecture-14"]')?.text,
    ).toContain("〒220-0005");

    const editPage = await page(`/ja/staff/buyback/spots/?edit=${row!.id}`, admin.cookie);
    expect(editPage.doc.querySelector('input[name="name"]')?.getAttribute("value")).toBe(spot.name);
    expect((await page("/ja/staff/buyback/spots/?edit=99999999", admin.cookie)).status).toBe(404);
    await post(`/ja/staff/buyback/spots/?edit=${row!.id}`, admin.cookie, {
      ...spot,
      id: String(row!.id),
      closedDays: "水曜日・年末年始",
    });
    const closed = await post("/ja/staff/buyback/spots/", admin.cookie, {
      id: String(row!.id),
      intent: "close",
    });
    expect(closed.headers.get("location")).toBe("/ja/staff/buyback/spots/?done=closed");
    expect((await page("/ja/buyback/spots/")).doc.querySelector('[data-testid="prefecture-14"]')).toBeNull();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "buyback_spot"), eq(auditLog.targetId, String(row!.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ["buyback:spot-create", admin.id],
      ["buyback:spot-update", admin.id],
      ["buyback:spot-close", admin.id],
    ]);
    expect(
      (await post("/ja/staff/buyback/spots/", admin.cookie, { id: "99999999", intent: "open" })).status,
    ).toBe(404);
  });
});

describe("links and the sitemap", () => {
  it("lists the buyback pages, priced categories and models, and completed buybacks in the buyback sitemap", async () => {
    const index = await (await get("/sitemap.xml")).text();
    expect(index).toContain(`${server.url}/sitemaps/buyback.xml`);
    const res = await get("/sitemaps/buyback.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    const listed = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)</g)].map((m) => [
      new URL(m[1]!).pathname,
      m[2],
    ]);
    const paths = listed.map(([p]) => p);
    for (const path of [
      "/ja/buyback/",
      "/ja/buyback/items/",
      "/ja/buyback/items/05/",
      "/ja/buyback/items/06/",
      `/ja/buyback/items/05/${ids.iphone}/`,
      `/ja/buyback/items/05/${ids.pixel}/`,
      `/ja/buyback/items/06/${ids.ipad}/`,
      "/ja/buyback/results/",
      `/ja/buyback/results/${results.newer}/`,
      `/ja/buyback/results/${results.older}/`,
      "/ja/buyback/shop/",
      "/ja/buyback/spots/",
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths).not.toContain(`/ja/buyback/items/05/${ids.galaxy}/`);
    expect(paths).not.toContain("/ja/buyback/items/07/");
    expect(paths).not.toContain(`/ja/buyback/results/${results.offered}/`);
    expect(paths.some((p) => p?.startsWith("/en/"))).toBe(false);
    expect(listed.find(([p]) => p === `/ja/buyback/items/05/${ids.iphone}/`)?.[1]).toBe(
      PRICED_AT.toISOString(),
    );
    expect(listed.find(([p]) => p === `/ja/buyback/results/${results.older}/`)?.[1]).toBe(
      "2026-11-01T03:00:00.000Z",
    );
  });

  it("links the IMEI checker's model to its buyback prices, and the about page to the buyback home", async () => {
    // 99000101 is iPhone 13's demo TAC; 990001011234564 carries the right check digit.
    const imei = await page("/ja/imei-checker/?imei=990001011234564");
    const link = imei.doc.querySelector('[data-testid="buyback-price-link"]');
    expect(link?.getAttribute("href")).toBe(`/ja/buyback/items/05/${ids.iphone}/`);
    expect(link?.text).toContain("最大 ¥55,000");
    const about = await page("/en/about/");
    const links = (doc: typeof about.doc, href: string) =>
      doc.querySelectorAll(`a[href="${href}"]`).map((a) => a.text);
    expect(links(about.doc, "/en/buyback/")).toContain("See details");
    expect(links((await page("/ja/about/")).doc, "/ja/buyback/")).toContain("詳しく見る");
  });
});

describe("the way in from the rest of the site", () => {
  it("links the buyback from the header, the footer and the home in both languages", async () => {
    for (const lang of ["ja", "en"]) {
      const home = await page(`/${lang}/`);
      for (const id of ["header-buyback", "footer-buyback", "home-buyback-link"]) {
        expect(home.doc.querySelector(`[data-testid="${id}"]`)?.getAttribute("href"), id).toBe(
          `/${lang}/buyback/`,
        );
      }
    }
    const member = await makeMember(server.ctx, { nickname: "バナーを見る人" });
    const signedIn = await page("/ja/", await signInMember(member));
    expect(signedIn.doc.querySelector('[data-testid="home-quote"]')).toBeNull();
    const banner = signedIn.doc.querySelector('[data-testid="home-buyback-link"]');
    expect(banner?.getAttribute("href")).toBe("/ja/buyback/");
    expect(banner?.text).toContain("使わなくなったスマホを買取に出す");
  });

  it("sends the IMEI checker's device, an article's reader and the sell form to the buyback", async () => {
    const imei = await page("/ja/imei-checker/?imei=990001011234564");
    const sell = imei.doc.querySelector('[data-testid="imei-buyback-link"]');
    expect(sell?.getAttribute("href")).toBe(`/ja/buyback/application/?model=${ids.iphone}`);
    expect(sell?.text).toBe("この端末を買取に出す");
    const imeiEn = await page("/en/imei-checker/?imei=990001011234564");
    expect(imeiEn.doc.querySelector('[data-testid="imei-buyback-link"]')?.text).toBe(
      "Send this device in for buyback",
    );
    const article = await page("/articles/1r4a73tut/");
    const cta = article.doc.querySelector('[data-testid="article-buyback-cta"]');
    expect(cta?.querySelector("h2")?.text).toBe("使わなくなったスマホ、買取に出しませんか");
    expect(cta?.querySelector("a")?.getAttribute("href")).toBe("/ja/buyback/");
    // News is about the service itself: no call to sell.
    expect(
      (await page("/news/media-launch/")).doc.querySelector('[data-testid="article-buyback-cta"]'),
    ).toBeNull();
    const member = await makeMember(server.ctx, { nickname: "出品する人" });
    const sellPage = await page("/ja/sell/", await signInMember(member));
    const link = sellPage.doc.querySelector('[data-testid="sell-buyback-link"]');
    expect(link?.getAttribute("href")).toBe("/ja/buyback/");
    expect(link?.text).toBe("売らずに買取に出す");
  });
});

describe("the home's instant quote (without JavaScript)", () => {
  const options = (doc: Awaited<ReturnType<typeof page>>["doc"], id: string) =>
    doc.querySelectorAll(`#${id} option`).map((o) => o.text);

  it("offers the models with a price now and the conditions, in a GET form to the home", async () => {
    const home = await page("/ja/");
    const form = home.doc.querySelector('[data-testid="quote-form"]');
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/ja/");
    const models = options(home.doc, "quote-model");
    expect(models).toEqual(expect.arrayContaining(["iPhone 13", "Pixel 7", "iPad (第9世代)"]));
    expect(models).not.toContain("Galaxy S21");
    expect(options(home.doc, "quote-condition")).toContain("画面が割れている・表示がおかしい");
    expect(options((await page("/en/")).doc, "quote-condition")).toContain("Does not turn on");
  });

  it("answers the range of the public prices and leads to the application with both filled in", async () => {
    const quote = await page(`/ja/?model=${ids.iphone}&condition=like_new`);
    expect(quote.status).toBe(200);
    const result = quote.doc.querySelector('[data-testid="quote-result"]');
    expect(result?.querySelector("h3")?.text).toBe("iPhone 13（目立つ傷や汚れがない）の買取価格の目安");
    // The better of two buyers' bids, as the model's price page shows it; never the other one.
    expect(result?.querySelector('[data-testid="quote-range"]')?.text).toBe("¥55,000");
    expect(quote.html).not.toContain("¥52,000");
    expect(result?.querySelector('[data-testid="quote-apply"]')?.getAttribute("href")).toBe(
      `/ja/buyback/application/?model=${ids.iphone}&condition=like_new`,
    );
    expect(quote.doc.querySelector("#quote-model option[selected]")?.text).toBe("iPhone 13");
    expect(quote.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
    const en = await page(`/en/?model=${ids.iphone}&condition=screen`);
    expect(en.doc.querySelector('[data-testid="quote-range"]')?.text).toBe("¥18,000");
    expect(en.doc.querySelector('[data-testid="quote-result"] h3')?.text).toBe(
      "Price guide for iPhone 13 (Cracked screen or display fault)",
    );
  });

  it("says so when nobody bids on that condition, and still offers the application", async () => {
    const none = await page(`/ja/?model=${ids.iphone}&condition=used`);
    expect(none.doc.querySelector('[data-testid="quote-range"]')).toBeNull();
    expect(none.doc.querySelector('[data-testid="quote-none"]')?.text).toContain(
      "この機種・状態への入札は、いまはありません",
    );
    expect(none.doc.querySelector('[data-testid="quote-apply"]')?.getAttribute("href")).toBe(
      `/ja/buyback/application/?model=${ids.iphone}&condition=used`,
    );
  });

  it("asks for what is missing or unknown in the page's language, keeping the rest", async () => {
    const noModel = await page("/ja/?model=&condition=no_power");
    expect(noModel.status).toBe(200);
    expect(noModel.doc.querySelector("#quote-model-error")?.text).toContain("機種を選択してください");
    expect(noModel.doc.querySelector("#quote-condition option[selected]")?.getAttribute("value")).toBe(
      "no_power",
    );
    expect(noModel.doc.querySelector('[data-testid="quote-result"]')).toBeNull();
    const wrong = await page(`/en/?model=${ids.galaxy}&condition=shiny`);
    expect(wrong.status).toBe(200);
    expect(wrong.doc.querySelector("#quote-model-error")?.text).toContain("Choose a model");
    expect(wrong.doc.querySelector("#quote-condition-error")?.text).toContain("Choose the condition");
    const huge = await page("/ja/?model=99999999999999999999&condition=%E2%80%8B");
    expect(huge.status).toBe(200);
    expect(huge.doc.querySelector("#quote-condition-error")?.text).toContain("端末の状態を選択してください");
  });
});

describe("the public buyback API", () => {
  it("answers categories, models with prices, a model's prices and the spots", async () => {
    const categories = await api("/buyback/categories", "en");
    expect(categories.status).toBe(200);
    expect(categories.body.categories.slice(0, 2)).toEqual([
      { code: "05", name: "Smartphones", priced_models: 2 },
      { code: "06", name: "PCs & tablets", priced_models: 1 },
    ]);
    const models = await api("/buyback/models?category=05");
    expect(models.body.models.map((m: { name: string; top_price: number }) => [m.name, m.top_price])).toEqual(
      [
        ["iPhone 13", 55_000],
        ["Pixel 7", 21_000],
      ],
    );
    expect(models.body.models[0]).toMatchObject({ brand_name: "Apple", updated_at: PRICED_AT.toISOString() });
    expect((await api("/buyback/models")).body.models).toHaveLength(3);
    const prices = await api(`/buyback/models/${ids.iphone}/prices`);
    expect(prices.body).toEqual({
      model: {
        id: ids.iphone,
        name: "iPhone 13",
        brand_code: "00001",
        brand_name: "Apple",
        category_code: "05",
        released_year: 2021,
      },
      top_price: 55_000,
      updated_at: PRICED_AT.toISOString(),
      prices: [
        { grade: "A", ng_condition: "none", price: 55_000, updated_at: PRICED_AT.toISOString() },
        { grade: "J", ng_condition: "screen", price: 18_000, updated_at: PRICED_AT.toISOString() },
      ],
    });
    expect((await api(`/buyback/models/${ids.galaxy}/prices`)).body).toMatchObject({
      top_price: null,
      prices: [],
    });
    const spots = await api("/buyback/spots", "en");
    expect(spots.body.spots[0]).toMatchObject({ prefecture_code: "01", prefecture_name: "Hokkaido" });
    expect(spots.body.spots.some((s: { name: string }) => s.name.includes("横浜"))).toBe(false);
  });

  it("pages completed buybacks with a cursor and shows nothing about the people", async () => {
    const first = await api("/buyback/results?limit=1");
    expect(first.body.items.map((r: { id: number }) => r.id)).toEqual([results.newer]);
    expect(first.body.items[0]).not.toHaveProperty("user_id");
    expect(JSON.stringify(first.body)).not.toMatch(/356789012345678|offer_company|秘密/);
    const second = await api(`/buyback/results?limit=1&before=${first.body.next_cursor}`);
    expect(second.body.items.map((r: { id: number }) => r.id)).toEqual([results.older]);
    expect(second.body.next_cursor).toBeNull();
    expect(second.body.items[0]).toMatchObject({
      amount: 16_200,
      grade: "J",
      decided_at: "2026-11-01T03:00:00.000Z",
    });
  });

  it("refuses bad input with a JSON 4xx in the caller's language, never a 500", async () => {
    const cases: [string, number][] = [
      ["/buyback/models?category=zz", 422],
      ["/buyback/models?category=", 422],
      ["/buyback/models/abc/prices", 404],
      ["/buyback/models/0/prices", 404],
      ["/buyback/models/99999999/prices", 404],
      ["/buyback/models/99999999999999999999/prices", 404],
      ["/buyback/results?before=garbage", 400],
      ["/buyback/results?before=1-2-3", 400],
      ["/buyback/results?limit=0", 422],
      ["/buyback/results?limit=101", 422],
      ["/buyback/results?limit=abc", 422],
      [`/buyback/results?before=${"9".repeat(41)}`, 422],
    ];
    for (const [path, status] of cases) {
      const res = await api(path);
      expect(res.status, path).toBe(status);
      expect(typeof res.body.error?.message, path).toBe("string");
    }
    const en = await api("/buyback/models?category=zz", "en");
    expect(en.body.error.fields.category).toBe("Category is not valid");
    const ja = await api("/buyback/models/99999999/prices");
    expect(ja.body.error.message).toBe("この機種は見つかりません");
  });

  it("describes every endpoint in the OpenAPI document", async () => {
    const doc = (await (await get("/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/buyback/categories",
      "/buyback/models",
      "/buyback/models/{id}/prices",
      "/buyback/results",
      "/buyback/spots",
    ]) {
      expect(
        Object.keys(doc.paths).some((p) => p.endsWith(path)),
        path,
      ).toBe(true);
    }
  });
});
