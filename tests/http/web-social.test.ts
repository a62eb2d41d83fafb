import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { notify } from "#core/notify/notifications.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { likeItem } from "#core/social/likes.ts";
import { items, users } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
let ctx: CoreContext;

async function person(nickname: string, role: "member" | "business" = "member") {
  const user = await makeMember(ctx, { nickname });
  if (role !== "member") await ctx.db.update(users).set({ role }).where(eq(users.id, user.id));
  const { token } = await createSession(ctx, { userId: user.id, kind: "web", persistent: true });
  return { ...user, role, cookie: `tsugu=${token}` };
}
type Person = Awaited<ReturnType<typeof person>>;

async function page(url: string, who: Person | null = null) {
  const res = await fetch(`${server.url}${url}`, {
    redirect: "manual",
    headers: who ? { cookie: who.cookie } : {},
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

function post(url: string, who: Person, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie: who.cookie },
    body: new URLSearchParams(form),
  });
}

const text = (doc: ReturnType<typeof parse>, selector: string) =>
  doc.querySelector(selector)?.text.trim() ?? null;

let seller: Person;
let visitor: Person;

beforeAll(async () => {
  server = await startTestServer();
  await seedDeviceModels(server.database.db);
  ctx = server.ctx;
  seller = await person("うりて");
  visitor = await person("みるひと");
});
afterAll(async () => {
  await server?.close();
});

