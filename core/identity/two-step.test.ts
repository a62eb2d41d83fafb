import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { challenges, twoStepSettings, users } from "#db/schema/index.ts";
import { captureSms } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { totpCode } from "#tests/helpers/two-step.ts";
import { keyedHash } from "../shared/secrets.ts";
import { confirmTotpEnrolment } from "./confirm-totp-enrolment.ts";
import { enableSmsTwoStep } from "./enable-sms-two-step.ts";
import { logIn } from "./log-in.ts";
import { hashPassword } from "./passwords.ts";
import { regenerateRecoveryCodes } from "./regenerate-recovery-codes.ts";
import { resolveSession, type SessionUser } from "./sessions.ts";
import { pendingTotpEnrolment, startTotpEnrolment } from "./start-totp-enrolment.ts";
import { turnOffTwoStep } from "./turn-off-two-step.ts";
import { openTotpSecret, twoStepStatus } from "./two-step.ts";
import { completeTwoStepLogin, sendTwoStepSms } from "./two-step-login.ts";

const IP = "192.0.2.40";
const PASSWORD = "passw0rd-ok";
let counter = 0;

async function member(
  t: TestCore,
  o: { phone?: string; role?: "member" | "operator" } = {},
): Promise<SessionUser> {
  counter += 1;
  const [u] = await t.ctx.db
    .insert(users)
    .values({
      email: `two-step${counter}@example.jp`,
      nickname: `two-step${counter}`,
      role: o.role ?? "member",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
      phoneNumber: o.phone ?? null,
      phoneVerifiedAt: o.phone ? new Date() : null,
    })
    .returning();
  return {
    id: u!.id,
    email: u!.email,
    nickname: u!.nickname,
    role: u!.role,
    locale: "ja",
    sessionId: 0,
    staffRoles: [],
  };
}

/** Turns an authenticator on: the secret shown, then a first code; answers the secret and the backup codes. */
async function enrol(t: TestCore, actor: SessionUser) {
  const { secret, uri } = await startTotpEnrolment(t.ctx, { actor });
  const done = await confirmTotpEnrolment(t.ctx, {
    actor,
    input: { code: totpCode(secret, t.clock.now().getTime()) },
  });
  return { secret, uri, recoveryCodes: done.recoveryCodes! };
}

async function passwordStep(t: TestCore, actor: SessionUser, persistent = false, ip = IP) {
  const r = await logIn(t.ctx, {
    input: { email: actor.email, password: PASSWORD },
    kind: "web",
    persistent,
    ip,
  });
  expect(r.token).toBeNull();
  return r.twoStep!;
}

