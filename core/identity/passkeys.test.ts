import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { passkeys, rateLimits, sessions, users } from "#db/schema/index.ts";
import { createMember } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { totpCode } from "#tests/helpers/two-step.ts";
import { softwareAuthenticator, strangerKey } from "#tests/helpers/webauthn.ts";
import { confirmTotpEnrolment } from "./confirm-totp-enrolment.ts";
import { listPasskeys } from "./list-passkeys.ts";
import { relyingParty } from "./passkeys.ts";
import { hashPassword } from "./passwords.ts";
import { registerPasskey } from "./register-passkey.ts";
import { removePasskey } from "./remove-passkey.ts";
import { createSession, resolveSession, type SessionUser } from "./sessions.ts";
import { signInWithPasskey } from "./sign-in-with-passkey.ts";
import { passkeyRegistrationOptions } from "./start-passkey-registration.ts";
import { passkeySignInOptions } from "./start-passkey-sign-in.ts";
import { startTotpEnrolment } from "./start-totp-enrolment.ts";

const IP = "192.0.2.77";
const ORIGIN = "http://tsugu.test";
const UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

describe("the relying party", () => {
  it("is the site's host, and localhost for a loopback address", () => {
    expect(relyingParty("https://tsugu.example")).toEqual({
      id: "tsugu.example",
      name: "Tsugu",
      origins: ["https://tsugu.example"],
    });
    expect(relyingParty("http://127.0.0.1:3121")).toEqual({
      id: "localhost",
      name: "Tsugu",
      origins: ["http://127.0.0.1:3121", "http://localhost:3121"],
    });
  });
});