describe("profile pages", () => {
  it("shows a member's profile with counts, the reviews empty state and listings; 404 for others", async () => {
    const onSale = await listItem(ctx, seller, { title: "Pixel 7 ジャンク" });
    const sold = await listItem(ctx, seller, { title: "売れたiPhone" });
    await ctx.db.update(items).set({ state: "SOLD" }).where(eq(items.id, sold));
    const hidden = await listItem(ctx, seller, { title: "非公開のiPad" });
    await ctx.db.update(items).set({ state: "PRIVATE" }).where(eq(items.id, hidden));
    const { status, doc } = await page(`/ja/users/${seller.id}/`);
    expect(status).toBe(200);
    expect(text(doc, "h1")).toBe("うりて");
    expect(text(doc, "title")).toBe("うりてさんのプロフィール - Tsugu");
    expect(text(doc, '[data-testid="count-listings"]')).toBe("2出品数");
    expect(text(doc, '[data-testid="reviews-summary"]')).toBe("評価はまだありません");
    expect(doc.querySelector(`a[href="/ja/users/${seller.id}/reviews/"]`)).not.toBeNull();
    const tiles = doc.querySelectorAll('[data-testid="item-tile"]').map((a) => a.getAttribute("href"));
    expect(tiles).toEqual([`/ja/items/${sold}/`, `/ja/items/${onSale}/`]);
    // A visitor is asked to log in to follow; there is no menu to block.
    expect(text(doc, "main")).toContain("ログインしてフォローする");
    expect(doc.querySelector('[data-testid="profile-menu"]')).toBeNull();

    const business = await person("法人", "business");
    // Business buyers and staff have no profile of their own: they look, but do not follow or block.
    const asBusiness = await page(`/ja/users/${seller.id}/`, business);
    expect(asBusiness.status).toBe(200);
    expect(asBusiness.doc.querySelector('[data-testid="follow-button"]')).toBeNull();
    expect(asBusiness.doc.querySelector('[data-testid="profile-menu"]')).toBeNull();
    expect(text(asBusiness.doc, "main")).not.toContain("ログインしてフォローする");
    for (const url of [
      `/ja/users/${business.id}/`,
      `/ja/users/${business.id}/followers/`,
      "/ja/users/abc/",
      "/ja/users/0/",
      "/ja/users/999999999/reviews/",
    ]) {
      expect((await page(url)).status, url).toBe(404);
    }
  });

  it("serves the next pages of listings and people as JSON", async () => {
    const res = await fetch(`${server.url}/ja/users/${seller.id}/items/?cursor=999999999999`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(["売れたiPhone", "Pixel 7 ジャンク"]);
    expect(body.nextCursor).toBeNull();
    expect((await fetch(`${server.url}/ja/users/${seller.id}/followers/page/?cursor=nonsense`)).status).toBe(
      404,
    );
    const people = await fetch(`${server.url}/ja/users/${seller.id}/follows/page/`);
    expect(await people.json()).toEqual({ items: [], nextCursor: null });
  });

  it("follows without JavaScript: the form posts, comes back with a message, and the counts follow", async () => {
    const before = await page(`/ja/users/${seller.id}/`, visitor);
    const form = before.doc.querySelector('[data-testid="follow-button"]')?.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.querySelector('input[name="intent"]')?.getAttribute("value")).toBe("follow");
    const res = await post(`/ja/users/${seller.id}/`, visitor, {
      intent: "follow",
      redirectTo: `/ja/users/${seller.id}/followers/`,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/ja/users/${seller.id}/followers/`);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("tsugu_flash="))).toContain("people.followed");
    const followers = await page(`/ja/users/${seller.id}/followers/`, visitor);
    expect(text(followers.doc, "h1")).toBe("うりてさんのフォロワー");
    expect(
      followers.doc.querySelectorAll('[data-testid="person-nickname"]').map((r) => r.text.trim()),
    ).toEqual(["みるひと"]);
    expect(text(followers.doc, '[data-testid="count-followers"]')).toBe("1フォロワー");
    expect(text(followers.doc, '[data-testid="follow-button"]')).toBe("フォロー中（フォローをやめる）");
    const mine = await page("/ja/mypage/followed-users/", visitor);
    expect(
      mine.doc.querySelectorAll('[data-testid="person-row"] a').map((a) => a.getAttribute("href")),
    ).toEqual([`/ja/users/${seller.id}/`]);
    // A fetcher asks for data instead of a redirect.
    const js = await post(`/ja/users/${seller.id}/`, visitor, { intent: "unfollow", js: "1" });
    expect(js.status).toBe(200);
    expect((await page("/ja/mypage/followed-users/", visitor)).html).toContain(
      "フォローしている会員はいません",
    );
    // An unknown intent or a visitor is refused.
    expect((await post(`/ja/users/${seller.id}/`, visitor, { intent: "explode" })).status).toBe(400);
    const anon = await fetch(`${server.url}/ja/users/${seller.id}/`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ intent: "follow" }),
    });
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/ja\/login\//);
  });

  it("blocks after a confirm step; the blocked member sees a notice and no follow button; unblocks from the list", async () => {
    const menu = await page(`/ja/users/${visitor.id}/`, seller);
    expect(menu.doc.querySelector('[data-testid="profile-menu"] a')?.getAttribute("href")).toBe(
      `/ja/users/${visitor.id}/?confirm=block`,
    );
    const confirm = await page(`/ja/users/${visitor.id}/?confirm=block`, seller);
    expect(text(confirm.doc, "#block-confirm-title")).toBe("みるひとさんをブロックしますか？");
    const blocked = await post(`/ja/users/${visitor.id}/`, seller, {
      intent: "block",
      redirectTo: `/ja/users/${visitor.id}/`,
    });
    expect(blocked.status).toBe(302);
    const theirView = await page(`/ja/users/${seller.id}/`, visitor);
    expect(text(theirView.doc, '[data-testid="blocked-notice"]')).toContain(
      "この会員からブロックされているため",
    );
    expect(theirView.doc.querySelector('[data-testid="follow-button"]')).toBeNull();
    const refused = await post(`/ja/users/${seller.id}/`, visitor, { intent: "follow" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      "この会員の商品やプロフィールには、コメント・いいね！・購入・フォローができません",
    );
    const ownView = await page(`/ja/users/${visitor.id}/`, seller);
    expect(ownView.doc.querySelector('[data-testid="you-blocked-notice"]')).not.toBeNull();
    const list = await page("/ja/mypage/blocked-users/", seller);
    const row = list.doc.querySelector('[data-testid="person-row"]');
    expect(row?.querySelector('[data-testid="person-nickname"]')?.text.trim()).toBe("みるひと");
    expect(row?.querySelector("button")?.text.trim()).toBe("ブロックを解除する（みるひとさん）");
    const unblocked = await post(`/ja/users/${visitor.id}/`, seller, {
      intent: "unblock",
      redirectTo: "/ja/mypage/blocked-users/",
    });
    expect(unblocked.headers.get("location")).toBe("/ja/mypage/blocked-users/");
    expect((await page("/ja/mypage/blocked-users/", seller)).html).toContain(
      "ブロックしている会員はいません",
    );
  });

  it("shows the reviews page as a real page with the profile header, in English too", async () => {
    const ja = await page(`/ja/users/${seller.id}/reviews/`);
    expect(text(ja.doc, "h1")).toBe("うりてさんの評価");
    expect(text(ja.doc, '[data-testid="profile-nickname"]')).toBe("うりて");
    expect(ja.html).toContain("評価はまだありません");
    const en = await page(`/en/users/${seller.id}/reviews/`);
    expect(text(en.doc, "h1")).toBe("Reviews of うりて");
    expect(en.html).toContain("No reviews yet");
    expect(en.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
  });
});

describe("my page lists", () => {
  it("shows my listings by state in tabs, liked items, and a link from my page", async () => {
    const owner = await person("出品者");
    const onSale = await listItem(ctx, owner, { title: "出品中のGalaxy" });
    const stopped = await listItem(ctx, owner, { title: "停止中のXperia" });
    await ctx.db.update(items).set({ state: "DISABLED" }).where(eq(items.id, stopped));
    const sale = await page("/ja/mypage/listing-items/", owner);
    expect(sale.status).toBe(200);
    expect(sale.doc.querySelector('nav [aria-current="page"]')?.text.trim()).toBe("出品中");
    expect(sale.doc.querySelectorAll('[data-testid="item-tile"]').map((a) => a.getAttribute("href"))).toEqual(
      [`/ja/items/${onSale}/`],
    );
    const stoppedTab = await page("/ja/mypage/listing-items/?tab=stopped", owner);
    expect(
      stoppedTab.doc.querySelectorAll('[data-testid="item-tile"]').map((a) => a.getAttribute("href")),
    ).toEqual([`/ja/items/${stopped}/`]);
    expect(
      text((await page("/ja/mypage/listing-items/?tab=draft", owner)).doc, '[data-testid="empty-state"]'),
    ).toBe("下書きはありません");
    const json = await fetch(`${server.url}/ja/mypage/listing-items/page/?tab=sold`, {
      headers: { cookie: owner.cookie },
    });
    expect(await json.json()).toEqual({ items: [], nextCursor: null });
    await likeItem(ctx, { actor: owner, itemId: await listItem(ctx, seller, { title: "いいねしたAQUOS" }) });
    const liked = await page("/ja/mypage/liked-items/", owner);
    expect(liked.doc.querySelectorAll('[data-testid="item-tile"]').map((a) => a.text)).toEqual([
      expect.stringContaining("いいねしたAQUOS"),
    ]);
    const mypage = await page("/ja/mypage/", owner);
    for (const href of [
      `/ja/users/${owner.id}/`,
      "/ja/mypage/listing-items/",
      "/ja/mypage/liked-items/",
      "/ja/mypage/followed-users/",
      "/ja/mypage/blocked-users/",
    ]) {
      expect(mypage.doc.querySelector(`main a[href="${href}"]`), href).not.toBeNull();
    }
  });
});

describe("notifications", () => {
  it("shows each notice as a sentence with its link, marks the new ones, then marks all read; the badge counts them", async () => {
    const me = await person("おしらせ");
    const fan = await person("ファン");
    const itemId = await listItem(ctx, me, { title: "Nexus 5X" });
    await notify(ctx, {
      userId: me.id,
      kind: "saved_search",
      payload: { itemId, title: "Nexus 5X", query: "keyword=Nexus", savedSearchId: 1 },
    });
    await notify(ctx, {
      userId: me.id,
      kind: "comment",
      payload: { itemId, title: "Nexus 5X", commentId: 1, by: "ファン" },
    });
    await notify(ctx, { userId: me.id, kind: "like", payload: { itemId, title: "Nexus 5X", by: "ファン" } });
    await notify(ctx, { userId: me.id, kind: "follow", payload: { userId: fan.id, by: "ファン" } });
    const home = await page("/ja/", me);
    expect(home.doc.querySelectorAll('[data-testid="unread-badge"]').map((b) => b.text.trim())).toContain(
      "4未読のお知らせ 4件",
    );
    const first = await page("/ja/notifications/", me);
    expect(first.status).toBe(200);
    const rows = first.doc.querySelectorAll('[data-testid="notification"]');
    expect(
      rows.map((r) => [
        r.getAttribute("href"),
        r.getAttribute("data-unread"),
        r.querySelector("span.block")?.text,
      ]),
    ).toEqual([
      [`/ja/users/${fan.id}/`, "true", "ファンさんがあなたをフォローしました"],
      [`/ja/items/${itemId}/`, "true", "ファンさんが「Nexus 5X」にいいね！しました"],
      [`/ja/items/${itemId}/comments/`, "true", "ファンさんが「Nexus 5X」にコメントしました"],
      [`/ja/items/${itemId}/`, "true", "保存した検索条件「Nexus」に一致する「Nexus 5X」が出品されました"],
    ]);
    // Opening the page (a GET) changes nothing: they are still new until the page says they were seen.
    const reopened = await page("/ja/notifications/", me);
    expect(
      reopened.doc.querySelectorAll('[data-testid="notification"]').map((r) => r.getAttribute("data-unread")),
    ).toEqual(["true", "true", "true", "true"]);
    // The page marks what it showed as read (by POST, once shown; or the member's button).
    const newest = first.doc.querySelector('input[name="upTo"]')?.getAttribute("value");
    expect(newest).toMatch(/^\d+$/);
    await notify(ctx, {
      userId: me.id,
      kind: "like",
      payload: { itemId, title: "Nexus 5X", by: "あとから" },
    });
    expect((await post("/ja/notifications/?index", me, { upTo: newest! })).status).toBeLessThan(400);
    const again = await page("/ja/notifications/", me);
    expect(
      again.doc.querySelectorAll('[data-testid="notification"]').map((r) => r.getAttribute("data-unread")),
    ).toEqual(["true", "false", "false", "false", "false"]);
    // The one that arrived after the page was shown stays new until it is seen too.
    expect((await post("/ja/notifications/?index", me, { upTo: "" })).status).toBeLessThan(400);
    expect((await page("/ja/", me)).doc.querySelector('[data-testid="unread-badge"]')).toBeNull();
    const en = await page("/en/notifications/", me);
    expect(en.doc.querySelectorAll('[data-testid="notification"] span.block').map((s) => s.text)).toContain(
      "ファン liked “Nexus 5X”",
    );
    const json = await fetch(`${server.url}/ja/notifications/page/?opened=0&cursor=999999999`, {
      headers: { cookie: me.cookie },
    });
    const body = await json.json();
    expect(body.items).toHaveLength(5);
    expect(body.items.every((n: { unread: boolean }) => n.unread)).toBe(true);
  });
});
