import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { createSession } from "#core/identity/sessions.ts";
import { items, mediaPosts, users } from "#db/schema/index.ts";
import { seed } from "#db/seed/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

/**
 * The public site as a visitor and a search engine see it: a crawl through every internal link,
 * the sitemaps against the sitemaps.org schema, the media's 404s and the IMEI checker.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seed(server.ctx, { items: 60 });
  // One private listing and one draft article: neither may appear anywhere public.
  const [first] = await server.database.db.select({ id: items.id }).from(items).limit(1);
  await server.database.db.update(items).set({ state: "PRIVATE" }).where(eq(items.id, first!.id));
  await server.database.db
    .update(mediaPosts)
    .set({ state: "draft" })
    .where(eq(mediaPosts.slug, "battery-health-check"));
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", ...init });

describe("crawl", () => {
  it("reaches at least 200 pages from /ja/ and /en/ with no broken link, no 5xx, and a full head", async () => {
    const seen = new Set<string>();
    const queue = ["/ja/", "/en/"];
    const problems: string[] = [];
    let pages = 0;
    while (queue.length && seen.size < 900) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await get(path);
      if (res.status >= 300 && res.status < 400) {
        const to = new URL(res.headers.get("location") ?? "/", server.url);
        if (to.origin === server.url) queue.push(to.pathname + to.search);
        continue;
      }
      if (res.status >= 400) {
        problems.push(`${res.status} ${path}`);
        continue;
      }
      if (!(res.headers.get("content-type") ?? "").includes("text/html")) continue;
      pages++;
      const doc = parse(await res.text());
      const lang = doc.querySelector("html")?.getAttribute("lang");
      const expected = path.startsWith("/en/") ? "en" : "ja";
      if (lang !== expected) problems.push(`lang ${lang} on ${path}`);
      if (!doc.querySelector("title")?.text.trim()) problems.push(`no title on ${path}`);
      if (!doc.querySelector('link[rel="canonical"]')?.getAttribute("href"))
        problems.push(`no canonical on ${path}`);
      for (const a of doc.querySelectorAll("a[href]")) {
        const href = a.getAttribute("href")!;
        if (/^(mailto:|tel:|#)/.test(href)) continue;
        const url = new URL(href, `${server.url}${path}`);
        if (url.origin !== server.url) continue;
        // Logging out, the API and files are not pages to crawl; the mailbox is for development.
        if (/^\/(api|media|assets)\//.test(url.pathname) || /\/logout\/$/.test(url.pathname)) continue;
        const next = url.pathname + url.search;
        if (!seen.has(next)) queue.push(next);
      }
    }
    expect(problems).toEqual([]);
    expect(pages).toBeGreaterThanOrEqual(200);
  }, 300_000);
});

function withCheckDigit(fourteen: string): string {
  const sum = [...fourteen].reduce((acc, d, i) => {
    const n = Number(d) * (i % 2 === 1 ? 2 : 1);
    return acc + (n > 9 ? n - 9 : n);
  }, 0);
  return `${fourteen}${(10 - (sum % 10)) % 10}`;
}

async function text(path: string) {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

const locs = (xml: string, tag: "url" | "sitemap") =>
  [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]+)</loc>`, "g"))].map((m) => m[1]!);

describe("sitemaps", () => {
  it("validate against the sitemaps.org schemas and list every public listing, article, news story and page", async () => {
    const index = await text("/sitemap.xml");
    const siteindex = readFileSync(new URL("../fixtures/sitemaps/siteindex.xsd", import.meta.url), "utf8");
    const urlset = readFileSync(new URL("../fixtures/sitemaps/sitemap.xsd", import.meta.url), "utf8");
    const checked = await validateXML({
      xml: [{ fileName: "sitemap.xml", contents: index }],
      schema: [siteindex],
    });
    expect(checked.errors).toEqual([]);
    const maps = locs(index, "sitemap");
    expect(maps.map((m) => new URL(m).pathname)).toEqual([
      "/sitemaps/static.xml",
      "/sitemaps/flema-1.xml",
      "/sitemaps/buyback.xml",
      "/sitemaps/media-1.xml",
    ]);
    expect(index).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const listed: string[] = [];
    for (const map of maps) {
      const xml = await text(new URL(map).pathname);
      const result = await validateXML({ xml: [{ fileName: "map.xml", contents: xml }], schema: [urlset] });
      expect(result.errors, map).toEqual([]);
      listed.push(...locs(xml, "url").map((u) => new URL(u).pathname));
      if (map.endsWith("static.xml")) {
        expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${server.url}/en/about/"/>`);
      }
    }
    const publicItems = await server.database.db.select({ id: items.id, state: items.state }).from(items);
    for (const item of publicItems) {
      const listedHere = listed.includes(`/ja/items/${item.id}/`);
      expect(listedHere, `item ${item.id} ${item.state}`).toBe(!["DRAFT", "PRIVATE"].includes(item.state));
    }
    const posts = await server.database.db.select().from(mediaPosts);
    for (const post of posts) {
      const path = `/${post.kind === "article" ? "articles" : "news"}/${post.slug}/`;
      expect(listed.includes(path), path).toBe(post.state === "published");
    }
    for (const path of [
      "/ja/about/",
      "/en/about/",
      "/ja/laws/",
      "/articles/",
      "/news/",
      "/authors/kenji-arai/",
      "/ja/buyback/results/",
    ]) {
      expect(listed, path).toContain(path);
    }
    // English pages kept out of search are not offered to it either.
    expect(listed).not.toContain("/en/laws/");
    // The buyback pages are listed in Japanese only: the categories and models with bids, each result.
    expect(listed).toContain("/ja/buyback/");
    expect(listed).toContain("/ja/buyback/spots/");
    expect(listed).toContain("/ja/buyback/items/05/");
    expect(listed).not.toContain("/en/buyback/");
    expect(listed.some((p) => /^\/ja\/buyback\/items\/05\/\d+\/$/.test(p))).toBe(true);
    expect(listed.some((p) => /^\/ja\/buyback\/results\/\d+\/$/.test(p))).toBe(true);
  });
});

describe("media", () => {
  it("serves the seeded guide at its original address with Article and BreadcrumbList data", async () => {
    const res = await get("/articles/1r4a73tut/");
    expect(res.status).toBe(200);
    const doc = parse(await res.text());
    expect(doc.querySelector("html")?.getAttribute("lang")).toBe("ja");
    expect(doc.querySelector("h1")?.text).toContain("壊れたスマホを売る方法");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${server.url}/articles/1r4a73tut/`,
    );
    const ld = doc.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.text));
    expect(ld.find((j) => j["@type"] === "Article")).toMatchObject({
      inLanguage: "ja",
      author: { name: "新井 健司" },
    });
    expect(ld.find((j) => j["@type"] === "BreadcrumbList")?.itemListElement).toHaveLength(3);
    expect(doc.text).toContain("この記事を書いた人");
    expect(doc.text).toContain("関連記事");
  });

  it("answers the spec's 404 page for unknown slugs, pages past the end and drafts without a valid token", async () => {
    for (const path of [
      "/articles/no-such-article/",
      "/articles/page/99/",
      "/articles/page/x/",
      "/articles/battery-health-check/",
      "/articles/draft/",
      "/articles/draft/?token=article.1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/authors/nobody/",
      "/authors/draft/?token=x",
      "/news/no-such-story/",
      "/news/draft/",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const doc = parse(await res.text());
      expect(doc.querySelector("h1")?.text, path).toBe("ページが見つかりませんでした");
      expect(doc.text, path).not.toContain("バッテリーの劣化");
    }
    expect((await get("/articles/page/1/")).headers.get("location")).toBe("/articles/");
  });

  it("publishes Atom feeds of articles and news", async () => {
    const res = await get("/articles/feed.xml");
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await res.text();
    expect(xml).toContain(`<link href="${server.url}/articles/1r4a73tut/"/>`);
    expect(xml).not.toContain("battery-health-check");
    expect(await (await get("/news/feed.xml")).text()).toContain("/news/media-launch/");
  });

  it("lists the operator's news as the notifications' second tab, in both languages", async () => {
    const ja = parse(await (await get("/ja/notifications/news/")).text());
    const stories = ja.querySelectorAll('[data-testid="news-story"]');
    expect(stories.length).toBeGreaterThan(0);
    expect(stories.map((a) => a.getAttribute("href"))).toContain("/news/media-launch/");
    expect(ja.querySelector('nav[aria-label="お知らせの種類"] a[aria-current="page"]')?.text).toBe(
      "運営からのお知らせ",
    );
    const en = parse(await (await get("/en/notifications/news/")).text());
    expect(en.querySelector("title")?.text).toContain("News from Tsugu");
    expect((await get("/ja/notifications/news/?page=99")).status).toBe(404);
    expect((await get("/ja/notifications/news/?page=abc")).status).toBe(404);
  });
});

describe("IMEI checker", () => {
  it("checks the number by the §5 rule in the page's language, and names the model", async () => {
    const bad = parse(await (await get("/ja/imei-checker/?imei=123456789012345")).text());
    expect(bad.querySelector('[data-testid="error-imei"]')?.text).toBe("IMEIを正しく入力してください");
    const badEn = parse(await (await get("/en/imei-checker/?imei=123456789012345")).text());
    expect(badEn.querySelector('[data-testid="error-imei"]')?.text).toBe("Enter the IMEI correctly");
    // A wrong length is told apart from a wrong check digit.
    const short = parse(await (await get("/ja/imei-checker/?imei=12")).text());
    expect(short.querySelector('[data-testid="error-imei"]')?.text).toBe(
      "IMEIは15桁の数字で入力してください",
    );
    const api = await get("/api/v1/imei-checks", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ imei: "123456789012345" }),
    });
    expect(api.status).toBe(422);
    expect((await api.json()).error.fields.imei).toBe("IMEIを正しく入力してください");
  });

  it("shows maker, model, restriction status and a link to the model's listings; the API answers the same, limited per IP", async () => {
    const imei = withCheckDigit("99000101123456");
    const page = parse(await (await get(`/ja/imei-checker/?imei=${imei}`)).text());
    expect(page.text).toContain("IMEIは正しい番号です");
    expect(page.text).toContain("iPhone 13");
    expect(page.querySelector('[data-testid="imei-category"]')?.text).toBe("スマートフォン");
    expect(page.querySelector('[data-testid="network-restriction"]')?.text).toMatch(/^[○△×−]（/);
    expect(page.querySelector('a[href^="/ja/items/search/?model="]')).not.toBeNull();
    const check = () =>
      get("/api/v1/imei-checks", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": "en" },
        body: JSON.stringify({ imei }),
      });
    const res = await check();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      imei,
      tac: "99000101",
      brand: { name: "Apple" },
      model: { name: "iPhone 13", category_code: "05" },
    });
    // A valid number whose device is not in the TAC table is unknown: no ○, no model.
    const unknown = parse(
      await (await get(`/ja/imei-checker/?imei=${encodeURIComponent("35 693803 564380 9")}`)).text(),
    );
    expect(unknown.querySelector('[data-testid="imei-verdict"]')?.text).toBe(
      "この端末の情報は見つかりませんでした",
    );
    expect(unknown.querySelector('[data-testid="network-restriction"]')?.text).toBe("不明");
    expect(unknown.querySelector('[data-testid="imei-category"]')?.text).toBe("不明");
    expect(unknown.text).not.toContain("制限なし");
    let last = res;
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await check();
    expect(last.status).toBe(429);
    expect((await last.json()).error.code).toBe("RATE_LIMITED");
  });
});

describe("the demo data", () => {
  it("leaves work waiting in the back office for a newcomer signed in as staff@", async () => {
    const [staff] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, "staff@tsugu.example"));
    const { token } = await createSession(server.ctx, { userId: staff!.id, kind: "web", persistent: false });
    const doc = parse(await (await get("/ja/staff/", { headers: { cookie: `tsugu=${token}` } })).text());
    expect(doc.querySelector('[data-testid="queue-reports"]')?.text).toContain("1件");
    expect(doc.querySelector('[data-testid="queue-support"]')?.text).toContain("1件");
    // Seeding again adds nothing.
    expect((await seed(server.ctx, { items: 0 })).backOffice).toBe(0);
  });
});
