import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { codeIn } from "../helpers/smtp.ts";

let server: TestServer;
const member = DEMO_ACCOUNTS[0]!;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db, server.ctx.secret);
});
afterAll(async () => {
  await server?.close();
});

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...headers },
    body: new URLSearchParams(form),
  });
}

function sessionFrom(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("tsugu="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
}

describe("web sign-in", () => {
  it("sends a protected page to login and back after it", async () => {
    const res = await fetch(`${server.url}/ja/mypage/`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ja/login/?redirect=%2Fja%2Fmypage%2F");
    const login = await post("/ja/login/?redirect=%2Fja%2Fsettings%2Femail%2F", {
      email: member.email,
      password: DEMO_PASSWORD,
      remember: "on",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/ja/settings/email/");
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("tsugu="))!;
    expect(cookie).toMatch(/^tsugu=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=31536000");
    const page = await fetch(`${server.url}/ja/mypage/`, { headers: { cookie: sessionFrom(login) } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(member.email);
  });

  it("sends a page's data request (a move inside the site) to login with the page's own address", async () => {
    const res = await fetch(`${server.url}/ja/items/1/buy/_.data?_routes=routes%2Fbuying%2Fbuy`, {
      redirect: "manual",
    });
    const sent = /"(\/ja\/login\/\?redirect=[^"]*)"/.exec(await res.text())?.[1];
    expect(sent).toBe("/ja/login/?redirect=%2Fja%2Fitems%2F1%2Fbuy%2F");
    // A return address once built from a data request still leads to the page.
    const login = await post("/ja/login/?redirect=%2Fja%2Fnotifications%2F_", {
      email: member.email,
      password: DEMO_PASSWORD,
    });
    expect(login.headers.get("location")).toBe("/ja/notifications/");
  });

  it("brings a visitor who signs up on the way to a page back to it", async () => {
    const email = "new-on-the-way@example.jp";
    const signup = await fetch(`${server.url}/en/signup/?redirect=%2Fen%2Fsell%2F`);
    expect(
      parse(await signup.text())
        .querySelector('a[href^="/en/signup/email/"]')
        ?.getAttribute("href"),
    ).toBe("/en/signup/email/?redirect=%2Fen%2Fsell%2F");
    const start = await post("/en/signup/email/?redirect=%2Fen%2Fsell%2F", {
      intent: "start",
      email,
      password: "passw0rd-ok",
      botCheckToken: await sandboxBotToken(server.url, "signup"),
    });
    expect(start.status).toBe(302);
    const cookies = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    const code = codeIn((await server.smtp!.lastTo(email)).text);
    const verify = await post("/en/signup/email/?sent=1", { intent: "verify", code }, { cookie: cookies });
    expect(verify.headers.get("location")).toBe("/en/signup/user-info/");
    const done = await post("/en/signup/user-info/", { nickname: "みちの" }, { cookie: cookies });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/en/sell/");
    expect(done.headers.getSetCookie().some((c) => /^tsugu_return=;/.test(c))).toBe(true);
  });

  it("sends a business buyer on to the buyer portal and an operator to the back office when no page asked", async () => {
    const buyer = DEMO_ACCOUNTS.find((a) => a.role === "business")!;
    const asBuyer = await post("/ja/login/", { email: buyer.email, password: DEMO_PASSWORD });
    // The buyback login sends a signed-in buyer on into the portal (tests/http/buyback-login.test.ts).
    expect(asBuyer.headers.get("location")).toBe("/ja/buyback/login/");
    const operator = DEMO_ACCOUNTS.find((a) => a.role === "operator")!;
    const asOperator = await post("/en/login/", { email: operator.email, password: DEMO_PASSWORD });
    // Operators pass the second step first; no page was asked for, so the role decides after it
    // (the back office's dashboard: tests/e2e/desk.spec.ts).
    expect(asOperator.headers.get("location")).toBe("/en/login/two-step/");
  });

  it("uses a browser-session cookie without 'keep me logged in'", async () => {
    const login = await post("/ja/login/", { email: member.email, password: DEMO_PASSWORD });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("tsugu="))!;
    expect(cookie).not.toContain("Max-Age");
  });

  it("never follows an off-site redirect after login", async () => {
    const login = await post("/ja/login/?redirect=%2F%2Fevil.example%2F", {
      email: member.email,
      password: DEMO_PASSWORD,
    });
    expect(login.headers.get("location")).toBe("/ja/mypage/");
  });

  it("keeps what was typed and shows the message in the page's language", async () => {
    const res = await post("/en/login/", { email: "typed@example.jp", password: "wrong-pass1" });
    expect(res.status).toBe(401);
    const doc = parse(await res.text());
    expect(doc.querySelector('input[name="email"]')?.getAttribute("value")).toBe("typed@example.jp");
    expect(doc.querySelector('input[name="password"]')?.getAttribute("value")).toBeUndefined();
    expect(doc.querySelector('[role="alert"]')?.text).toBe("The email address or password is not correct");
    const ja = await post("/ja/login/", { email: "", password: "" });
    expect(ja.status).toBe(422);
    const jaDoc = parse(await ja.text());
    expect(jaDoc.querySelector('[data-testid="error-email"]')?.text).toBe("メールアドレスを入力してください");
  });

  it("refuses a state change from another origin", async () => {
    const res = await post(
      "/ja/login/",
      { email: member.email, password: DEMO_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("tsugu="))).toBe(false);
  });

  it("logs out on the server", async () => {
    const cookie = sessionFrom(await post("/ja/login/", { email: member.email, password: DEMO_PASSWORD }));
    const out = await post("/ja/logout/", {}, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/ja/");
    expect(out.headers.getSetCookie().find((c) => c.startsWith("tsugu="))).toContain("Max-Age=0");
    const me = await fetch(`${server.url}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(401);
  });

  it("lets the web session call the API from our own pages", async () => {
    const cookie = sessionFrom(await post("/ja/login/", { email: member.email, password: DEMO_PASSWORD }));
    const me = await fetch(`${server.url}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    const cross = await fetch(`${server.url}/api/v1/logout`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
  });
});

describe("development mailbox", () => {
  it("is closed while mail is sent by SMTP", async () => {
    const res = await fetch(`${server.url}/ja/dev/mailbox/`);
    expect(res.status).toBe(404);
  });

  it("shows locally kept mail, page by page", async () => {
    const local = await startTestServer({ localMail: true });
    try {
      for (let i = 0; i < 3; i++) {
        await fetch(`${local.url}/api/v1/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            email: `box${i}@example.jp`,
            password: "passw0rd-ok",
            bot_check_token: await sandboxBotToken(local.url, "signup"),
          }),
        });
      }
      const page = await fetch(`${local.url}/ja/dev/mailbox/`);
      expect(page.status).toBe(200);
      const doc = parse(await page.text());
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
      const links = doc.querySelectorAll('[data-testid="paged-list"] a');
      expect(links).toHaveLength(3);
      expect(links[0]!.text).toContain("box2@example.jp");
      const next = await fetch(`${local.url}/ja/dev/mailbox/messages/?cursor=2`);
      expect(await next.json()).toMatchObject({ nextCursor: null, items: [{ to: "box0@example.jp" }] });
      const message = await fetch(`${local.url}${links[0]!.getAttribute("href")}`);
      expect(await message.text()).toContain("確認コード");
    } finally {
      await local.close();
    }
  });
});
