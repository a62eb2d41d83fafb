import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "#db/schema/index.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { AppError } from "../shared/errors.ts";
import { endOtherSessions, endOwnSession, listSessions } from "./device-sessions.ts";
import { describeDevice, placeOf } from "./devices.ts";
import { asLoginError } from "./identity-errors.ts";
import { logIn } from "./log-in.ts";
import { logOut } from "./log-out.ts";
import { hashPassword } from "./passwords.ts";
import { resolveSession } from "./sessions.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const PASSWORD = "passw0rd-ok";

describe("devices and places", () => {
  it("names the browser and system of a user agent", () => {
    expect(describeDevice(IPHONE)).toEqual({ browser: "Mobile Safari", os: "iOS 17.5" });
    expect(describeDevice(WINDOWS)).toEqual({ browser: "Chrome", os: "Windows 10" });
    expect(describeDevice("")).toEqual({ browser: null, os: null });
    expect(describeDevice("curl/8.5.0")).toEqual({ browser: null, os: null });
  });

  it("tells a place only as a masked range, and names local networks", () => {
    expect(placeOf("203.0.113.45")).toEqual({ kind: "range", range: "203.0.113.x" });
    expect(placeOf("::ffff:198.51.100.7")).toEqual({ kind: "range", range: "198.51.100.x" });
    expect(placeOf("2001:db8:85a3:1234::8a2e:370:7334")).toEqual({
      kind: "range",
      range: "2001:db8:85a3::/48",
    });
    expect(placeOf("2400:4050::1")).toEqual({ kind: "range", range: "2400:4050:0::/48" });
    expect(placeOf("127.0.0.1")).toEqual({ kind: "loopback" });
    expect(placeOf("::1")).toEqual({ kind: "loopback" });
    for (const ip of ["10.1.2.3", "172.20.0.5", "192.168.11.2", "fd12:3456::1", "fe80::1%eth0"]) {
      expect(placeOf(ip)).toEqual({ kind: "private" });
    }
    expect(placeOf("unknown")).toEqual({ kind: "unknown" });
    expect(placeOf(null)).toEqual({ kind: "unknown" });
  });
});

