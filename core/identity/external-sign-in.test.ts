import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  challenges,
  externalIdentities,
  rateLimits,
  sessions,
  twoStepSettings,
  users,
} from "#db/schema/index.ts";
import { createTestCore, failure, said, TEST_PUBLIC_URL, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { type LocalOpenIdProvider, startLocalOpenIdProvider } from "#tests/helpers/oidc.ts";
import { codeIn } from "#tests/helpers/smtp.ts";
import { keyedHash } from "../shared/secrets.ts";
import { chooseExternalEmail } from "./choose-external-email.ts";
import { completeExternalSignup } from "./complete-external-signup.ts";
import type { ExternalIntent } from "./external-trip.ts";
import { finishExternalSignIn } from "./finish-external-sign-in.ts";
import { pendingExternal } from "./get-pending-external.ts";
import { createOidcProviders } from "./identity-providers.ts";
import { proveExternalByCode, proveExternalByPassword } from "./link-external-account.ts";
import { listLinkedAccounts, unlinkAccount } from "./linked-accounts.ts";
import { hashPassword } from "./passwords.ts";
import { sendExternalCode } from "./send-external-code.ts";
import { resolveSession } from "./sessions.ts";
import { startExternalSignIn } from "./start-external-sign-in.ts";
import { twoStepTicketMethods } from "./two-step-login.ts";

const PASSWORD = "passw0rd-ok";
let counter = 0;

/** Everything a bad answer must leave as it was: members, linked accounts, sessions. */
async function snapshot(t: TestCore) {
  const [u, x, s] = await Promise.all([
    t.ctx.db.select({ id: users.id }).from(users),
    t.ctx.db.select({ id: externalIdentities.id }).from(externalIdentities),
    t.ctx.db.select({ id: sessions.id }).from(sessions),
  ]);
  return { users: u.length, identities: x.length, sessions: s.length };
}

async function failuresOf(t: TestCore, ip: string): Promise<number> {
  const [row] = await t.ctx.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `oidc-failed:ip:${ip}`));
  return row?.count ?? 0;
}

async function tripPayload(t: TestCore, ticket: string) {
  const [row] = await t.ctx.db
    .select()
    .from(challenges)
    .where(eq(challenges.ticketHash, keyedHash(t.ctx.secret, ticket)));
  return row!.payload as { state: string; nonce: string; codeVerifier: string };
}

