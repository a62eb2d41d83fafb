import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { users } from "#db/schema/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { softwareAuthenticator } from "../helpers/webauthn.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function api(method: string, path: string, o: { body?: unknown; token?: string; lang?: string } = {}) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(o.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      "accept-language": o.lang ?? "ja",
    },
    body: o.body === undefined ? undefined : typeof o.body === "string" ? o.body : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

let members = 0;
async function member() {
  members += 1;
  const [row] = await server.ctx.db
    .insert(users)
    .values({
      email: `passkey-http-${members}@example.jp`,
      nickname: `パスキー${members}`,
      emailVerifiedAt: new Date(),
    })
    .returning();
  const { token } = await createSession(server.ctx, { userId: row!.id, kind: "api", persistent: true });
  return { id: row!.id, token };
}

/** A member with a passkey made through the API, and its authenticator. */
async function withPasskey() {
  const m = await member();
  const device = softwareAuthenticator({ rpId: "localhost", origin: server.url });
  const options = await api("POST", "/me/passkeys/options", { token: m.token });
  expect(options.status).toBe(201);
  const made = await api("POST", "/me/passkeys", {
    token: m.token,
    body: { credential_json: JSON.stringify(device.register(JSON.parse(options.json.options_json))) },
  });
  expect(made.status).toBe(201);
  return { ...m, device, passkeyId: made.json.passkey.id as number };
}

async function signInChallenge(): Promise<string> {
  const r = await api("POST", "/tokens/passkey/options");
  expect(r.status).toBe(201);
  return JSON.parse(r.json.options_json).challenge;
}

describe("passkeys over the API", () => {
  it("makes a passkey, lists it, and logs in with it for a bearer token", async () => {
    const m = await member();
    const options = await api("POST", "/me/passkeys/options", { token: m.token });
    const parsed = JSON.parse(options.json.options_json);
    // The WebAuthn JSON keeps its own names inside the string.
    expect(parsed.rp).toEqual({ id: "localhost", name: "Tsugu" });
    expect(parsed.authenticatorSelection).toMatchObject({ residentKey: "required" });
    const device = softwareAuthenticator({ rpId: "localhost", origin: server.url, synced: true });
    const made = await api("POST", "/me/passkeys", {
      token: m.token,
      body: { credential_json: JSON.stringify(device.register(parsed)) },
    });
    expect(made.status).toBe(201);
    expect(made.json.passkey).toMatchObject({ synced: true, last_used_at: null });
    const listed = await api("GET", "/me/passkeys", { token: m.token });
    expect(listed.json.passkeys).toHaveLength(1);

    const signedIn = await api("POST", "/tokens/passkey", {
      body: { credential_json: JSON.stringify(device.assert(await signInChallenge())) },
    });
    expect(signedIn.status).toBe(201);
    expect(signedIn.json.user.id).toBe(m.id);
    const me = await api("GET", "/me", { token: signedIn.json.token });
    expect(me.json.id).toBe(m.id);
  });

  it("refuses a replayed, foreign or malformed assertion with a clear 4xx, never a 500", async () => {
    const { device } = await withPasskey();
    const answer = JSON.stringify(device.assert(await signInChallenge()));
    expect((await api("POST", "/tokens/passkey", { body: { credential_json: answer } })).status).toBe(201);
    const replay = await api("POST", "/tokens/passkey", { body: { credential_json: answer } });
    expect(replay.status).toBe(401);
    expect(replay.json.error.message).toContain("すでに使われています");

    const stranger = softwareAuthenticator({ rpId: "localhost", origin: server.url });
    const foreign = await api("POST", "/tokens/passkey", {
      body: { credential_json: JSON.stringify(stranger.assert(await signInChallenge())) },
      lang: "en",
    });
    expect(foreign.status).toBe(401);
    expect(foreign.json.error).toMatchObject({ reason: "user-not-found" });
    expect(foreign.json.error.message).toContain("not registered");

    for (const credential_json of ["{", "[]", '{"id":"x"}', "null", "x".repeat(2000)]) {
      const bad = await api("POST", "/tokens/passkey", { body: { credential_json } });
      expect(bad.status, credential_json.slice(0, 20)).toBe(400);
      expect(bad.json.error.message).toBe("パスキーの応答の形式が正しくありません");
    }
    expect((await api("POST", "/tokens/passkey", { body: "{not json" })).status).toBe(400);
    expect((await api("POST", "/tokens/passkey", { body: { credential_json: 5 } })).status).toBe(422);
  });

  it("keeps each member's passkeys their own", async () => {
    const alice = await withPasskey();
    const bob = await withPasskey();
    // Bob's challenge answered in Alice's name.
    const bobs = await api("POST", "/me/passkeys/options", { token: bob.token });
    const device = softwareAuthenticator({ rpId: "localhost", origin: server.url });
    const taken = await api("POST", "/me/passkeys", {
      token: alice.token,
      body: { credential_json: JSON.stringify(device.register(JSON.parse(bobs.json.options_json))) },
    });
    expect(taken.status).toBe(403);
    expect(taken.json.error.reason).toBe("user-mismatch");
    const removal = await api("DELETE", `/me/passkeys/${bob.passkeyId}`, { token: alice.token });
    expect(removal.status).toBe(404);
    expect((await api("GET", "/me/passkeys", { token: bob.token })).json.passkeys).toHaveLength(1);
    // A member removes their own (just signed in; they have no password, but a second passkey).
    const second = softwareAuthenticator({ rpId: "localhost", origin: server.url });
    const options = await api("POST", "/me/passkeys/options", { token: alice.token });
    await api("POST", "/me/passkeys", {
      token: alice.token,
      body: { credential_json: JSON.stringify(second.register(JSON.parse(options.json.options_json))) },
    });
    expect((await api("DELETE", `/me/passkeys/${alice.passkeyId}`, { token: alice.token })).status).toBe(204);
    const list = (await api("GET", "/me/passkeys", { token: alice.token })).json.passkeys as Json[];
    expect(list).toHaveLength(1);
    const last = await api("DELETE", `/me/passkeys/${list[0]!.id}`, { token: alice.token });
    expect(last.status).toBe(409);
  });
});

