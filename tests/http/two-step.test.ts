import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { operatorRoles, users } from "#db/schema/index.ts";
import { DEMO_OPERATOR_TOTP_SECRET, DEMO_PASSWORD, seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { totpCode } from "../helpers/two-step.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db, server.ctx.secret);
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "accept-language": "ja",
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

function post(path: string, form: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
}

function cookieNamed(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe("two-step verification over HTTP", () => {
  it("answers the API's password step with multi-factor-auth-required and a ticket, then a token for the code", async () => {
    const first = await api("POST", "/tokens", { email: "staff@tsugu.example", password: DEMO_PASSWORD });
    expect(first.status).toBe(401);
    expect(first.json.error).toMatchObject({ code: "UNAUTHORIZED", reason: "multi-factor-auth-required" });
    expect(first.json.error.message).toBe("二段階認証");
    expect(first.json.error.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.json.error.methods).toEqual({ totp: true, sms: false, phone_hint: null });
    expect(first.json.token).toBeUndefined();

    const wrong = await api("POST", "/tokens/two-step", { ticket: first.json.error.ticket, code: "12345" });
    expect(wrong.status).toBe(422);
    const bad = totpCode(DEMO_OPERATOR_TOTP_SECRET) === "000000" ? "111111" : "000000";
    const refused = await api("POST", "/tokens/two-step", { ticket: first.json.error.ticket, code: bad });
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields.code).toContain("確認コードが正しくありません");

    const done = await api("POST", "/tokens/two-step", {
      ticket: first.json.error.ticket,
      code: totpCode(DEMO_OPERATOR_TOTP_SECRET),
    });
    expect(done.status).toBe(201);
    expect(done.json.user.email).toBe("staff@tsugu.example");
    const me = await api("GET", "/me", undefined, done.json.token);
    expect(me.status).toBe(200);
    // The ticket is used up.
    const again = await api("POST", "/tokens/two-step", {
      ticket: first.json.error.ticket,
      code: totpCode(DEMO_OPERATOR_TOTP_SECRET),
    });
    expect(again.status).toBe(401);
  });

  it("answers bad input to the second step with a JSON 4xx, never a 500", async () => {
    const cases: unknown[] = [
      "{not json",
      null,
      [],
      { ticket: 42, code: ["x"] },
      { ticket: "a".repeat(43), code: "é".repeat(500) },
      { ticket: "a".repeat(43), code: "123456" },
    ];
    for (const body of cases) {
      for (const path of ["/tokens/two-step", "/tokens/two-step/sms"]) {
        const res = await api("POST", path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(res.json.error.code).toEqual(expect.any(String));
      }
    }
  });

  it("takes the web log-in through the code page, keeping the target and the keep-me-logged-in choice", async () => {
    const login = await post("/ja/login/?redirect=%2Fja%2Fstaff%2F", {
      email: "support@tsugu.example",
      password: DEMO_PASSWORD,
      remember: "on",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/ja/login/two-step/?redirect=%2Fja%2Fstaff%2F");
    expect(cookieNamed(login, "tsugu")).toBeUndefined();
    const ticket = cookieNamed(login, "tsugu_two_step")!.split(";")[0]!;

    const page = await fetch(`${server.url}/ja/login/two-step/?redirect=%2Fja%2Fstaff%2F`, {
      headers: { cookie: ticket },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("二段階認証");
    expect(html).toContain("認証アプリに表示されている6桁の確認コードを入力してください");
    expect(html).not.toContain("SMSで確認コードを受け取る");

    const wrong = await post(
      "/ja/login/two-step/?redirect=%2Fja%2Fstaff%2F",
      { code: "abcde-fghjk" },
      ticket,
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("確認コードが正しくありません");

    const done = await post(
      "/ja/login/two-step/?redirect=%2Fja%2Fstaff%2F",
      { code: totpCode(DEMO_OPERATOR_TOTP_SECRET) },
      ticket,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/ja/staff/");
    const session = cookieNamed(done, "tsugu")!;
    expect(session).toMatch(/Max-Age=\d+/);
    const staff = await fetch(`${server.url}/ja/staff/`, {
      redirect: "manual",
      headers: { cookie: session.split(";")[0]! },
    });
    expect(staff.status).toBe(200);

    // Without a live ticket the code page sends the member back to the password.
    const stale = await fetch(`${server.url}/ja/login/two-step/`, {
      redirect: "manual",
      headers: { cookie: ticket },
    });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe("/ja/login/");
  });

  it("sends an operator without two-step verification to set it up before any back-office page", async () => {
    const [u] = await server.database.db
      .insert(users)
      .values({ email: "new-operator@tsugu.example", nickname: "新人スタッフ", role: "operator" })
      .returning();
    await server.database.db.insert(operatorRoles).values({ userId: u!.id, role: "admin" });
    const { token } = await createSession(server.ctx, { userId: u!.id, kind: "web", persistent: true });
    const staff = await fetch(`${server.url}/ja/staff/members/`, {
      redirect: "manual",
      headers: { cookie: `tsugu=${token}` },
    });
    expect(staff.status).toBe(302);
    expect(staff.headers.get("location")).toBe("/ja/settings/two-step/?redirect=%2Fja%2Fstaff%2Fmembers%2F");
    const settings = await fetch(`${server.url}/ja/settings/two-step/?redirect=%2Fja%2Fstaff%2Fmembers%2F`, {
      headers: { cookie: `tsugu=${token}` },
    });
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain(
      "運営スタッフのアカウントは、管理画面を使う前に二段階認証の設定が必要です",
    );
    // The back office's API is shut to them as well.
    const apiToken = (await createSession(server.ctx, { userId: u!.id, kind: "api", persistent: true }))
      .token;
    const exports = await api("GET", "/staff/queues", undefined, apiToken);
    expect(exports.status).toBe(403);
  });
});