describe.each(ENGINES)("signing in with LINE, Google and Apple on %s", (engine) => {
  let t: TestCore;
  let line: LocalOpenIdProvider;
  let google: LocalOpenIdProvider;
  let other: LocalOpenIdProvider;

  beforeAll(async () => {
    t = await createTestCore(engine);
    [line, google, other] = await Promise.all([
      startLocalOpenIdProvider("line", { redirectBase: TEST_PUBLIC_URL }),
      startLocalOpenIdProvider("google", { redirectBase: TEST_PUBLIC_URL }),
      // Another issuer that knows our Google client too: its ID tokens must never pass for Google's.
      startLocalOpenIdProvider("google", { redirectBase: TEST_PUBLIC_URL }),
    ]);
    t.ctx.identityProviders = createOidcProviders({ line: line.settings, google: google.settings });
  });
  afterAll(async () => {
    await Promise.all([line?.close(), google?.close(), other?.close()]);
    await t?.close();
  });

  function person(
    at: LocalOpenIdProvider,
    account: { email?: string; emailVerified?: boolean; name?: string },
  ) {
    counter += 1;
    const subject = `subject-${engine}-${counter}`;
    at.accounts.set(subject, account);
    return subject;
  }

  async function member(o: { password?: boolean; email?: string } = {}) {
    counter += 1;
    const [u] = await t.ctx.db
      .insert(users)
      .values({
        email: o.email ?? `member-${engine}-${counter}@example.jp`,
        nickname: `member${counter}`,
        passwordHash: o.password === false ? null : await hashPassword(PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .returning();
    return u!;
  }

  /** A whole trip: start, sign in at the provider as `subject`, come back. */
  async function trip(
    at: LocalOpenIdProvider,
    subject: string,
    o: { intent?: ExternalIntent; actor?: { id: number; email: string }; ip?: string } = {},
  ) {
    const provider = at === line ? "line" : "google";
    const ip = o.ip ?? "192.0.2.60";
    const started = await startExternalSignIn(t.ctx, {
      provider,
      intent: o.intent ?? "sign-in",
      actor: o.actor ?? null,
      redirect: "/ja/mypage/",
      ip,
    });
    const params = await at.signIn(started.url, subject);
    return {
      ...started,
      params,
      finish: () => finishExternalSignIn(t.ctx, { provider, ticket: started.ticket, params, ip }),
    };
  }

  it("signs up a new member with the provider's verified address, then signs them in again", async () => {
    const email = `new-${engine}@example.jp`;
    const subject = person(line, { email, name: "ライン 太郎" });
    const first = await (await trip(line, subject)).finish();
    expect(first).toMatchObject({ kind: "pending", accountExists: false, redirect: "/ja/mypage/" });
    if (first.kind !== "pending") throw new Error("pending expected");
    expect(await pendingExternal(t.ctx, first.ticket)).toMatchObject({
      provider: "line",
      email,
      proven: true,
      accountExists: false,
      name: "ライン 太郎",
    });
    const done = await completeExternalSignup(t.ctx, {
      ticket: first.ticket,
      input: { nickname: "らいん" },
      ip: "192.0.2.60",
      locale: "ja",
    });
    const session = await resolveSession(t.ctx, done.token);
    expect(session).toMatchObject({ email, nickname: "らいん" });
    const [created] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(created!.passwordHash).toBeNull();
    expect(created!.emailVerifiedAt).not.toBeNull();
    // The ticket was used once.
    expect(await pendingExternal(t.ctx, first.ticket)).toBeNull();

    const again = await (await trip(line, subject)).finish();
    expect(again.kind).toBe("session");
    if (again.kind !== "session") throw new Error("session expected");
    expect((await resolveSession(t.ctx, again.token))!.id).toBe(created!.id);
    expect((await listLinkedAccounts(t.ctx, { actor: created! })).linked).toMatchObject([
      { provider: "line", email },
    ]);
  });

  it("asks a provider without an address (LINE without the e-mail permission) for one, proven by a mailed code", async () => {
    const subject = person(line, { name: "No Mail" });
    const first = await (await trip(line, subject)).finish();
    if (first.kind !== "pending") throw new Error("pending expected");
    expect(await pendingExternal(t.ctx, first.ticket)).toMatchObject({ email: null, proven: false });
    const email = `typed-${engine}@example.jp`;
    await chooseExternalEmail(t.ctx, {
      ticket: first.ticket,
      input: { email },
      ip: "192.0.2.61",
      locale: "ja",
    });
    const mail = await t.smtp.lastTo(email);
    expect(mail.text).toContain("LINE");
    const wrong = await failure(
      proveExternalByCode(t.ctx, {
        ticket: first.ticket,
        input: { code: codeIn(mail.text) === "000000" ? "111111" : "000000" },
        ip: "192.0.2.61",
      }),
    );
    expect(wrong.code).toBe("VALIDATION");
    const proven = await proveExternalByCode(t.ctx, {
      ticket: first.ticket,
      input: { code: codeIn(mail.text) },
      ip: "192.0.2.61",
    });
    expect(proven).toEqual({ kind: "proven" });
    const done = await completeExternalSignup(t.ctx, {
      ticket: first.ticket,
      input: { nickname: "nomail" },
      ip: "192.0.2.61",
      locale: "en",
    });
    expect(await resolveSession(t.ctx, done.token)).toMatchObject({ email, locale: "en" });
  });

  it("does not sign in to an account with the same address until its member proves it (account-exists-with-different-credential)", async () => {
    const owner = await member();
    const subject = person(google, { email: owner.email });
    const before = await snapshot(t);
    const first = await (await trip(google, subject)).finish();
    expect(first).toMatchObject({ kind: "pending", accountExists: true });
    if (first.kind !== "pending") throw new Error("pending expected");
    // Nothing signed in, nothing linked yet.
    expect(await snapshot(t)).toEqual(before);
    expect(await pendingExternal(t.ctx, first.ticket)).toMatchObject({
      email: owner.email,
      accountExists: true,
      proven: false,
    });
    const wrong = await failure(
      proveExternalByPassword(t.ctx, {
        ticket: first.ticket,
        input: { password: "not-the-password" },
        ip: "192.0.2.62",
      }),
    );
    expect(wrong.code).toBe("VALIDATION");
    expect(said(wrong).fields.password!.ja).toBe("パスワードが正しくありません");
    expect(await snapshot(t)).toEqual(before);
    const done = await proveExternalByPassword(t.ctx, {
      ticket: first.ticket,
      input: { password: PASSWORD },
      ip: "192.0.2.62",
    });
    expect(done.kind).toBe("session");
    const [linked] = await t.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, subject));
    expect(linked!.userId).toBe(owner.id);
    // From now on the provider alone signs them in.
    expect((await (await trip(google, subject)).finish()).kind).toBe("session");
  });

  it("lets the member of an existing account prove it by a code mailed to the address instead", async () => {
    const owner = await member({ password: false });
    const subject = person(line, { email: owner.email });
    const first = await (await trip(line, subject)).finish();
    if (first.kind !== "pending") throw new Error("pending expected");
    await sendExternalCode(t.ctx, { ticket: first.ticket, ip: "192.0.2.63", locale: "ja" });
    const code = codeIn((await t.smtp.lastTo(owner.email)).text);
    const done = await proveExternalByCode(t.ctx, {
      ticket: first.ticket,
      input: { code },
      ip: "192.0.2.63",
    });
    expect(done.kind).toBe("session");
    expect((await listLinkedAccounts(t.ctx, { actor: owner })).linked.map((l) => l.provider)).toEqual([
      "line",
    ]);
  });

  it("links a provider to the signed-in member, never one that is another member's, and unlinks all but the last way in", async () => {
    const owner = await member({ password: false });
    const lineSubject = person(line, { email: `line-${owner.email}` });
    const googleSubject = person(google, { email: `google-${owner.email}` });
    // The first link of a member without a password: it becomes their way in.
    expect(await (await trip(line, lineSubject, { intent: "link", actor: owner })).finish()).toMatchObject({
      kind: "linked",
      provider: "line",
    });
    expect(
      await (await trip(google, googleSubject, { intent: "link", actor: owner })).finish(),
    ).toMatchObject({ kind: "linked" });
    expect(await listLinkedAccounts(t.ctx, { actor: owner })).toMatchObject({
      linked: [{ provider: "line" }, { provider: "google" }],
      available: [],
    });

    const someoneElse = await member();
    const taken = await failure(
      (await trip(google, googleSubject, { intent: "link", actor: someoneElse })).finish(),
    );
    expect(taken).toMatchObject({ code: "CONFLICT", reasonCode: "provider-already-linked" });
    const second = await failure(
      (await trip(google, person(google, {}), { intent: "link", actor: owner })).finish(),
    );
    expect(second).toMatchObject({ code: "CONFLICT", reasonCode: "provider-already-linked" });

    await unlinkAccount(t.ctx, { actor: owner, provider: "google" });
    const last = await failure(unlinkAccount(t.ctx, { actor: owner, provider: "line" }));
    expect(last.code).toBe("CONFLICT");
    expect(said(last).message.ja).toContain("ほかにログインする方法がないため");
    expect((await failure(unlinkAccount(t.ctx, { actor: owner, provider: "google" }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(unlinkAccount(t.ctx, { actor: owner, provider: "myspace" }))).code).toBe(
      "NOT_FOUND",
    );
    // With a password, the last provider can go.
    const withPassword = await member();
    await (await trip(line, person(line, {}), { intent: "link", actor: withPassword })).finish();
    await unlinkAccount(t.ctx, { actor: withPassword, provider: "line" });
    expect((await listLinkedAccounts(t.ctx, { actor: withPassword })).linked).toEqual([]);
  });

  it("asks a member with two-step verification on for the second step, as after a password", async () => {
    const owner = await member();
    const subject = person(google, {});
    await (await trip(google, subject, { intent: "link", actor: owner })).finish();
    await t.ctx.db
      .insert(twoStepSettings)
      .values({ userId: owner.id, totpSecret: "sealed", totpEnabledAt: new Date() });
    const before = await snapshot(t);
    const r = await (await trip(google, subject)).finish();
    expect(r.kind).toBe("two-step");
    if (r.kind !== "two-step") throw new Error("two-step expected");
    expect(await twoStepTicketMethods(t.ctx, r.ticket)).toMatchObject({ totp: true });
    // No session until the second step.
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses a suspended member and a provider that is not on", async () => {
    const owner = await member();
    const subject = person(line, {});
    await (await trip(line, subject, { intent: "link", actor: owner })).finish();
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await failure((await trip(line, subject)).finish())).code).toBe("FORBIDDEN");
    const off = await failure(
      startExternalSignIn(t.ctx, { provider: "apple", intent: "sign-in", redirect: "/", ip: "192.0.2.64" }),
    );
    expect(off).toMatchObject({ code: "NOT_FOUND", reasonCode: "no-such-provider" });
  });

  describe("bad answers: refused with a clear message, nothing changed, counted against the network", () => {
    it("refuses a wrong state", async () => {
      const ip = "198.51.100.1";
      const subject = person(line, { email: `state-${engine}@example.jp` });
      const started = await trip(line, subject, { ip });
      const before = await snapshot(t);
      const params = new URLSearchParams(started.params);
      params.set("state", "not-the-state");
      const error = await failure(
        finishExternalSignIn(t.ctx, { provider: "line", ticket: started.ticket, params, ip }),
      );
      expect(error).toMatchObject({ code: "UNAUTHORIZED", reasonCode: "invalid-auth-event" });
      expect(said(error).message.ja).toContain("LINEからの応答を確認できませんでした");
      expect(said(error).message.en).toContain("We could not confirm LINE's answer");
      expect(await snapshot(t)).toEqual(before);
      expect(await failuresOf(t, ip)).toBe(1);
      // The trip is over: the right state no longer works either.
      const after = await failure(started.finish());
      expect(after.reasonCode).toBe("invalid-auth-event");
      expect(await failuresOf(t, ip)).toBe(2);
    });

    it("refuses a state used already, and a ticket of another browser or none", async () => {
      const ip = "198.51.100.2";
      const started = await trip(line, person(line, { email: `reuse-${engine}@example.jp` }), { ip });
      expect((await started.finish()).kind).toBe("pending");
      const before = await snapshot(t);
      expect((await failure(started.finish())).reasonCode).toBe("invalid-auth-event");
      expect(
        (
          await failure(
            finishExternalSignIn(t.ctx, {
              provider: "line",
              ticket: "someone-elses",
              params: started.params,
              ip,
            }),
          )
        ).code,
      ).toBe("UNAUTHORIZED");
      expect(
        (
          await failure(
            finishExternalSignIn(t.ctx, { provider: "line", ticket: undefined, params: started.params, ip }),
          )
        ).code,
      ).toBe("UNAUTHORIZED");
      expect(await snapshot(t)).toEqual(before);
      expect(await failuresOf(t, ip)).toBe(3);
    });

    it("refuses an answer meant for another provider", async () => {
      const ip = "198.51.100.3";
      const started = await trip(line, person(line, {}), { ip });
      const error = await failure(
        finishExternalSignIn(t.ctx, {
          provider: "google",
          ticket: started.ticket,
          params: started.params,
          ip,
        }),
      );
      expect(error.reasonCode).toBe("invalid-auth-event");
      expect(await failuresOf(t, ip)).toBe(1);
    });

    it("refuses an ID token with another nonce", async () => {
      const ip = "198.51.100.4";
      const subject = person(line, { email: `nonce-${engine}@example.jp` });
      const started = await startExternalSignIn(t.ctx, {
        provider: "line",
        intent: "sign-in",
        redirect: "/",
        ip,
      });
      const p = await tripPayload(t, started.ticket);
      // A code obtained for the same state and PKCE but another nonce (a code injected from elsewhere).
      const url = new URL(started.url);
      url.searchParams.set("nonce", "another-nonce-0123456789");
      const params = await line.signIn(url.href, subject);
      expect(params.get("state")).toBe(p.state);
      const before = await snapshot(t);
      const error = await failure(
        finishExternalSignIn(t.ctx, { provider: "line", ticket: started.ticket, params, ip }),
      );
      expect(error).toMatchObject({ code: "UNAUTHORIZED", reasonCode: "invalid-auth-event" });
      expect(await snapshot(t)).toEqual(before);
      expect(await failuresOf(t, ip)).toBe(1);
    });

    it("refuses an ID token from another issuer", async () => {
      const ip = "198.51.100.5";
      // A provider whose token endpoint answers with the ID tokens of another issuer.
      const proxy: Server = createServer(async (_req, res) => {
        const doc = (await (
          await fetch(`${google.issuer}/.well-known/openid-configuration`)
        ).json()) as Record<string, unknown>;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ...doc, issuer: proxyUrl(), token_endpoint: `${other.issuer}/token` }));
      });
      const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      try {
        t.ctx.identityProviders = createOidcProviders({ google: { ...google.settings, issuer: proxyUrl() } });
        const subject = person(other, { email: `issuer-${engine}@example.jp` });
        const started = await startExternalSignIn(t.ctx, {
          provider: "google",
          intent: "sign-in",
          redirect: "/",
          ip,
        });
        // The person signs in at the other issuer with our client, state, nonce and PKCE challenge.
        const atOther = new URL(`${other.issuer}/auth`);
        for (const [k, v] of new URL(started.url).searchParams) atOther.searchParams.set(k, v);
        const params = await other.signIn(atOther.href, subject);
        params.set("iss", proxyUrl());
        const before = await snapshot(t);
        const error = await failure(
          finishExternalSignIn(t.ctx, { provider: "google", ticket: started.ticket, params, ip }),
        );
        expect(error).toMatchObject({ code: "UNAUTHORIZED", reasonCode: "invalid-auth-event" });
        expect(await snapshot(t)).toEqual(before);
        expect(await failuresOf(t, ip)).toBe(1);
        // The same answer with the other issuer's own name is refused too.
        const second = await startExternalSignIn(t.ctx, {
          provider: "google",
          intent: "sign-in",
          redirect: "/",
          ip,
        });
        const again = new URL(`${other.issuer}/auth`);
        for (const [k, v] of new URL(second.url).searchParams) again.searchParams.set(k, v);
        const answer = await other.signIn(again.href, subject);
        expect(answer.get("iss")).toBe(other.issuer);
        expect(
          (
            await failure(
              finishExternalSignIn(t.ctx, { provider: "google", ticket: second.ticket, params: answer, ip }),
            )
          ).reasonCode,
        ).toBe("invalid-auth-event");
        expect(await snapshot(t)).toEqual(before);
      } finally {
        t.ctx.identityProviders = createOidcProviders({ line: line.settings, google: google.settings });
        await new Promise<void>((resolve) => proxy.close(() => resolve()));
      }
    });

    it("refuses an answer after the 10 minutes of the trip", async () => {
      const ip = "198.51.100.6";
      const started = await trip(line, person(line, {}), { ip });
      t.clock.advance(10 * 60 * 1000 + 1000);
      const error = await failure(started.finish());
      expect(error.reasonCode).toBe("invalid-auth-event");
      expect(said(error).message.ja).toContain("有効期限が切れた");
      expect(await failuresOf(t, ip)).toBe(1);
    });

    it("says the person cancelled at the provider, without counting it", async () => {
      const ip = "198.51.100.7";
      const started = await startExternalSignIn(t.ctx, {
        provider: "google",
        intent: "sign-in",
        redirect: "/",
        ip,
      });
      const p = await tripPayload(t, started.ticket);
      const params = new URLSearchParams({ error: "access_denied", state: p.state, iss: google.issuer });
      const error = await failure(
        finishExternalSignIn(t.ctx, { provider: "google", ticket: started.ticket, params, ip }),
      );
      expect(error).toMatchObject({ code: "UNAUTHORIZED", reasonCode: "cancelled-popup-request" });
      expect(said(error).message).toEqual({
        ja: "Googleでのログインがキャンセルされました",
        en: "Logging in with Google was cancelled",
      });
      expect(await failuresOf(t, ip)).toBe(0);
    });

    it("refuses malformed answers as bad answers, never with an unexpected error", async () => {
      const ip = "198.51.100.8";
      for (const query of [
        "",
        "code=",
        "code=x&state=",
        "state=%00&code=%ff",
        "error=server_error",
        `code=${"a".repeat(3000)}`,
      ]) {
        const started = await startExternalSignIn(t.ctx, {
          provider: "line",
          intent: "sign-in",
          redirect: "/",
          ip,
        });
        const params = new URLSearchParams(query);
        const error = await failure(
          finishExternalSignIn(t.ctx, { provider: "line", ticket: started.ticket, params, ip }),
        );
        expect(error.code).toBe("UNAUTHORIZED");
      }
      expect(
        (
          await failure(
            finishExternalSignIn(t.ctx, { provider: "nope", ticket: "x", params: new URLSearchParams(), ip }),
          )
        ).code,
      ).toBe("UNAUTHORIZED");
    });

    it("shuts the callback for a network after ten refused answers", async () => {
      const ip = "198.51.100.9";
      await t.ctx.db.delete(rateLimits).where(like(rateLimits.key, `oidc-failed:ip:${ip}`));
      for (let i = 0; i < 10; i += 1) {
        await failure(
          finishExternalSignIn(t.ctx, {
            provider: "line",
            ticket: `bad-${i}`,
            params: new URLSearchParams(),
            ip,
          }),
        );
      }
      const started = await trip(line, person(line, {}), { ip });
      const blocked = await failure(started.finish());
      expect(blocked).toMatchObject({ code: "RATE_LIMITED", reasonCode: "login-blocked" });
      // Another network is not affected.
      expect((await (await trip(line, person(line, {}), { ip: "198.51.100.10" })).finish()).kind).toBe(
        "pending",
      );
    });
  });
});