describe("passkeys on the sign-in page", () => {
  async function page(lang: string, body: unknown) {
    const res = await fetch(`${server.url}/${lang}/login/passkey/`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: server.url },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { res, json: (await res.json()) as Json };
  }

  it("opens a cookie session and says where to go; refuses a bad answer in the page's language", async () => {
    const m = await withPasskey();
    const options = await page("ja", { step: "options" });
    expect(options.res.status).toBe(200);
    const credential = m.device.assert(options.json.options.challenge);
    const ok = await page("ja", { credential, remember: false, redirect: "/ja/settings/passkeys/" });
    expect(ok.res.status).toBe(200);
    expect(ok.json).toEqual({ to: "/ja/settings/passkeys/" });
    const cookies = ok.res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("tsugu=") && !/Max-Age/i.test(c))).toBe(true);

    const replay = await page("en", { credential });
    expect(replay.res.status).toBe(401);
    expect(replay.json.error).toContain("already used");
    expect(replay.res.headers.getSetCookie().some((c) => c.startsWith("tsugu="))).toBe(false);
    // A redirect elsewhere is not followed.
    const next = await page("ja", { step: "options" });
    const away = await page("ja", {
      credential: m.device.assert(next.json.options.challenge),
      redirect: "https://evil.example/",
    });
    expect(away.json).toEqual({ to: "/ja/mypage/" });
    for (const body of ["{", "null", { credential: "x" }, { credential: { id: 1 } }]) {
      const bad = await page("ja", body);
      expect(bad.res.status).toBe(400);
      expect(bad.json.error).toBe("パスキーの応答の形式が正しくありません");
    }
  });
});