describe.each(ENGINES)("two-step verification on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it("enrols an authenticator only once a first code confirms it, keeping the secret encrypted", async () => {
    const actor = await member(t);
    const { secret, uri } = await startTotpEnrolment(t.ctx, { actor });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Tsugu:two-step\d+%40example\.jp\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("algorithm=SHA1");
    expect(uri).toContain("digits=6");
    expect(uri).toContain("period=30");
    // Not yet asked for at sign-in: the password alone still opens a session.
    expect((await twoStepStatus(t.ctx, actor.id)).totp).toBe(false);
    const plain = await logIn(t.ctx, {
      input: { email: actor.email, password: PASSWORD },
      kind: "web",
      persistent: false,
      ip: IP,
    });
    expect(plain.token).toEqual(expect.any(String));
    // At rest: neither the secret nor anything readable, and it opens only for its own member.
    const [row] = await t.ctx.db.select().from(twoStepSettings).where(eq(twoStepSettings.userId, actor.id));
    expect(row!.totpSecret).not.toContain(secret);
    expect(openTotpSecret(t.ctx.secret, actor.id, row!.totpSecret!)).toBe(secret);
    expect(() => openTotpSecret(t.ctx.secret, actor.id + 1, row!.totpSecret!)).toThrow();
    expect(() =>
      openTotpSecret("another-secret-0123456789abcdef0123456789", actor.id, row!.totpSecret!),
    ).toThrow();
    expect(await pendingTotpEnrolment(t.ctx, actor)).toEqual({ secret, uri });

    const wrong = await failure(
      confirmTotpEnrolment(t.ctx, {
        actor,
        input: { code: "000000" === totpCode(secret, t.clock.now().getTime()) ? "111111" : "000000" },
      }),
    );
    expect(wrong.code).toBe("VALIDATION");
    expect(said(wrong).fields.code!.ja).toContain("確認コードが正しくありません");
    expect((await twoStepStatus(t.ctx, actor.id)).totp).toBe(false);

    const done = await confirmTotpEnrolment(t.ctx, {
      actor,
      input: { code: totpCode(secret, t.clock.now().getTime()) },
    });
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const c of done.recoveryCodes!) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await twoStepStatus(t.ctx, actor.id)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    expect(await pendingTotpEnrolment(t.ctx, actor)).toBeNull();
    // A second authenticator waits until this one is turned off.
    expect((await failure(startTotpEnrolment(t.ctx, { actor }))).code).toBe("CONFLICT");
  });

  it("turns it on once when the same confirmation, or SMS, is sent twice at once", async () => {
    const actor = await member(t, { phone: "09012345678" });
    const { secret } = await startTotpEnrolment(t.ctx, { actor });
    const input = { code: totpCode(secret, t.clock.now().getTime()) };
    const both = await Promise.allSettled([
      confirmTotpEnrolment(t.ctx, { actor, input }),
      confirmTotpEnrolment(t.ctx, { actor, input }),
    ]);
    const won = both.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(won).toHaveLength(1);
    expect(won[0]!.recoveryCodes).toHaveLength(10);
    const lost = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.code).toBe("CONFLICT");
    // The codes the winner showed are the ones that work.
    expect(await twoStepStatus(t.ctx, actor.id)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });

    const sms = await Promise.all([enableSmsTwoStep(t.ctx, { actor }), enableSmsTwoStep(t.ctx, { actor })]);
    expect(sms.map((r) => r.recoveryCodes)).toEqual([null, null]);
    expect(await twoStepStatus(t.ctx, actor.id)).toMatchObject({ sms: true, recoveryCodesLeft: 10 });
  });

  it("asks for the code after the password, keeps the member's choices, and takes a code once only", async () => {
    const actor = await member(t);
    const { secret } = await enrol(t, actor);
    // The confirming code's step is used: the next code comes 30 seconds later.
    t.clock.advance(30_000);
    const step = await passwordStep(t, actor, true);
    expect(step.methods).toEqual({ totp: true, sms: false, phoneHint: null });
    const code = totpCode(secret, t.clock.now().getTime());
    const done = await completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code }, ip: IP });
    expect(done.persistent).toBe(true);
    expect((await resolveSession(t.ctx, done.token))?.id).toBe(actor.id);
    // The ticket is used up.
    expect(
      (await failure(completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code }, ip: IP }))).code,
    ).toBe("UNAUTHORIZED");
    // The same code replayed on a new ticket, within its 30 seconds: refused.
    const again = await passwordStep(t, actor);
    const replay = await failure(
      completeTwoStepLogin(t.ctx, { ticket: again.ticket, input: { code }, ip: IP }),
    );
    expect(replay.code).toBe("VALIDATION");
    // The next step's code works, and the browser-session choice rides on this ticket.
    t.clock.advance(30_000);
    const next = await completeTwoStepLogin(t.ctx, {
      ticket: again.ticket,
      input: { code: totpCode(secret, t.clock.now().getTime()) },
      ip: IP,
    });
    expect(next.persistent).toBe(false);
  });

  it("allows one step of clock drift either way, not two", async () => {
    const actor = await member(t);
    const { secret } = await enrol(t, actor);
    t.clock.advance(5 * 60_000);
    const now = t.clock.now().getTime();
    const behind = await passwordStep(t, actor);
    await completeTwoStepLogin(t.ctx, {
      ticket: behind.ticket,
      input: { code: totpCode(secret, now - 30_000) },
      ip: IP,
    });
    const ahead = await passwordStep(t, actor);
    await completeTwoStepLogin(t.ctx, {
      ticket: ahead.ticket,
      input: { code: totpCode(secret, now + 30_000) },
      ip: IP,
    });
    const far = await passwordStep(t, actor);
    t.clock.advance(3 * 30_000);
    const tooFar = totpCode(secret, t.clock.now().getTime() + 2 * 30_000);
    expect(
      (await failure(completeTwoStepLogin(t.ctx, { ticket: far.ticket, input: { code: tooFar }, ip: IP })))
        .code,
    ).toBe("VALIDATION");
    // The step of the last code used is kept, so no earlier code can follow it.
    const [row] = await t.ctx.db.select().from(twoStepSettings).where(eq(twoStepSettings.userId, actor.id));
    expect(row!.totpLastStep).toBe(Math.floor(now / 30_000) + 1);
  });

  it("ends the ticket after 10 minutes, and on the fifth wrong code", async () => {
    const actor = await member(t);
    const { secret } = await enrol(t, actor);
    const late = await passwordStep(t, actor);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await failure(
      completeTwoStepLogin(t.ctx, {
        ticket: late.ticket,
        input: { code: totpCode(secret, t.clock.now().getTime()) },
        ip: IP,
      }),
    );
    expect(expired.code).toBe("UNAUTHORIZED");
    expect(said(expired).message.ja).toContain("もう一度ログインしてください");

    const step = await passwordStep(t, actor);
    const good = totpCode(secret, t.clock.now().getTime());
    const bad = good === "123456" ? "654321" : "123456";
    for (let i = 1; i <= 4; i++) {
      const e = await failure(
        completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code: bad }, ip: IP }),
      );
      expect(e.code, `guess ${i}`).toBe("VALIDATION");
    }
    const fifth = await failure(
      completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code: bad }, ip: IP }),
    );
    expect(fifth.code).toBe("UNAUTHORIZED");
    // Dead: even the right code no longer opens it.
    const after = await failure(
      completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code: good }, ip: IP }),
    );
    expect(after.code).toBe("UNAUTHORIZED");
    const [row] = await t.ctx.db
      .select()
      .from(challenges)
      .where(eq(challenges.ticketHash, keyedHash(t.ctx.secret, step.ticket)));
    expect(row!.attempts).toBe(5);
    expect(row!.consumedAt).toBeNull();
  });

  it("counts codes typed against the sign-in limits", async () => {
    const actor = await member(t);
    await enrol(t, actor);
    // 10 attempts per address in 15 minutes: each password and each code typed counts.
    for (const ip of ["198.51.100.1", "198.51.100.2"]) {
      const step = await passwordStep(t, actor, false, ip);
      for (let j = 0; j < 4; j++) {
        const e = await failure(
          completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code: "abcde-fghjk" }, ip }),
        );
        expect(e.code).toBe("VALIDATION");
      }
    }
    // Only two passwords were typed, yet the eleventh attempt is refused.
    const third = await failure(
      logIn(t.ctx, {
        input: { email: actor.email, password: PASSWORD },
        kind: "web",
        persistent: false,
        ip: "198.51.100.3",
      }),
    );
    expect(third.code).toBe("RATE_LIMITED");
  });

  it("takes each recovery code once, and new ones replace the old", async () => {
    const actor = await member(t);
    const { recoveryCodes } = await enrol(t, actor);
    const first = await passwordStep(t, actor);
    // Typed in capitals without the hyphen: the same code.
    const typed = recoveryCodes[0]!.replace("-", "").toUpperCase();
    const done = await completeTwoStepLogin(t.ctx, { ticket: first.ticket, input: { code: typed }, ip: IP });
    expect((await resolveSession(t.ctx, done.token))?.id).toBe(actor.id);
    expect((await twoStepStatus(t.ctx, actor.id)).recoveryCodesLeft).toBe(9);
    const second = await passwordStep(t, actor);
    const reused = await failure(
      completeTwoStepLogin(t.ctx, { ticket: second.ticket, input: { code: recoveryCodes[0]! }, ip: IP }),
    );
    expect(reused.code).toBe("VALIDATION");
    const fresh = await regenerateRecoveryCodes(t.ctx, { actor });
    expect(fresh).toHaveLength(10);
    const old = await failure(
      completeTwoStepLogin(t.ctx, { ticket: second.ticket, input: { code: recoveryCodes[1]! }, ip: IP }),
    );
    expect(old.code).toBe("VALIDATION");
    await completeTwoStepLogin(t.ctx, { ticket: second.ticket, input: { code: fresh[0]! }, ip: IP });
  });

  it("texts a code to the verified number when SMS is on, within the code limits", async () => {
    const sms = captureSms(t);
    const actor = await member(t, { phone: "09012345678" });
    const on = await enableSmsTwoStep(t.ctx, { actor });
    expect(on.recoveryCodes).toHaveLength(10);
    const step = await passwordStep(t, actor);
    expect(step.methods).toEqual({ totp: false, sms: true, phoneHint: "•••• 5678" });
    await sendTwoStepSms(t.ctx, { ticket: step.ticket, ip: IP, locale: "ja" });
    expect(sms.at(-1)!.to).toBe("09012345678");
    expect(sms.at(-1)!.text).toMatch(/^【Tsugu】ログインの確認コード: \d{6}\n/);
    const code = /(\d{6})/.exec(sms.at(-1)!.text)![1]!;
    const done = await completeTwoStepLogin(t.ctx, { ticket: step.ticket, input: { code }, ip: IP });
    expect((await resolveSession(t.ctx, done.token))?.id).toBe(actor.id);
    // The code belonged to that ticket only.
    const other = await passwordStep(t, actor);
    expect(
      (await failure(completeTwoStepLogin(t.ctx, { ticket: other.ticket, input: { code }, ip: IP }))).code,
    ).toBe("VALIDATION");
    // At most 5 codes an hour to a number.
    for (let i = 0; i < 4; i++) await sendTwoStepSms(t.ctx, { ticket: other.ticket, ip: IP, locale: "en" });
    expect(sms.at(-1)!.text).toMatch(/^\[Tsugu\] Your sign-in code: \d{6}\n/);
    expect((await failure(sendTwoStepSms(t.ctx, { ticket: other.ticket, ip: IP, locale: "ja" }))).code).toBe(
      "RATE_LIMITED",
    );
    expect(sms).toHaveLength(5);
  });

  it("refuses SMS without a verified number, and a code by SMS to a member who did not turn it on", async () => {
    const sms = captureSms(t);
    const actor = await member(t);
    expect((await failure(enableSmsTwoStep(t.ctx, { actor }))).code).toBe("CONFLICT");
    await enrol(t, actor);
    const step = await passwordStep(t, actor);
    expect((await failure(sendTwoStepSms(t.ctx, { ticket: step.ticket, ip: IP, locale: "ja" }))).code).toBe(
      "CONFLICT",
    );
    expect(sms).toHaveLength(0);
  });

  it("turns off only with the current password", async () => {
    const actor = await member(t);
    await enrol(t, actor);
    const wrong = await failure(
      turnOffTwoStep(t.ctx, { actor, input: { currentPassword: "not-my-password1" } }),
    );
    expect(wrong.code).toBe("VALIDATION");
    expect(said(wrong).fields.currentPassword!.ja).toBe("現在のパスワードが正しくありません");
    expect((await twoStepStatus(t.ctx, actor.id)).totp).toBe(true);
    await turnOffTwoStep(t.ctx, { actor, input: { currentPassword: PASSWORD } });
    expect(await twoStepStatus(t.ctx, actor.id)).toMatchObject({
      totp: false,
      sms: false,
      recoveryCodesLeft: 0,
    });
    const plain = await logIn(t.ctx, {
      input: { email: actor.email, password: PASSWORD },
      kind: "api",
      persistent: true,
      ip: IP,
    });
    expect(plain.token).toEqual(expect.any(String));
  });

  it("marks an operator without two-step verification, until they turn it on", async () => {
    const actor = await member(t, { role: "operator" });
    const plain = await logIn(t.ctx, {
      input: { email: actor.email, password: PASSWORD },
      kind: "web",
      persistent: true,
      ip: IP,
    });
    expect((await resolveSession(t.ctx, plain.token))?.twoStepMissing).toBe(true);
    await enrol(t, actor);
    expect((await resolveSession(t.ctx, plain.token))?.twoStepMissing).toBeUndefined();
    const members = await member(t);
    const m = await logIn(t.ctx, {
      input: { email: members.email, password: PASSWORD },
      kind: "web",
      persistent: true,
      ip: IP,
    });
    expect((await resolveSession(t.ctx, m.token))?.twoStepMissing).toBeUndefined();
  });
});
