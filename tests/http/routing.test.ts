import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_ID_FILE } from "#server/build-id.ts";
import { CLIENT_DIR } from "../../scripts/build-if-needed.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers });

async function head(path: string, headers: Record<string, string> = {}) {
  const res = await get(path, headers);
  const doc = parse(await res.text());
  return { res, doc };
}

describe("locale routing", () => {
  it("sends / to the remembered language, then the browser's, then Japanese", async () => {
    expect((await get("/")).headers.get("location")).toBe("/ja/");
    expect((await get("/", { "accept-language": "en-US,en;q=0.9" })).headers.get("location")).toBe("/en/");
    expect((await get("/", { "accept-language": "fr-FR, en;q=0.5, ja;q=0.8" })).headers.get("location")).toBe(
      "/ja/",
    );
    const cookie = await get("/?q=1", { cookie: "i18n_locale=en", "accept-language": "ja" });
    expect(cookie.status).toBe(302);
    expect(cookie.headers.get("location")).toBe("/en/?q=1");
  });

  it("adds the trailing slash permanently, keeping the query", async () => {
    const res = await get("/ja/login?redirect=%2Fja%2Fmypage%2F&x=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/ja/login/?redirect=%2Fja%2Fmypage%2F&x=1");
    expect((await get("/en")).headers.get("location")).toBe("/en/");
  });

  it("never redirects to another site", async () => {
    const res = await get("//evil.example/path");
    expect(res.headers.get("location")).toBe("/evil.example/path/");
  });

  it("remembers the language of a visited page for 365 days", async () => {
    const res = await get("/en/login/");
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("i18n_locale=en");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    const again = await get("/en/login/", { cookie: "i18n_locale=en" });
    expect(again.headers.get("set-cookie") ?? "").not.toContain("i18n_locale");
  });

  it("answers 404 for an unknown language and for any unmatched path, in the right language", async () => {
    for (const path of ["/fr/", "/ja/no-such-page/", "/en/no/such/page/", "/nothing-here/"]) {
      const { res, doc } = await head(path);
      expect(res.status, path).toBe(404);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
    }
    const ja = await head("/ja/no-such-page/");
    expect(ja.doc.querySelector("title")?.text).toBe("ページが見つかりませんでした - Tsugu");
    expect(ja.doc.querySelector("h1")?.text).toBe("ページが見つかりませんでした");
    expect(ja.doc.querySelector("main a")?.text).toBe("トップにもどる");
    expect(ja.doc.querySelector("main a")?.getAttribute("href")).toBe("/ja/");
    const en = await head("/en/no-such-page/");
    expect(en.doc.querySelector("html")?.getAttribute("lang")).toBe("en");
    expect(en.doc.querySelector("h1")?.text).toBe("Page not found");
    expect(en.doc.querySelector("main a")?.getAttribute("href")).toBe("/en/");
  });

  it("sends localized sections typed without a language to the chosen one, and the media to its one address", async () => {
    const about = await get("/about/?x=1", { "accept-language": "en-US" });
    expect(about.status).toBe(302);
    expect(about.headers.get("location")).toBe("/en/about/?x=1");
    expect((await get("/laws/", { cookie: "i18n_locale=ja" })).headers.get("location")).toBe("/ja/laws/");
    const media = await get("/en/articles/page/2/");
    expect(media.status).toBe(301);
    expect(media.headers.get("location")).toBe("/articles/page/2/");
    expect((await get("/nothing-here/")).status).toBe(404);
  });

  it("serves the about and legal pages in both languages with company facts from one place", async () => {
    for (const [path, title] of [
      ["/ja/about/", "Tsuguについて - Tsugu"],
      ["/ja/laws/", "特定商取引法に基づく表記 - Tsugu"],
      ["/ja/privacy/", "プライバシーポリシー - Tsugu"],
      ["/ja/terms-of-service/", "利用規約 - Tsugu"],
      ["/en/about/company/", "Company - Tsugu"],
      ["/en/flema/", "Marketplace for junk and used phones - Tsugu"],
    ] as const) {
      const { res, doc } = await head(path);
      expect(res.status, path).toBe(200);
      expect(doc.querySelector("title")?.text, path).toBe(title);
    }
    const about = (await head("/ja/about/")).doc.text;
    for (const fact of [
      "株式会社Tsugu",
      "2018年1月",
      "古物商許可番号",
      "6,200万トン",
      "約20%",
      "顧問弁護士",
      "お問い合わせ",
    ]) {
      expect(about).toContain(fact);
    }
    // The licence row says its label once: the number beside it, not the label again.
    expect(about).toContain("古物商許可番号東京都公安委員会 第303311805421号");
    expect(about).not.toContain("古物商許可番号古物商許可番号");
    const laws = (await head("/ja/laws/")).doc.text;
    for (const fact of [
      "販売事業者",
      "運営統括責任者",
      "販売価格の5%",
      "銀行振込250円",
      "返品・キャンセル",
    ]) {
      expect(laws).toContain(fact);
    }
    const enLaws = await head("/en/laws/");
    expect(enLaws.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe(
      "noindex, nofollow",
    );
  });

  it("sends /{lang}/users/ to that language's home", async () => {
    const res = await get("/en/users/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/en/");
  });
});

describe("head and SEO", () => {
  it("gives the Japanese home its full head", async () => {
    const { res, doc } = await head("/ja/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(doc.querySelector("html")?.getAttribute("lang")).toBe("ja");
    expect(doc.querySelector("title")?.text).toBe("ジャンク・中古スマホのフリマと買取 - Tsugu");
    expect(doc.querySelector('meta[name="description"]')?.getAttribute("content")).toContain("Tsugu");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${server.url}/ja/`);
    const alternates = Object.fromEntries(
      doc
        .querySelectorAll('link[rel="alternate"]')
        .map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
    );
    expect(alternates).toEqual({
      ja: `${server.url}/ja/`,
      en: `${server.url}/en/`,
      "x-default": `${server.url}/ja/`,
    });
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe("ja_JP");
    expect(doc.querySelector('meta[property="og:locale:alternate"]')?.getAttribute("content")).toBe("en_US");
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute("content")).toContain("Tsugu");
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute("content")).toBe(
      "summary_large_image",
    );
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    const jsonLd = doc.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.text));
    const org = jsonLd.find((j) => j["@type"] === "Organization");
    const site = jsonLd.find((j) => j["@type"] === "WebSite");
    expect(org).toMatchObject({ name: "Tsugu", areaServed: "JP" });
    expect(site).toMatchObject({ name: "Tsugu", inLanguage: "ja" });
  });

  it("points the English page's canonical at the Japanese one and keeps listed English sections out of search", async () => {
    const { doc } = await head("/en/login/");
    expect(doc.querySelector("html")?.getAttribute("lang")).toBe("en");
    expect(doc.querySelector("title")?.text).toBe("Log in - Tsugu");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${server.url}/ja/login/`);
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe("en_US");
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
    const ja = await head("/ja/login/");
    expect(ja.doc.querySelector('meta[name="robots"]')).toBeNull();
    const enHome = await head("/en/");
    expect(enHome.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe(
      "noindex, nofollow",
    );
  });

  it("serves robots.txt", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /metrics");
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it("sends security headers and a request id", async () => {
    const res = await get("/ja/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-request-id")).toMatch(/.{8,}/);
  });

  it("serves built assets with a long cache", async () => {
    const { doc } = await head("/ja/");
    const css = doc.querySelector('link[rel="stylesheet"]')?.getAttribute("href");
    expect(css).toMatch(/^\/assets\//);
    const res = await get(css!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("sends React's production build to the browser, whoever built it (Vitest runs with NODE_ENV=test)", async () => {
    const { doc } = await head("/ja/");
    const scripts = [...doc.querySelectorAll('link[rel="modulepreload"], script[type="module"][src]')]
      .map((el) => el.getAttribute("href") ?? el.getAttribute("src"))
      .filter((src): src is string => !!src?.startsWith("/assets/"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const body = await (await get(src)).text();
      expect(body, src).not.toContain("This is a bug in React");
    }
  });

  it("says which build is deployed, never from a cache, and pages carry the id they were rendered with", async () => {
    const { id } = JSON.parse(readFileSync(path.join(CLIENT_DIR, BUILD_ID_FILE), "utf8")) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const res = await get(`/build.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ id });
    // The root data in the page: the id the page compares with the deployed one.
    expect(await (await get("/ja/login/")).text()).toContain(`\\"buildId\\",\\"${id}\\"`);
  });
});

describe("when the database fails", () => {
  it("shows the localized error page and reports the API as unhealthy", async () => {
    const broken = await startTestServer();
    await broken.database.close();
    try {
      // A visitor with a session cookie needs the database to know who they are.
      const cookie = { cookie: `tsugu=${"a".repeat(43)}` };
      const page = await fetch(`${broken.url}/ja/`, { headers: cookie });
      expect(page.status).toBeGreaterThanOrEqual(500);
      const doc = parse(await page.text());
      expect(doc.querySelector("title")?.text).toBe("エラーが発生しました - Tsugu");
      expect(doc.querySelector("h1")?.text).toBe("エラーが発生しました");
      expect(doc.querySelector("main a")?.text).toBe("トップにもどる");
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
      const en = parse(await (await fetch(`${broken.url}/en/login/`, { headers: cookie })).text());
      expect(en.querySelector("h1")?.text).toBe("An error occurred");
      const health = await fetch(`${broken.url}/api/v1/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        status: "degraded",
        degraded: ["database"],
        database: "unreachable",
        database_ms: null,
        jobs: { status: "unknown" },
      });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
