import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELP_ARTICLES } from "#core/help/articles.ts";
import { supportInquiries } from "#db/schema/index.ts";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { signIn } from "../helpers/web.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("the help centre over HTTP", () => {
  it("lists every section and article on its home, in each language", async () => {
    const ja = await get("/ja/help/");
    expect(ja.status).toBe(200);
    const html = await ja.text();
    expect(titleOf(html)).toBe("ヘルプセンター - Tsugu");
    for (const heading of [
      "購入",
      "出品",
      "配送",
      "買取",
      "ポイント・売上金・振込",
      "アカウント",
      "安全・安心",
    ]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    for (const a of HELP_ARTICLES) expect(html).toContain(`href="/ja/help/${a.slug}/"`);
    const en = await (await get("/en/help/")).text();
    expect(titleOf(en)).toBe("Help centre - Tsugu");
    expect(en).toContain("Points, proceeds and payouts");
  });

  it("serves each article with its own title and the page's links", async () => {
    const res = await get("/ja/help/payout-fees/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(titleOf(html)).toBe("売上金の振込と手数料 - Tsugu");
    expect(html).toContain("250円");
    expect(html).toContain('href="/ja/balance/"');
    const en = await (await get("/en/help/payout-fees/")).text();
    expect(titleOf(en)).toBe("Payouts and their fees - Tsugu");
    expect(en).toContain('href="/en/balance/"');
    expect((await get("/ja/help/no-such-article/")).status).toBe(404);
  });

  it("searches by the words people type", async () => {
    const found = async (q: string, lang = "ja") =>
      (await (await get(`/${lang}/help/?q=${encodeURIComponent(q)}`)).text()).match(
        /href="\/\w\w\/help\/([a-z0-9-]+)\/"/g,
      );
    const ja = await (await get(`/ja/help/?q=${encodeURIComponent("振込 手数料")}`)).text();
    expect(ja).toContain("「振込 手数料」の検索結果");
    expect(ja.indexOf('href="/ja/help/payout-fees/"')).toBeGreaterThan(0);
    expect(ja).toContain('name="robots" content="noindex');
    expect(await found("キャンセル")).toContain('href="/ja/help/cancel-a-purchase/"');
    expect(await found("refund", "en")).toContain('href="/en/help/cancel-a-purchase/"');
    const none = await (await get("/ja/help/?q=zzqqxx")).text();
    expect(none).toContain("「zzqqxx」に合う記事は見つかりませんでした");
  });

  it("is linked from the footer and listed in the sitemap", async () => {
    expect(await (await get("/ja/")).text()).toContain('href="/ja/help/"');
    const xml = await (await get("/sitemaps/static.xml")).text();
    expect(xml).toContain(`${server.url}/ja/help/`);
    expect(xml).toContain(`${server.url}/ja/help/how-to-buy/`);
    expect(xml).toContain(`${server.url}/en/help/how-to-buy/`);
  });

  it("takes a visitor's question into the support queue, and sends members to their own form", async () => {
    const page = await get("/ja/help/contact/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(titleOf(html)).toBe("お問い合わせ - Tsugu");
    expect(html).not.toContain("運営の判断への異議申し立て");
    const post = (form: Record<string, string>, cookie = "") =>
      fetch(`${server.url}/ja/help/contact/`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(form),
      });
    const question = {
      name: "問い合わせ 太郎",
      email: "taro-visitor@example.jp",
      category: "buyback",
      subject: "買取の送料について",
      body: "集荷の送料は本当に無料ですか？",
    };
    const bad = await post({
      ...question,
      email: "taro@",
      subject: "",
      botCheckToken: await sandboxBotToken(server.url, "contact"),
    });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain("集荷の送料は本当に無料ですか？");
    expect(badHtml).toContain("件名を入力してください");
    const sent = await post({ ...question, botCheckToken: await sandboxBotToken(server.url, "contact") });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("お問い合わせを受け付けました");
    const [row] = await server.database.db
      .select()
      .from(supportInquiries)
      .where(eq(supportInquiries.visitorEmail, "taro-visitor@example.jp"));
    expect(row).toMatchObject({
      userId: null,
      visitorName: "問い合わせ 太郎",
      state: "OPEN",
      category: "buyback",
    });

    const member = await signIn(server, await makeMember(server.ctx));
    const redirected = await fetch(`${server.url}/ja/help/contact/`, {
      redirect: "manual",
      headers: { cookie: member.cookie },
    });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/ja/mypage/support/");
  });
});
