import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecaptchaBotCheck } from "#core/identity/bot-check-recaptcha.ts";
import { createTurnstileBotCheck } from "#core/identity/bot-check-turnstile.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { type FakeBotCheck, startFakeBotCheck } from "../helpers/fake-bot-check.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

let server: TestServer;
let fake: FakeBotCheck;
beforeAll(async () => {
  [server, fake] = await Promise.all([startTestServer(), startFakeBotCheck()]);
});
afterAll(async () => {
  await Promise.allSettled([server?.close(), fake?.close()]);
});

async function api(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

async function postForm(path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("bot check through the API", () => {
  it("answers missing-recaptcha-token without a token, refuses a bot, accepts a person", async () => {
    const body = { email: "api-bot@example.jp", password: "passw0rd-ok" };
    const missing = await api("/signup", body, { "accept-language": "en" });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: "BAD_REQUEST", reason: "missing-recaptcha-token" });
    expect(missing.json.error.message).toContain("not a robot");
    const bot = await api("/signup", {
      ...body,
      bot_check_token: await sandboxBotToken(server.url, "signup", { bot: true }),
    });
    expect(bot.status).toBe(403);
    expect(bot.json.error).toMatchObject({ code: "FORBIDDEN", reason: "captcha-check-failed" });
    const forged = await api("/signup", { ...body, bot_check_token: "not-a-token" });
    expect(forged.status).toBe(403);
    const otherAction = await api("/signup", {
      ...body,
      bot_check_token: await sandboxBotToken(server.url, "login"),
    });
    expect(otherAction.status).toBe(403);
    const huge = await api("/signup", { ...body, bot_check_token: "x".repeat(5000) });
    expect(huge.status).toBe(422);
    const token = await sandboxBotToken(server.url, "signup");
    const ok = await api("/signup", { ...body, bot_check_token: token });
    expect(ok.status).toBe(202);
    const replay = await api("/signup", { ...body, bot_check_token: token });
    expect(replay.json.error.reason).toBe("missing-recaptcha-token");
  });

  it("asks for a token on a password reset request", async () => {
    const missing = await api("/password-reset", { email: "someone@example.jp" });
    expect(missing.status).toBe(400);
    expect(missing.json.error.reason).toBe("missing-recaptcha-token");
    const ok = await api("/password-reset", {
      email: "someone@example.jp",
      bot_check_token: await sandboxBotToken(server.url, "password_reset"),
    });
    expect(ok.status).toBe(202);
  });

  it("asks for a token on sign-in after two failures for the address", async () => {
    const wrong = { email: "nobody-here@example.jp", password: "wrong-pass1" };
    expect((await api("/tokens", wrong)).status).toBe(401);
    expect((await api("/tokens", wrong)).status).toBe(401);
    const third = await api("/tokens", wrong);
    expect(third.status).toBe(400);
    expect(third.json.error.reason).toBe("missing-recaptcha-token");
    const checked = await api("/tokens", {
      ...wrong,
      bot_check_token: await sandboxBotToken(server.url, "login"),
    });
    expect(checked.status).toBe(401);
  });

  it("documents the token field and its answers in OpenAPI", async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as Json;
    for (const path of ["/signup", "/tokens", "/password-reset"]) {
      const op = doc.paths[path].post;
      expect(Object.keys(op.requestBody.content["application/json"].schema.properties)).toContain(
        "bot_check_token",
      );
      expect(op.responses["400"].description).toContain("missing-recaptcha-token");
    }
  });

  it("the sandbox hands out tokens only for a named action, never cached", async () => {
    expect((await fetch(`${server.url}/sandbox/bot-check/token`)).status).toBe(400);
    expect((await fetch(`${server.url}/sandbox/bot-check/token?action=checkout`)).status).toBe(400);
    const res = await fetch(`${server.url}/sandbox/bot-check/token?action=signup`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(((await res.json()) as Json).token).toMatch(/^sbx\.signup\./);
  });
});

