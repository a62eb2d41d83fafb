import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#core/identity/passwords.ts";
import { users } from "#db/schema/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.ctx.db.insert(users).values({
    email: "devices@example.jp",
    nickname: "端末",
    passwordHash: await hashPassword("passw0rd-ok"),
  });
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function call(
  method: string,
  path: string,
  o: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(o.body !== undefined ? { "content-type": "application/json" } : {}), ...o.headers },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

async function token(userAgent: string): Promise<Record<string, string>> {
  const r = await call("POST", "/tokens", {
    body: { email: "devices@example.jp", password: "passw0rd-ok" },
    headers: { "user-agent": userAgent },
  });
  expect(r.status).toBe(201);
  return { authorization: `Bearer ${r.json.token}` };
}

describe("REST API: your sessions and the identity error reasons", () => {
  it("lists the caller's sessions, ends another one and refuses a foreign or missing id alike", async () => {
    const app = await token("TsuguApp/2.1 (iPhone; iOS 17.5)");
    const desk = await token(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    );
    const list = await call("GET", "/me/sessions", { headers: desk });
    expect(list.status).toBe(200);
    expect(list.json.sessions).toHaveLength(2);
    const [mine, other] = list.json.sessions;
    expect(mine).toMatchObject({ current: true, kind: "api", browser: "Chrome", os: "Windows 10" });
    expect(mine.place).toEqual({ kind: "loopback" });
    expect(Object.keys(mine).sort()).toEqual(
      ["browser", "created_at", "current", "expires_at", "id", "kind", "last_seen_at", "os", "place"].sort(),
    );
    expect(other.current).toBe(false);

    const missing = await call("DELETE", "/me/sessions/99999999", { headers: desk });
    expect(missing.status).toBe(404);
    expect((await call("DELETE", "/me/sessions/abc", { headers: desk })).status).toBe(404);
    expect((await call("DELETE", `/me/sessions/${other.id}`, { headers: desk })).status).toBe(204);
    // The same id again, as another member would see it: the same 404.
    const again = await call("DELETE", `/me/sessions/${other.id}`, { headers: desk });
    expect(again).toEqual(missing);

    // The ended token is refused, with the §8 reason.
    const ended = await call("GET", "/me", { headers: { ...app, "accept-language": "en" } });
    expect(ended.status).toBe(401);
    expect(ended.json.error).toMatchObject({
      code: "UNAUTHORIZED",
      reason: "invalid-user-token",
      message: "Your sign-in has expired or was ended. Please sign in again",
    });
    const ja = await call("GET", "/me/sessions", { headers: app });
    expect(ja.json.error.message).toBe(
      "ログインの有効期限が切れたか、ログアウトされています。もう一度ログインしてください",
    );

    // Ending the others keeps the caller's own.
    const third = await token("curl/8.5.0");
    expect((await call("DELETE", "/me/sessions", { headers: desk })).status).toBe(204);
    expect((await call("GET", "/me", { headers: third })).json.error.reason).toBe("invalid-user-token");
    expect((await call("GET", "/me/sessions", { headers: desk })).json.sessions).toHaveLength(1);

    // No credentials at all is a plain 401, without a session reason.
    const none = await call("GET", "/me/sessions");
    expect(none.status).toBe(401);
    expect(none.json.error.reason).toBeUndefined();
  });

  it("answers a wrong password and an unknown address alike, as user-not-found, then login-blocked", async () => {
    // After failed sign-ins the bot check is asked for too: each attempt passes it, as a person's would.
    const botCheckToken = async () =>
      (
        (await (await fetch(`${server.url}/sandbox/bot-check/token?action=login`)).json()) as {
          token: string;
        }
      ).token;
    const wrong = await call("POST", "/tokens", {
      body: { email: "devices@example.jp", password: "wrong-pass1", bot_check_token: await botCheckToken() },
    });
    const unknown = await call("POST", "/tokens", {
      body: { email: "nobody@example.jp", password: "wrong-pass1", bot_check_token: await botCheckToken() },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error.reason).toBe("user-not-found");
    let blocked: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 12 && !blocked; i++) {
      const r = await call("POST", "/tokens", {
        body: {
          email: "devices@example.jp",
          password: "wrong-pass1",
          bot_check_token: await botCheckToken(),
        },
      });
      if (r.status === 429) blocked = r;
    }
    expect(blocked?.json.error).toMatchObject({ code: "RATE_LIMITED", reason: "login-blocked" });
    expect(blocked?.json.error.message).toMatch(/^ログインの試行が多すぎるため/);
  });
});