describe.each(ENGINES)("sessions you can see on %s", (engine) => {
  let t: TestCore;
  let email: string;
  let counter = 0;
  beforeEach(async () => {
    t = await createTestCore(engine);
    counter += 1;
    email = `devices${counter}@example.jp`;
    await t.ctx.db
      .insert(users)
      .values({ email, nickname: "はなこ", passwordHash: await hashPassword(PASSWORD) });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A sign-in that opens a session (these members have no two-step verification). */
  const signIn = async (userAgent: string, ip: string, kind: "web" | "api" = "web", who = email) => {
    const r = await logIn(t.ctx, {
      input: { email: who, password: PASSWORD },
      kind,
      persistent: true,
      ip,
      userAgent,
    });
    if (r.token === null) throw new Error("two-step verification asked for");
    return { ...r, token: r.token };
  };
  const mailsTo = (to: string) => t.smtp.messages.filter((m) => m.to.includes(to));
  const actorOf = async (token: string) => (await resolveSession(t.ctx, token))!;

  it("lists the member's live sessions with device, place and which one is this browser", async () => {
    const phone = await signIn(IPHONE, "203.0.113.45");
    t.clock.advance(60_000);
    await signIn(WINDOWS, "2001:db8:85a3::1", "api");
    t.clock.advance(60_000);
    const gone = await signIn(WINDOWS, "198.51.100.1");
    await logOut(t.ctx, { token: gone.token });
    const actor = await actorOf(phone.token);
    const list = await listSessions(t.ctx, { actor });
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      current: true,
      kind: "web",
      browser: "Mobile Safari",
      os: "iOS 17.5",
      place: { kind: "range", range: "203.0.113.x" },
    });
    expect(list[1]).toMatchObject({ current: false, kind: "api", browser: "Chrome", os: "Windows 10" });
    expect(list[1]!.place).toEqual({ kind: "range", range: "2001:db8:85a3::/48" });
    // Expired sessions are not listed either.
    t.clock.advance(366 * 24 * 60 * 60 * 1000);
    expect(await listSessions(t.ctx, { actor })).toEqual([]);
  });

  it("ends one of the member's sessions, which is signed out at its next request", async () => {
    const phone = await signIn(IPHONE, "203.0.113.45");
    const desk = await signIn(WINDOWS, "198.51.100.1");
    const actor = await actorOf(phone.token);
    const other = (await listSessions(t.ctx, { actor })).find((s) => !s.current)!;
    await endOwnSession(t.ctx, { actor, sessionId: other.id });
    expect(await resolveSession(t.ctx, desk.token)).toBeNull();
    expect(await resolveSession(t.ctx, phone.token)).not.toBeNull();
    // Ending it again: it is gone.
    const again = await failure(endOwnSession(t.ctx, { actor, sessionId: other.id }));
    expect(again.code).toBe("NOT_FOUND");
  });

  it("refuses another member's session with the same answer as a missing one", async () => {
    await t.ctx.db.insert(users).values({
      email: `other${counter}@example.jp`,
      nickname: "たろう",
      passwordHash: await hashPassword(PASSWORD),
    });
    const theirs = await signIn(WINDOWS, "198.51.100.1", "web", `other${counter}@example.jp`);
    const mine = await signIn(IPHONE, "203.0.113.45");
    const theirActor = await actorOf(theirs.token);
    const foreign = await failure(
      endOwnSession(t.ctx, { actor: await actorOf(mine.token), sessionId: theirActor.sessionId }),
    );
    const missing = await failure(
      endOwnSession(t.ctx, { actor: await actorOf(mine.token), sessionId: 999_999 }),
    );
    expect(foreign.code).toBe("NOT_FOUND");
    expect(said(foreign)).toEqual(said(missing));
    expect(said(foreign).message.ja).toContain("見つかりませんでした");
    expect(await resolveSession(t.ctx, theirs.token)).not.toBeNull();
  });

  it("ends every other session and keeps this one", async () => {
    const phone = await signIn(IPHONE, "203.0.113.45");
    const desk = await signIn(WINDOWS, "198.51.100.1");
    const token = await signIn(WINDOWS, "198.51.100.1", "api");
    await endOtherSessions(t.ctx, { actor: await actorOf(phone.token) });
    expect(await resolveSession(t.ctx, desk.token)).toBeNull();
    expect(await resolveSession(t.ctx, token.token)).toBeNull();
    const list = await listSessions(t.ctx, { actor: await actorOf(phone.token) });
    expect(list.map((s) => s.current)).toEqual([true]);
  });

  it("mails a sign-in from a new device once, in the member's language, and not for a known one", async () => {
    const first = await signIn(IPHONE, "203.0.113.45");
    expect(mailsTo(email)).toHaveLength(1);
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe("【Tsugu】新しい端末からログインがありました");
    expect(mail.text).toContain("端末: Mobile Safari（iOS 17.5）");
    expect(mail.text).toContain("接続元: 203.0.113.x 付近のネットワーク");
    expect(mail.text).toContain("日時: 2026年");
    expect(mail.text).toContain("http://tsugu.test/ja/settings/sessions/");
    // Same browser and range, another address in it, after logging out: known.
    await logOut(t.ctx, { token: first.token });
    await signIn(IPHONE, "203.0.113.99");
    // An API token is no browser sign-in.
    await signIn(WINDOWS, "192.0.2.50", "api");
    expect(mailsTo(email)).toHaveLength(1);
    // Another browser, in English for a member who reads English.
    await t.ctx.db.update(users).set({ locale: "en" }).where(eq(users.email, email));
    await signIn(WINDOWS, "198.51.100.1");
    expect(mailsTo(email)).toHaveLength(2);
    const en = mailsTo(email)[1]!;
    expect(en.subject).toBe("[Tsugu] New sign-in from another device");
    expect(en.text).toContain("Device: Chrome on Windows 10");
    expect(en.text).toContain("http://tsugu.test/en/settings/sessions/");
    // A device ended from the list is forgotten: its next sign-in is mailed again.
    const desk = await signIn(WINDOWS, "198.51.100.1");
    expect(mailsTo(email)).toHaveLength(2);
    const phone = await signIn(IPHONE, "203.0.113.45");
    await endOwnSession(t.ctx, {
      actor: await actorOf(phone.token),
      sessionId: (await actorOf(desk.token)).sessionId,
    });
    await endOtherSessions(t.ctx, { actor: await actorOf(phone.token) });
    await signIn(WINDOWS, "198.51.100.1");
    expect(mailsTo(email)).toHaveLength(3);
  });

  it("forgets devices unused for 90 days", async () => {
    const first = await signIn(IPHONE, "203.0.113.45");
    await logOut(t.ctx, { token: first.token });
    t.clock.advance(91 * 24 * 60 * 60 * 1000);
    await signIn(IPHONE, "203.0.113.45");
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("names a refused sign-in and a blocked one with the §8 codes, never telling if the address exists", async () => {
    const refused = async (who: string, ip: string) =>
      asLoginError(
        await failure(
          logIn(t.ctx, {
            input: { email: who, password: "wrong-pass1" },
            kind: "web",
            persistent: true,
            ip,
            // After failed sign-ins the bot check is asked for too: each attempt passes it, as a person's would.
            botCheckToken: t.ctx.botCheck.issue?.("login"),
          }),
        ),
      ) as AppError;
    const wrong = await refused(email, "192.0.2.1");
    const none = await refused("nobody@example.jp", "192.0.2.1");
    expect(wrong.reasonCode).toBe("user-not-found");
    expect(none.reasonCode).toBe("user-not-found");
    expect([wrong.status, said(wrong)]).toEqual([none.status, said(none)]);
    let blocked: AppError | undefined;
    for (let i = 0; i < 12 && !blocked; i++) {
      const e = await refused(email, "192.0.2.2");
      if (e.code === "RATE_LIMITED") blocked = e;
    }
    expect(blocked?.reasonCode).toBe("login-blocked");
    expect(said(blocked!).message.ja).toMatch(/^ログインの試行が多すぎるため.*\d+分ほど/);
    expect(said(blocked!).message.en).toContain("Too many sign-in attempts");
  });
});
