import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getNotificationSettings } from "#core/notify/notification-settings.ts";
import { pushSubscriptions } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signIn } from "../helpers/web.ts";

let server: TestServer;
let a: SignedIn;
let b: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  a = await signIn(server, await makeMember(server.ctx));
  b = await signIn(server, await makeMember(server.ctx));
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function api(who: SignedIn | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      "accept-language": "ja",
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as Json };
}

const browser = (n: string) => ({
  endpoint: `https://push.example/send/${n}`,
  keys: { p256dh: `B${"q".repeat(86)}`, auth: "abcdefghijklmnopqrstuv" },
  expiration_time: null,
});

describe("notification settings API", () => {
  it("answers the defaults, saves a change and refuses what it cannot read (4xx, nothing changed)", async () => {
    expect((await api(null, "GET", "/me/notification-settings")).status).toBe(401);
    const first = await api(a, "GET", "/me/notification-settings");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      messages: { mail: true, push: false },
      sales: { mail: true, push: false },
      price_drops: { mail: false, push: false },
      buyback: { mail: true, push: false },
      offers: { mail: true, push: false },
    });
    const saved = await api(a, "PUT", "/me/notification-settings", {
      price_drops: { mail: true, push: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.price_drops).toEqual({ mail: true, push: true });
    expect(saved.json.sales).toEqual({ mail: true, push: false });

    for (const body of [
      { price_drops: { mail: "yes", push: false } },
      { sales: { mail: true } },
      { weather: { mail: true, push: true } },
      [],
    ]) {
      const bad = await api(a, "PUT", "/me/notification-settings", body);
      expect(bad.status).toBe(422);
      expect(bad.json.error).toBeTruthy();
    }
    expect((await api(a, "PUT", "/me/notification-settings", "{not json")).status).toBe(400);
    const after = await api(a, "GET", "/me/notification-settings");
    expect(after.json.price_drops).toEqual({ mail: true, push: true });
    // Each member's settings are their own.
    expect((await api(b, "GET", "/me/notification-settings")).json.price_drops).toEqual({
      mail: false,
      push: false,
    });
  });
});

describe("push subscriptions API", () => {
  it("keeps a browser, gives the VAPID key, and lets only its member remove it", async () => {
    const key = await api(a, "GET", "/me/push-subscriptions");
    expect(key.status).toBe(200);
    // Without VAPID settings, a pair generated in the data folder: an uncompressed P-256 point.
    expect(key.json.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(key.json.count).toBe(0);

    expect((await api(null, "POST", "/me/push-subscriptions", browser("anon"))).status).toBe(401);
    for (const body of [
      { ...browser("x"), endpoint: "http://push.example/plain" },
      { endpoint: "https://push.example/nokeys" },
      { ...browser("y"), keys: { p256dh: "short", auth: "abcdefghijklmnop" } },
      "{",
    ]) {
      const bad = await api(a, "POST", "/me/push-subscriptions", body);
      expect([400, 422]).toContain(bad.status);
    }
    const added = await api(a, "POST", "/me/push-subscriptions", browser("a-phone"));
    expect(added.status).toBe(201);
    expect((await api(a, "GET", "/me/push-subscriptions")).json.count).toBe(1);

    // Another member cannot remove it; its own member can, once.
    const endpoint = browser("a-phone").endpoint;
    expect((await api(b, "DELETE", "/me/push-subscriptions", { endpoint })).status).toBe(404);
    expect((await api(a, "DELETE", "/me/push-subscriptions", { endpoint: "nope" })).status).toBe(422);
    expect((await api(a, "DELETE", "/me/push-subscriptions", { endpoint })).status).toBe(204);
    expect((await api(a, "DELETE", "/me/push-subscriptions", { endpoint })).status).toBe(404);
    expect(
      await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(0);
  });
});

describe("notification settings page", () => {
  it("is in the settings menu, shows the table and the browser switch, and saves the boxes ticked", async () => {
    const menu = await getPage(server, "/ja/settings/", b.cookie);
    expect(menu.doc.querySelector('a[href="/ja/settings/notifications/"]')?.text).toContain("通知設定");
    const shown = await getPage(server, "/ja/settings/notifications/", b.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("取引メッセージ");
    expect(shown.html).toContain("いいね！した商品の値下げ");
    expect(shown.html).toContain("このブラウザでプッシュ通知を受け取る");
    expect(shown.doc.querySelector('input[name="sales.mail"]')?.hasAttribute("checked")).toBe(true);
    expect(shown.doc.querySelector('input[name="price_drops.mail"]')?.hasAttribute("checked")).toBe(false);

    const post = (form: Record<string, string>) =>
      fetch(`${server.url}/ja/settings/notifications/`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: b.cookie },
        body: new URLSearchParams(form),
      });
    const saved = await post({ "sales.shown": "1", "price_drops.shown": "1", "price_drops.mail": "on" });
    expect(saved.status).toBe(302);
    const settings = await getNotificationSettings(server.ctx, b.id);
    expect(settings.price_drops).toEqual({ mail: true, push: false });
    expect(settings.sales).toEqual({ mail: false, push: false });

    const bad = await post({ "messages.shown": "1", "messages.mail": "maybe" });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain("通知設定の内容を読み取れませんでした");
    expect((await getNotificationSettings(server.ctx, b.id)).messages).toEqual({ mail: true, push: false });

    const anonymous = await getPage(server, "/ja/settings/notifications/");
    expect(anonymous.status).toBe(302);
  });

  it("serves the service worker at /sw.js for the whole site, never from a cache", async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("service-worker-allowed")).toBe("/");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const body = await res.text();
    expect(body).toContain("notificationclick");
    expect(body).toContain("showNotification");
  });
});
