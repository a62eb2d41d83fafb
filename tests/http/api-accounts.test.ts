import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { codeIn } from "../helpers/smtp.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as Json };
}

describe("REST API /api/v1", () => {
  it("reports health with the database", async () => {
    const r = await api("GET", "/health");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: "ok", degraded: [], database: "ok" });
  });

  it("signs up, verifies, completes, reads me and logs out, in snake_case", async () => {
    const start = await api("POST", "/signup", {
      email: "api@example.jp",
      password: "passw0rd-ok",
      bot_check_token: await sandboxBotToken(server.url, "signup"),
    });
    expect(start.status).toBe(202);
    expect(Object.keys(start.json).sort()).toEqual(["email", "signup_token"]);
    const code = codeIn((await server.smtp!.lastTo("api@example.jp")).text);
    const wrong = await api("POST", "/signup/verify", {
      signup_token: start.json.signup_token,
      code: code === "999999" ? "111111" : "999999",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.code).toBe("VALIDATION");
    expect(wrong.json.error.fields.code).toBe("確認コードが正しくありません");
    const verify = await api("POST", "/signup/verify", { signup_token: start.json.signup_token, code });
    expect(verify.status).toBe(200);
    const done = await api("POST", "/signup/complete", {
      signup_token: start.json.signup_token,
      nickname: "API太郎",
    });
    expect(done.status).toBe(201);
    expect(done.json.user).toMatchObject({ email: "api@example.jp", nickname: "API太郎", role: "member" });
    expect(done.json).toHaveProperty("expires_at");
    expect(done.json.user).toHaveProperty("created_at");
    const auth = { authorization: `Bearer ${done.json.token}` };
    const me = await api("GET", "/me", undefined, auth);
    expect(me.status).toBe(200);
    expect(me.json.email).toBe("api@example.jp");
    expect((await api("POST", "/logout", undefined, auth)).status).toBe(204);
    const after = await api("GET", "/me", undefined, auth);
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe("UNAUTHORIZED");
  });

  it("issues a token for email and password and refuses wrong ones alike", async () => {
    await api("POST", "/signup", {
      email: "token@example.jp",
      password: "passw0rd-ok",
      bot_check_token: await sandboxBotToken(server.url, "signup"),
    });
    const start = await api("POST", "/signup", {
      email: "token2@example.jp",
      password: "passw0rd-ok",
      bot_check_token: await sandboxBotToken(server.url, "signup"),
    });
    const code = codeIn((await server.smtp!.lastTo("token2@example.jp")).text);
    await api("POST", "/signup/verify", { signup_token: start.json.signup_token, code });
    await api("POST", "/signup/complete", { signup_token: start.json.signup_token, nickname: "token" });
    const ok = await api("POST", "/tokens", { email: "Token2@Example.jp", password: "passw0rd-ok" });
    expect(ok.status).toBe(201);
    expect(ok.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bad = await api(
      "POST",
      "/tokens",
      { email: "token2@example.jp", password: "wrong-pass1" },
      { "accept-language": "en" },
    );
    const none = await api(
      "POST",
      "/tokens",
      { email: "none@example.jp", password: "wrong-pass1" },
      { "accept-language": "en" },
    );
    expect(bad.status).toBe(401);
    expect(bad.json).toEqual(none.json);
    expect(bad.json.error.message).toBe("The email address or password is not correct");
  });

  it("answers bad input with a JSON 4xx, never a 500", async () => {
    const cases: Array<[string, string, unknown, Record<string, string>?]> = [
      ["POST", "/signup", "{not json"],
      ["POST", "/signup", { email: 42, password: ["x"] }],
      ["POST", "/signup", { email: "x".repeat(10_000), password: "é".repeat(500) }],
      ["POST", "/signup", null],
      ["POST", "/signup", []],
      ["POST", "/signup", '"just a string"'],
      ["POST", "/signup/verify", { signup_token: "short", code: "abc" }],
      ["POST", "/signup/complete", { signup_token: "a".repeat(43), nickname: "" }],
      ["POST", "/tokens", { email: "a@b.jp" }],
      ["POST", "/me/password", {}],
      ["GET", "/me", undefined, { authorization: "Bearer" }],
      ["GET", "/me", undefined, { authorization: "Basic abc" }],
      ["GET", "/me", undefined, { authorization: `Bearer ${"a".repeat(43)}` }],
      ["POST", "/signup", "x".repeat(2 * 1024 * 1024)],
      ["GET", "/no-such-endpoint", undefined],
      ["DELETE", "/health", undefined],
    ];
    for (const [method, path, body, headers] of cases) {
      const r = await api(method, path, body, headers);
      expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path}`).toBeLessThan(500);
      expect(r.json?.error?.code, `${method} ${path}`).toEqual(expect.any(String));
      expect(r.json?.error?.message, `${method} ${path}`).toEqual(expect.any(String));
    }
  });

  it("gives field messages in the caller's language", async () => {
    const ja = await api("POST", "/signup", { email: "bad", password: "" });
    expect(ja.status).toBe(422);
    expect(ja.json.error.fields).toEqual({
      email: "メールアドレスの形式が正しくありません",
      password: "パスワードを入力してください",
    });
    const en = await api("POST", "/signup", { email: "bad", password: "" }, { "accept-language": "en" });
    expect(en.json.error.fields.password).toBe("Password is required");
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await fetch(`${server.url}/api/v1/signup`, { method: "POST", body: "email=a" });
    expect(res.status).toBe(415);
  });

  it("publishes an OpenAPI 3.1 document generated from the schemas", async () => {
    const r = await api("GET", "/openapi.json");
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe("3.1.0");
    for (const p of [
      "/health",
      "/signup",
      "/signup/verify",
      "/signup/complete",
      "/tokens",
      "/me",
      "/logout",
    ]) {
      expect(r.json.paths, p).toHaveProperty([p]);
    }
    const body = r.json.paths["/signup/verify"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties).sort()).toEqual(["code", "signup_token"]);
    expect(r.json.paths["/me"].get.security).toBeDefined();
  });
});