describe("bot check on the pages, without scripts", () => {
  it("renders a sandbox token for visitors without scripts; without it the form keeps what was typed", async () => {
    const page = parse(await (await fetch(`${server.url}/ja/signup/email/`)).text());
    const noscript = page.querySelector("noscript")?.innerHTML ?? "";
    const token = /value="([^"]+)"/.exec(noscript)?.[1] ?? "";
    expect(token).toMatch(/^sbx\.signup\./);
    const fields = { intent: "start", email: "nojs@example.jp", password: "passw0rd-ok" };
    const missing = await postForm("/ja/signup/email/", fields);
    expect(missing.status).toBe(400);
    const doc = parse(await missing.text());
    expect(doc.querySelector('[role="alert"]')?.text).toBe(
      "ロボットによる操作でないことを確認できませんでした。JavaScript を有効にして、もう一度送信してください",
    );
    expect(doc.querySelector('input[name="email"]')?.getAttribute("value")).toBe("nojs@example.jp");
    const bot = await postForm("/en/reset-password/", {
      email: "nojs@example.jp",
      botCheckToken: await sandboxBotToken(server.url, "password_reset", { bot: true }),
    });
    expect(bot.status).toBe(403);
    expect(parse(await bot.text()).querySelector('[role="alert"]')?.text).toBe(
      "This looked like an automated request, so it was not accepted. Please try again later",
    );
    // The browser sends the empty script field first and the rendered token after it.
    const sent = await fetch(`${server.url}/ja/signup/email/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: `${new URLSearchParams(fields)}&botCheckToken=&botCheckToken=${encodeURIComponent(token)}`,
      redirect: "manual",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/ja/signup/email/?sent=1");
  });
});

describe("Turnstile and reCAPTCHA Enterprise adapters, against a local fake", () => {
  const ip = "198.51.100.7";

  it("Turnstile: siteverify with the secret, single use, bound to the action", async () => {
    const check = createTurnstileBotCheck({ ...fake.turnstile, apiBase: fake.url });
    expect(check.siteKey).toBe(fake.turnstile.siteKey);
    const token = fake.token("signup");
    expect(await check.verify({ token, action: "signup", ip })).toEqual({ ok: true, reason: "ok" });
    expect(fake.requests.at(-1)).toEqual({
      path: "/turnstile/v0/siteverify",
      body: { secret: fake.turnstile.secretKey, response: token, remoteip: ip },
    });
    expect(await check.verify({ token, action: "signup", ip })).toEqual({ ok: false, reason: "expired" });
    expect(await check.verify({ token: fake.token("login"), action: "signup", ip })).toEqual({
      ok: false,
      reason: "wrong-action",
    });
    expect((await check.verify({ token: fake.token("login", 0.1), action: "login", ip })).reason).toBe("bot");
    const wrongSecret = createTurnstileBotCheck({
      ...fake.turnstile,
      secretKey: "0x4wrong-secret",
      apiBase: fake.url,
    });
    await expect(wrongSecret.verify({ token: fake.token("login"), action: "login", ip })).rejects.toThrow(
      /secret/,
    );
  });

  it("reCAPTCHA Enterprise: an assessment per token, refused below the score threshold", async () => {
    const check = createRecaptchaBotCheck({ ...fake.recaptcha, scoreThreshold: 0.5, apiBase: fake.url });
    const token = fake.token("login", 0.7);
    expect(await check.verify({ token, action: "login", ip })).toEqual({
      ok: true,
      score: 0.7,
      reason: "ok",
    });
    expect(fake.requests.at(-1)).toEqual({
      path: `/v1/projects/${fake.recaptcha.projectId}/assessments`,
      body: { event: { token, siteKey: fake.recaptcha.siteKey, expectedAction: "login", userIpAddress: ip } },
    });
    expect(await check.verify({ token, action: "login", ip })).toEqual({ ok: false, reason: "replayed" });
    expect(await check.verify({ token: fake.token("login", 0.3), action: "login", ip })).toEqual({
      ok: false,
      score: 0.3,
      reason: "bot",
    });
    expect((await check.verify({ token: fake.token("signup"), action: "login", ip })).reason).toBe(
      "wrong-action",
    );
    expect((await check.verify({ token: "made-up", action: "login", ip })).reason).toBe("invalid");
    const wrongKey = createRecaptchaBotCheck({
      ...fake.recaptcha,
      apiKey: "AIzaWrongKey0123456789abcdef",
      scoreThreshold: 0.5,
      apiBase: fake.url,
    });
    await expect(wrongKey.verify({ token: fake.token("login"), action: "login", ip })).rejects.toThrow(/403/);
  });

  it("is chosen by settings, which are checked at start", () => {
    const base = { NODE_ENV: "test", DATA_DIR: server.dataDir, SESSION_SECRET: "s".repeat(32) };
    expect(loadConfig(base)).toMatchObject({ turnstile: undefined, recaptcha: undefined });
    expect(
      loadConfig({
        ...base,
        TURNSTILE_SITE_KEY: fake.turnstile.siteKey,
        TURNSTILE_SECRET_KEY: fake.turnstile.secretKey,
      }).turnstile,
    ).toEqual({ siteKey: fake.turnstile.siteKey, secretKey: fake.turnstile.secretKey });
    expect(
      loadConfig({
        ...base,
        RECAPTCHA_PROJECT_ID: fake.recaptcha.projectId,
        RECAPTCHA_API_KEY: fake.recaptcha.apiKey,
        RECAPTCHA_SITE_KEY: fake.recaptcha.siteKey,
      }).recaptcha,
    ).toEqual({ ...fake.recaptcha, scoreThreshold: 0.5 });
    expect(() => loadConfig({ ...base, TURNSTILE_SITE_KEY: fake.turnstile.siteKey })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...base,
        TURNSTILE_SITE_KEY: fake.turnstile.siteKey,
        TURNSTILE_SECRET_KEY: fake.turnstile.secretKey,
        RECAPTCHA_PROJECT_ID: fake.recaptcha.projectId,
        RECAPTCHA_API_KEY: fake.recaptcha.apiKey,
        RECAPTCHA_SITE_KEY: fake.recaptcha.siteKey,
      }),
    ).toThrow(/choose one bot check/);
    expect(() => loadConfig({ ...base, RECAPTCHA_SCORE_THRESHOLD: "1.5" })).toThrow(/between 0.0 and 1.0/);
  });
});
