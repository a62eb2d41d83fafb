import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalIdentities, rateLimits, users } from "#db/schema/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A browser's cookies, kept across the redirects of a trip. */
function browser() {
  const jar = new Map<string, string>();
  return {
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        const value = pair!.slice(at + 1);
        if (/Max-Age=0/.test(line) || value === "") jar.delete(pair!.slice(0, at));
        else jar.set(pair!.slice(0, at), value);
      }
      return res;
    },
  };
}

async function go(b: ReturnType<typeof browser>, url: string, init: RequestInit = {}) {
  return b.take(
    await fetch(new URL(url, server.url), {
      redirect: "manual",
      ...init,
      headers: { cookie: b.cookie(), origin: server.url, ...(init.headers ?? {}) },
    }),
  );
}

/** Presses a provider's button and signs in at the sandbox: the callback's address. */
async function toProvider(b: ReturnType<typeof browser>, provider: string, account: Record<string, string>) {
  const start = await go(b, `/ja/login/with/${provider}/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", redirect: "/ja/mypage/" }),
  });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.pathname).toBe(`/sandbox/oidc/${provider}/authorize`);
  const page = await go(b, authorize.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("サンドボックス");
  const form = new URLSearchParams({ decision: "allow", email_verified: "true", ...account });
  for (const name of ["state", "nonce", "code_challenge", "response_mode"]) {
    form.set(name, authorize.searchParams.get(name) ?? "");
  }
  return go(b, authorize.href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
}

describe("signing in with the sandbox providers over HTTP", () => {
  it("goes to the provider and back, and a new account is asked for its nickname", async () => {
    const b = browser();
    const back = await toProvider(b, "line", { name: "ライン", email: "http-line@example.jp" });
    expect(back.status).toBe(303);
    const callback = new URL(back.headers.get("location")!);
    expect(callback.pathname).toBe("/auth/line/callback");
    const handed = await go(b, callback.href);
    expect(handed.status).toBe(303);
    expect(handed.headers.get("location")).toMatch(/^\/ja\/login\/with\/line\/\?code=.+&state=.+&iss=/);
    const finished = await go(b, handed.headers.get("location")!);
    expect(finished.status).toBe(302);
    expect(finished.headers.get("location")).toBe("/ja/signup/with-provider/");
    const nickname = await go(b, "/ja/signup/with-provider/");
    expect(nickname.status).toBe(200);
    expect(await nickname.text()).toContain("http-line@example.jp");
    const done = await go(b, "/ja/signup/with-provider/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "nickname", nickname: "らいん" }),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/ja/mypage/");
    const [member] = await server.ctx.db.select().from(users).where(eq(users.email, "http-line@example.jp"));
    const linked = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, member!.id));
    expect(linked.map((l) => l.provider)).toEqual(["line"]);
    const me = await fetch(`${server.url}/api/v1/me/linked-accounts`, { headers: { cookie: b.cookie() } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ linked: [{ provider: "line", email: "http-line@example.jp" }] });
    // The last way in cannot be unlinked (no password).
    const unlink = await fetch(`${server.url}/api/v1/me/linked-accounts/line`, {
      method: "DELETE",
      headers: { cookie: b.cookie(), origin: server.url },
    });
    expect(unlink.status).toBe(409);
  });

  it("hands Apple's posted answer on as a redirect the ticket's cookie reaches", async () => {
    const b = browser();
    const posted = await toProvider(b, "apple", { email: "http-apple@example.jp" });
    expect(posted.status).toBe(200);
    const html = await posted.text();
    expect(html).toContain('action="http://127.0.0.1');
    const fields = new URLSearchParams(
      [...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&#38;/g, "&")]),
    );
    // Posted from Apple's site: no cookie, no origin of ours.
    const handed = await fetch(`${server.url}/auth/apple/callback`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://appleid.apple.com" },
      body: fields,
    });
    expect(handed.status).toBe(303);
    const finished = await go(b, handed.headers.get("location")!);
    expect(finished.status).toBe(302);
    expect(finished.headers.get("location")).toBe("/ja/signup/with-provider/");
  });

  it("refuses a wrong, reused or foreign answer with a page and a 4xx, counted against the network", async () => {
    await server.ctx.db.delete(rateLimits).where(like(rateLimits.key, "oidc-failed:%"));
    const b = browser();
    const back = await toProvider(b, "google", { email: "http-google@example.jp" });
    const handed = await go(b, back.headers.get("location")!);
    const target = new URL(handed.headers.get("location")!, server.url);
    const wrong = new URL(target);
    wrong.searchParams.set("state", "not-the-state");
    const refused = await go(b, wrong.href);
    expect(refused.status).toBe(401);
    const page = await refused.text();
    expect(page).toContain("Googleからの応答を確認できませんでした");
    expect(page).toContain('data-reason="invalid-auth-event"');
    // The trip was used up by the wrong answer: the right one is refused as well.
    expect((await go(b, target.href)).status).toBe(401);
    // Another browser (no ticket) gets nowhere with the same answer.
    expect((await go(browser(), target.href)).status).toBe(401);
    const [counted] = await server.ctx.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, "oidc-failed:%"));
    expect(counted!.count).toBe(3);
    expect(await server.ctx.db.select().from(users).where(eq(users.email, "http-google@example.jp"))).toEqual(
      [],
    );
  });

  it("answers malformed and unknown callbacks with a 4xx, never a 500", async () => {
    const b = browser();
    for (const path of [
      "/auth/line/callback?code=%ZZ",
      "/auth/line/callback?state=%00",
      "/ja/login/with/line/?state=%E0%A4%A&code=1",
      "/ja/login/with/myspace/?state=x&code=y",
      "/ja/login/with/line/?error=access_denied",
      `/ja/login/with/line/?code=${"a".repeat(5000)}&state=x`,
      "/ja/login/with/line/?code=1&state=2&state=3&code[]=4",
    ]) {
      const res = await go(b, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const unknownCallback = await go(b, "/auth/myspace/callback?code=x");
    expect(unknownCallback.status, unknownCallback.headers.get("location") ?? "").toBe(404);
    // A provider the site does not know names no page.
    expect((await go(b, "/ja/login/with/myspace/")).status).toBe(404);
    expect((await go(b, "/en/login/with/myspace/")).status).toBe(404);
    const json = await go(b, "/auth/apple/callback", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);
    const huge = await go(b, "/auth/apple/callback", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `code=${"a".repeat(40_000)}`,
    });
    expect(huge.status).toBe(400);
    // Without an answer at all, the page only leads back to the log-in.
    const none = await go(b, "/ja/login/with/line/");
    expect(none.status).toBe(200);
    expect(await none.text()).toContain('href="/ja/login/"');
    // An unknown provider's button.
    const unknown = await go(b, "/ja/login/with/myspace/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=sign-in",
    });
    expect(unknown.status, unknown.headers.get("location") ?? "").toBe(404);
    expect(await unknown.text()).toContain('data-reason="no-such-provider"');
  });

  it("keeps the sandbox provider to its own client, redirect and PKCE", async () => {
    const b = browser();
    const start = await go(b, "/ja/login/with/google/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=sign-in",
    });
    const authorize = new URL(start.headers.get("location")!);
    const elsewhere = new URL(authorize);
    elsewhere.searchParams.set("redirect_uri", "https://evil.example/callback");
    expect((await go(b, elsewhere.href)).status).toBe(400);
    const token = await fetch(`${server.url}/sandbox/oidc/google/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "tsugu-sandbox-google", client_secret: "wrong", code: "x" }),
    });
    expect(token.status).toBe(401);
    const discovery = await fetch(`${server.url}/sandbox/oidc/line/.well-known/openid-configuration`);
    expect(await discovery.json()).toMatchObject({ issuer: `${server.url}/sandbox/oidc/line` });
    expect((await fetch(`${server.url}/sandbox/oidc/myspace/jwks`)).status).toBe(404);
  });
});