describe.each(ENGINES)("passkeys on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A member signed in just now, as a page sees them. */
  async function signedIn(o: { password?: boolean } = {}): Promise<SessionUser> {
    const m = await createMember(t);
    if (o.password !== false) {
      await t.ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword("passw0rd-ok") })
        .where(eq(users.id, m.id));
    }
    const { token } = await createSession(t.ctx, { userId: m.id, kind: "web", persistent: false, ip: IP });
    return (await resolveSession(t.ctx, token))!;
  }

  async function withPasskey(actor: SessionUser, o: { synced?: boolean } = {}) {
    const device = softwareAuthenticator({ rpId: "tsugu.test", origin: ORIGIN, ...o });
    const options = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    const passkey = await registerPasskey(t.ctx, {
      actor,
      response: device.register(options),
      userAgent: UA,
    });
    return { device, passkey };
  }

  const signIn = (response: unknown, ip = IP) =>
    signInWithPasskey(t.ctx, { response, kind: "web", persistent: true, ip, userAgent: UA });

  async function challenge() {
    return (await passkeySignInOptions(t.ctx)).challenge;
  }

  async function loginCount(ip = IP) {
    const [row] = await t.ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:ip:${ip}`));
    return row?.count ?? 0;
  }

  async function state(userId: number) {
    const keys = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    const open = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    return {
      keys: keys.map((k) => ({ counter: k.counter, lastUsedAt: k.lastUsedAt })),
      sessions: open.length,
    };
  }

  it("registers a passkey and signs in with it, no password and no second step", async () => {
    const actor = await signedIn();
    const options = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    expect(options.rp).toEqual({ id: "tsugu.test", name: "Tsugu" });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "preferred",
    });
    expect(options.user.name).toBe(actor.email);
    expect(options.excludeCredentials).toEqual([]);
    const device = softwareAuthenticator({ rpId: "tsugu.test", origin: ORIGIN, synced: true });
    const passkey = await registerPasskey(t.ctx, {
      actor,
      response: device.register(options),
      userAgent: UA,
    });
    expect(passkey).toMatchObject({ name: "Chrome（Android 14）", synced: true, lastUsedAt: null });
    // The member is told, with where to remove it.
    const added = await t.smtp.lastTo(actor.email);
    expect(added.subject).toBe("【Tsugu】アカウントにパスキーが追加されました");
    expect(added.text).toContain("Chrome（Android 14）");
    expect(added.text).toContain("http://tsugu.test/ja/settings/passkeys/");
    // A second one leaves out the first: the authenticator will not make it twice.
    const again = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    expect(again.excludeCredentials).toEqual([
      { id: device.id, transports: ["internal", "hybrid"], type: "public-key" },
    ]);

    // Two-step on: a passkey that verified its user still signs in at once.
    const { secret } = await startTotpEnrolment(t.ctx, { actor });
    await confirmTotpEnrolment(t.ctx, { actor, input: { code: totpCode(secret, t.clock.now().getTime()) } });
    const signIns = await signIn(device.assert(await challenge()));
    expect(signIns.twoStep).toBeNull();
    expect(signIns.user.id).toBe(actor.id);
    expect((await resolveSession(t.ctx, signIns.token))?.id).toBe(actor.id);
    const [listed] = await listPasskeys(t.ctx, { actor });
    expect(listed?.lastUsedAt).toEqual(t.clock.now());
    expect((await state(actor.id)).keys[0]?.counter).toBe(1);
    // The sign-in counts like a password typed.
    expect(await loginCount()).toBe(1);
  });

  it("asks a passkey that did not verify its user for the second step when two-step is on", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    const { secret } = await startTotpEnrolment(t.ctx, { actor });
    await confirmTotpEnrolment(t.ctx, { actor, input: { code: totpCode(secret, t.clock.now().getTime()) } });
    const r = await signIn(device.assert(await challenge(), { userVerified: false }));
    expect(r.token).toBeNull();
    expect(r.twoStep?.ticket).toEqual(expect.any(String));
  });

  it("refuses a replayed assertion: nothing changes, and it counts against the limits", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    const answer = device.assert(await challenge());
    await signIn(answer);
    const before = await state(actor.id);
    const replay = await failure(signIn(answer));
    expect(replay.code).toBe("UNAUTHORIZED");
    expect(said(replay).message.ja).toContain("すでに使われています");
    expect(said(replay).message.en).toContain("already used");
    expect(await state(actor.id)).toEqual(before);
    expect(await loginCount()).toBe(2);
  });

  it("refuses an assertion of another ceremony's challenge, and one whose challenge expired", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    const registration = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    const other = await failure(signIn(device.assert(registration.challenge)));
    expect(other.code).toBe("UNAUTHORIZED");
    expect(said(other).message.ja).toContain("有効期限");

    // A challenge of the right form that the server never signed.
    const forged = Buffer.from(`${(Date.now() + 60_000).toString(36)}.nonce.${"0".repeat(64)}`).toString(
      "base64url",
    );
    expect((await failure(signIn(device.assert(forged)))).code).toBe("UNAUTHORIZED");
    expect((await failure(signIn(device.assert("not-a-challenge")))).code).toBe("UNAUTHORIZED");

    const late = await challenge();
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await failure(signIn(device.assert(late)))).code).toBe("UNAUTHORIZED");
    expect((await state(actor.id)).sessions).toBe(1);
  });

  it("refuses a foreign assertion: a credential never registered, or a registered one signed by another key", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    const stranger = softwareAuthenticator({ rpId: "tsugu.test", origin: ORIGIN });
    const unknown = await failure(signIn(stranger.assert(await challenge())));
    expect(unknown.code).toBe("UNAUTHORIZED");
    expect(unknown.reasonCode).toBe("user-not-found");
    expect(said(unknown).message.ja).toContain("登録されていません");

    const before = await state(actor.id);
    const forged = await failure(signIn(device.assert(await challenge(), { signWith: strangerKey() })));
    expect(forged.code).toBe("UNAUTHORIZED");
    expect(said(forged).message.ja).toContain("パスキーを確認できませんでした");
    expect(await state(actor.id)).toEqual(before);
    expect(await loginCount()).toBe(2);
  });

  it("refuses another account's passkey: its user handle, its registration challenge, its removal", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const { device: alices } = await withPasskey(alice);
    const { passkey: bobs } = await withPasskey(bob);
    // Alice's credential answering as Bob.
    const bobOptions = await passkeyRegistrationOptions(t.ctx, { actor: bob, ip: IP });
    const mismatch = await failure(
      signIn(alices.assert(await challenge(), { userHandle: bobOptions.user.id })),
    );
    expect(mismatch.code).toBe("UNAUTHORIZED");
    expect(mismatch.reasonCode).toBe("user-mismatch");
    // A registration challenge Bob asked for, answered in Alice's session.
    const device = softwareAuthenticator({ rpId: "tsugu.test", origin: ORIGIN });
    const taken = await failure(
      registerPasskey(t.ctx, { actor: alice, response: device.register(bobOptions) }),
    );
    expect(taken.code).toBe("FORBIDDEN");
    expect(taken.reasonCode).toBe("user-mismatch");
    // Bob's passkey is not Alice's to remove.
    const removal = await failure(removePasskey(t.ctx, { actor: alice, passkeyId: bobs.id }));
    expect(removal.code).toBe("NOT_FOUND");
    expect(await listPasskeys(t.ctx, { actor: bob })).toHaveLength(1);
    expect(await listPasskeys(t.ctx, { actor: alice })).toHaveLength(1);
  });

  it("refuses another origin or relying party, at registration and at sign-in", async () => {
    const actor = await signedIn();
    const phishing = softwareAuthenticator({ rpId: "tsugu.test", origin: "https://tsugu-login.example" });
    const options = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    expect(
      (await failure(registerPasskey(t.ctx, { actor, response: phishing.register(options) }))).code,
    ).toBe("UNAUTHORIZED");
    const otherRp = softwareAuthenticator({ rpId: "evil.example", origin: ORIGIN });
    const options2 = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    expect(
      (await failure(registerPasskey(t.ctx, { actor, response: otherRp.register(options2) }))).code,
    ).toBe("UNAUTHORIZED");
    expect(await listPasskeys(t.ctx, { actor })).toEqual([]);

    const { device } = await withPasskey(actor);
    const wrongOrigin = await failure(
      signIn(device.assert(await challenge(), { origin: "https://evil.example" })),
    );
    expect(wrongOrigin.code).toBe("UNAUTHORIZED");
    const wrongRp = await failure(signIn(device.assert(await challenge(), { rpId: "evil.example" })));
    expect(wrongRp.code).toBe("UNAUTHORIZED");
    const wrongType = await failure(signIn(device.assert(await challenge(), { type: "webauthn.create" })));
    expect(wrongType.code).toBe("UNAUTHORIZED");
    expect((await state(actor.id)).sessions).toBe(1);
  });

  it("refuses a counter that goes backwards (a cloned authenticator)", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    await signIn(device.assert(await challenge(), { counter: 7 }));
    const before = await state(actor.id);
    expect(before.keys[0]?.counter).toBe(7);
    const cloned = await failure(signIn(device.assert(await challenge(), { counter: 3 })));
    expect(cloned.code).toBe("UNAUTHORIZED");
    expect(await state(actor.id)).toEqual(before);
  });

  it("answers malformed answers with a 400, and counts them", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    const good = device.assert(await challenge());
    const bad: unknown[] = [
      null,
      "{",
      42,
      {},
      { ...good, type: "password" },
      { ...good, rawId: "other" },
      { ...good, response: { ...good.response, clientDataJSON: "not json" } },
      { ...good, response: { ...good.response, clientDataJSON: Buffer.from("[1]").toString("base64url") } },
      { ...good, response: { ...good.response, signature: "x".repeat(20_000) } },
      { ...good, id: "a/b", rawId: "a/b" },
    ];
    for (const body of bad) {
      const e = await failure(signIn(body));
      expect(e.code, JSON.stringify(body)?.slice(0, 80)).toBe("BAD_REQUEST");
      expect(said(e).message.ja).toContain("形式");
    }
    const e = await failure(registerPasskey(t.ctx, { actor, response: { id: 1 } }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(await loginCount()).toBe(bad.length);
    // The good answer still works: a malformed one used no challenge.
    expect((await signIn(good)).token).toEqual(expect.any(String));
    // What some browsers send for "not known" is no mistake.
    const nulls = device.assert(await challenge());
    const plain = {
      ...nulls,
      authenticatorAttachment: null,
      response: { ...nulls.response, userHandle: null },
    };
    expect((await signIn(plain)).token).toEqual(expect.any(String));
  });

  it("blocks the network after too many attempts", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    for (let i = 0; i < 30; i++) await failure(signIn({}, "198.51.100.9"));
    const blocked = await failure(signIn(device.assert(await challenge()), "198.51.100.9"));
    expect(blocked.code).toBe("RATE_LIMITED");
  });

  it("refuses a suspended member's passkey", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    await t.ctx.db.update(users).set({ suspendedAt: t.clock.now() }).where(eq(users.id, actor.id));
    expect((await failure(signIn(device.assert(await challenge())))).code).toBe("FORBIDDEN");
  });

  it("refuses the same credential twice", async () => {
    const actor = await signedIn();
    const { device } = await withPasskey(actor);
    const options = await passkeyRegistrationOptions(t.ctx, { actor, ip: IP });
    const twice = await failure(registerPasskey(t.ctx, { actor, response: device.register(options) }));
    expect(twice.code).toBe("CONFLICT");
    const replayed = await failure(registerPasskey(t.ctx, { actor, response: device.register(options) }));
    expect(replayed.code).toBe("UNAUTHORIZED");
  });

  it("removes a passkey only soon after signing in, and never a password-less member's last", async () => {
    const actor = await signedIn({ password: false });
    const first = await withPasskey(actor);
    const second = await withPasskey(actor);
    t.clock.advance(10 * 60 * 1000 + 1);
    const stale = await failure(removePasskey(t.ctx, { actor, passkeyId: first.passkey.id }));
    expect(stale.code).toBe("FORBIDDEN");
    expect(said(stale).message.ja).toContain("もう一度ログイン");
    expect(await listPasskeys(t.ctx, { actor })).toHaveLength(2);

    // Signed in again (with a passkey): now it may.
    const fresh = await signIn(first.device.assert(await challenge()));
    const again = (await resolveSession(t.ctx, fresh.token))!;
    await removePasskey(t.ctx, { actor: again, passkeyId: first.passkey.id });
    expect((await t.smtp.lastTo(actor.email)).subject).toBe("【Tsugu】アカウントのパスキーが削除されました");
    expect((await listPasskeys(t.ctx, { actor })).map((p) => p.id)).toEqual([second.passkey.id]);
    const last = await failure(removePasskey(t.ctx, { actor: again, passkeyId: second.passkey.id }));
    expect(last.code).toBe("CONFLICT");
    expect(said(last).message.en).toContain("no password");
    expect(await failure(signIn(first.device.assert(await challenge())))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    // With a password, the last one may go.
    await t.ctx.db.update(users).set({ passwordHash: "x" }).where(eq(users.id, actor.id));
    await removePasskey(t.ctx, { actor: again, passkeyId: second.passkey.id });
    expect(await listPasskeys(t.ctx, { actor })).toEqual([]);
  });
});
