import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { challenges, notifications, sessions, users } from "#db/schema/index.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { codeIn, linkIn } from "#tests/helpers/smtp.ts";
import { markNotificationsRead } from "../notify/mark-notifications-read.ts";
import type { BotCheckAction } from "./bot-check.ts";
import { confirmEmailChange, requestEmailChange } from "./change-email.ts";
import { changePassword } from "./change-password.ts";
import { completeSignup, pendingSignup } from "./complete-signup.ts";
import { logIn } from "./log-in.ts";
import { logOut } from "./log-out.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { openPasswordResetLink, resetPassword } from "./reset-password.ts";
import { createSession, resolvePageSession, resolveSession } from "./sessions.ts";
import { resendSignupCode, startSignup } from "./start-signup.ts";
import { verifySignupCode, verifySignupLink } from "./verify-signup.ts";

const IP = "192.0.2.10";
const web = { kind: "web" as const, persistent: true, ip: IP };
/** A token the bot check sandbox answers "a person" for. */
const human = (t: TestCore, action: BotCheckAction) => t.ctx.botCheck.issue!(action);

async function signUp(t: TestCore, email: string, password = "passw0rd-ok", nickname = "はなこ") {
  const { ticket } = await startSignup(t.ctx, {
    input: { email, password },
    locale: "ja",
    ip: IP,
    botCheckToken: human(t, "signup"),
  });
  const mail = await t.smtp.lastTo(email);
  await verifySignupCode(t.ctx, { ticket, input: { code: codeIn(mail.text) } });
  return completeSignup(t.ctx, { ticket, input: { nickname }, session: web });
}

describe.each(ENGINES)("identity on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it("signs up with an emailed code and signs the member in", async () => {
    const { ticket, email } = await startSignup(t.ctx, {
      input: { email: "  Hanako@Example.JP ", password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    expect(email).toBe("hanako@example.jp");
    const mail = await t.smtp.lastTo("hanako@example.jp");
    expect(mail.subject).toContain("確認コード");
    expect(await pendingSignup(t.ctx, ticket)).toBeNull();
    await verifySignupCode(t.ctx, { ticket, input: { code: codeIn(mail.text) } });
    expect(await pendingSignup(t.ctx, ticket)).toEqual({ email: "hanako@example.jp" });
    const done = await completeSignup(t.ctx, { ticket, input: { nickname: "はなこ" }, session: web });
    expect(done.user.nickname).toBe("はなこ");
    const me = await resolveSession(t.ctx, done.token);
    expect(me?.email).toBe("hanako@example.jp");
    // The ticket is single use.
    const again = await failure(completeSignup(t.ctx, { ticket, input: { nickname: "x" }, session: web }));
    expect(again.code).toBe("FORBIDDEN");
  });

  it("reads a page's session with the member's unread notifications in one go", async () => {
    const member = await makeMember(t.ctx);
    const other = await makeMember(t.ctx);
    const { token } = await createSession(t.ctx, { userId: member.id, kind: "web", persistent: true });
    await t.ctx.db.insert(notifications).values([
      { userId: member.id, kind: "purchase" },
      { userId: member.id, kind: "purchase" },
      { userId: member.id, kind: "purchase", readAt: new Date() },
      { userId: other.id, kind: "purchase" },
    ]);
    const page = await resolvePageSession(t.ctx, token);
    expect(page).toEqual({ user: await resolveSession(t.ctx, token), unreadNotifications: 2 });
    expect(page?.user).toMatchObject({ id: member.id, nickname: member.nickname, staffRoles: [] });
    await markNotificationsRead(t.ctx, member.id);
    expect((await resolvePageSession(t.ctx, token))?.unreadNotifications).toBe(0);
    expect(await resolvePageSession(t.ctx, "no-such-session-token-at-all")).toBeNull();
    expect(await resolvePageSession(t.ctx, undefined)).toBeNull();
  });

  it("signs up through the emailed link in another browser", async () => {
    await startSignup(t.ctx, {
      input: { email: "link@example.jp", password: "passw0rd-ok" },
      locale: "en",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    const mail = await t.smtp.lastTo("link@example.jp");
    expect(mail.subject).toContain("Your code");
    const link = new URL(linkIn(mail.text, "/en/signup/user-info/"));
    const { ticket } = await verifySignupLink(t.ctx, { linkToken: link.searchParams.get("token")! });
    const done = await completeSignup(t.ctx, { ticket, input: { nickname: "Link" }, session: web });
    expect(done.user.locale).toBe("en");
  });

  it("answers a sign-up for a registered address the same way, without a code", async () => {
    await signUp(t, "taken@example.jp");
    const r = await startSignup(t.ctx, {
      input: { email: "taken@example.jp", password: "other-pass1" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    expect(r.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await t.smtp.lastTo("taken@example.jp");
    expect(mail.subject).toContain("登録済み");
    expect(mail.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    const wrong = await failure(verifySignupCode(t.ctx, { ticket: r.ticket, input: { code: "123456" } }));
    expect(said(wrong).fields.code?.ja).toBe("確認コードが正しくありません");
  });

  it("stores codes, links and session tokens only as hashes", async () => {
    const { token } = await signUp(t, "hash@example.jp");
    const [session] = await t.ctx.db.select().from(sessions);
    expect(session!.tokenHash).not.toContain(token);
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await t.smtp.lastTo("hash@example.jp");
    const rows = await t.ctx.db.select().from(challenges);
    expect(JSON.stringify(rows)).not.toContain(codeIn(mail.text));
  });

  it("kills a code after five wrong guesses", async () => {
    const { ticket } = await startSignup(t.ctx, {
      input: { email: "guess@example.jp", password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    const code = codeIn((await t.smtp.lastTo("guess@example.jp")).text);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const e = await failure(verifySignupCode(t.ctx, { ticket, input: { code: wrongCode } }));
      expect(said(e).fields.code?.en).toBe("The code is not correct");
    }
    const fifth = await failure(verifySignupCode(t.ctx, { ticket, input: { code: wrongCode } }));
    expect(said(fifth).fields.code?.en).toContain("expired");
    const right = await failure(verifySignupCode(t.ctx, { ticket, input: { code } }));
    expect(said(right).fields.code?.en).toContain("expired");
  });

  it("expires a code after 10 minutes", async () => {
    const { ticket } = await startSignup(t.ctx, {
      input: { email: "late@example.jp", password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    const code = codeIn((await t.smtp.lastTo("late@example.jp")).text);
    t.clock.advance(10 * 60 * 1000 + 1);
    const e = await failure(verifySignupCode(t.ctx, { ticket, input: { code } }));
    expect(said(e).fields.code?.ja).toContain("有効期限");
  });

  it("resends the sign-up code by mail: a new code works, the old one no longer, once a minute", async () => {
    const { ticket } = await startSignup(t.ctx, {
      input: { email: "again@example.jp", password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    const first = codeIn((await t.smtp.lastTo("again@example.jp")).text);
    // Too soon: the member is told when it can be sent again.
    const soon = await failure(resendSignupCode(t.ctx, { ticket, locale: "ja", ip: IP }));
    expect(soon.code).toBe("RATE_LIMITED");
    expect(said(soon).message.ja).toMatch(/^確認コードを再送できるのは\d+秒後からです$/);
    // The first code ran out (10 minutes): the resend still works and gives a fresh 10 minutes.
    t.clock.advance(11 * 60 * 1000);
    expect(await resendSignupCode(t.ctx, { ticket, locale: "ja", ip: IP })).toEqual({
      email: "again@example.jp",
    });
    const second = codeIn((await t.smtp.lastTo("again@example.jp")).text);
    expect(t.smtp.messages.filter((m) => m.to.includes("again@example.jp"))).toHaveLength(2);
    const old = await failure(
      verifySignupCode(t.ctx, { ticket, input: { code: first === second ? "000000" : first } }),
    );
    expect(old.code).toBe("VALIDATION");
    // Typed as the mail shows it on a phone, in full-width digits: converted, not refused.
    const fullWidth = second.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    await verifySignupCode(t.ctx, { ticket, input: { code: fullWidth } });
    expect(await pendingSignup(t.ctx, ticket)).toEqual({ email: "again@example.jp" });
    // Once the address is proven there is nothing to resend.
    t.clock.advance(61 * 1000);
    expect((await failure(resendSignupCode(t.ctx, { ticket, locale: "ja", ip: IP }))).code).toBe("NOT_FOUND");
  });

  it("resends a registered address the same 'you already have an account' mail, and counts it", async () => {
    await signUp(t, "known@example.jp");
    const { ticket } = await startSignup(t.ctx, {
      input: { email: "known@example.jp", password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
    t.clock.advance(61 * 1000);
    await resendSignupCode(t.ctx, { ticket, locale: "ja", ip: IP });
    const last = await t.smtp.lastTo("known@example.jp");
    expect(last.subject).toBe("【Tsugu】このメールアドレスは登録済みです");
    // Resends count against the hourly limit of the address, like first sendings.
    for (let i = 0; i < 2; i++) {
      t.clock.advance(61 * 1000);
      await resendSignupCode(t.ctx, { ticket, locale: "ja", ip: IP });
    }
    t.clock.advance(61 * 1000);
    expect((await failure(resendSignupCode(t.ctx, { ticket, locale: "ja", ip: IP }))).code).toBe(
      "RATE_LIMITED",
    );
    expect((await failure(resendSignupCode(t.ctx, { ticket: "nope", locale: "ja", ip: IP }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("sends at most 5 codes an hour to one address", async () => {
    for (let i = 0; i < 5; i++) {
      await startSignup(t.ctx, {
        input: { email: "many@example.jp", password: "passw0rd-ok" },
        locale: "ja",
        ip: `198.51.100.${i}`,
        botCheckToken: human(t, "signup"),
      });
    }
    const e = await failure(
      startSignup(t.ctx, {
        input: { email: "many@example.jp", password: "passw0rd-ok" },
        locale: "ja",
        ip: "198.51.100.99",
        botCheckToken: human(t, "signup"),
      }),
    );
    expect(e.code).toBe("RATE_LIMITED");
    expect(e.retryAfterSeconds).toBeGreaterThan(0);
    t.clock.advance(60 * 60 * 1000 + 1);
    await startSignup(t.ctx, {
      input: { email: "many@example.jp", password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "signup"),
    });
  });

  it("refuses bad sign-up input with messages in both languages and saves nothing", async () => {
    const e = await failure(
      startSignup(t.ctx, {
        input: { email: "not-an-address", password: "short" },
        locale: "ja",
        ip: IP,
        botCheckToken: human(t, "signup"),
      }),
    );
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields.email?.ja).toBe("メールアドレスの形式が正しくありません");
    expect(said(e).fields.password?.ja).toBe("パスワードは8文字以上で入力してください");
    expect(said(e).fields.password?.en).toBe("Password must be at least 8 characters");
    expect(await t.ctx.db.select().from(challenges)).toHaveLength(0);
    expect(t.smtp.messages).toHaveLength(0);
  });

  it("logs in, refuses a wrong password without saying which part was wrong, and logs out on the server", async () => {
    await signUp(t, "login@example.jp", "passw0rd-ok");
    const wrong = await failure(
      logIn(t.ctx, { input: { email: "login@example.jp", password: "nope-nope1" }, ...web }),
    );
    const unknown = await failure(
      logIn(t.ctx, { input: { email: "nobody@example.jp", password: "nope-nope1" }, ...web }),
    );
    expect(wrong.code).toBe("UNAUTHORIZED");
    expect(said(unknown).message).toEqual(said(wrong).message);
    const a = await logIn(t.ctx, { input: { email: "LOGIN@example.jp", password: "passw0rd-ok" }, ...web });
    const b = await logIn(t.ctx, { input: { email: "login@example.jp", password: "passw0rd-ok" }, ...web });
    expect(a.token).not.toBe(b.token);
    await logOut(t.ctx, { token: a.token });
    expect(await resolveSession(t.ctx, a.token)).toBeNull();
    expect(await resolveSession(t.ctx, b.token)).not.toBeNull();
  });

  it("rate-limits login attempts per address", async () => {
    await signUp(t, "brute@example.jp", "passw0rd-ok");
    for (let i = 0; i < 10; i++) {
      await failure(
        logIn(t.ctx, {
          input: { email: "brute@example.jp", password: `wrong-${i}x` },
          ...web,
          ip: `203.0.113.${i}`,
          // From the third try the address needs a bot check: this one passes it.
          botCheckToken: human(t, "login"),
        }),
      );
    }
    const limited = await failure(
      logIn(t.ctx, {
        input: { email: "brute@example.jp", password: "passw0rd-ok" },
        ...web,
        botCheckToken: human(t, "login"),
      }),
    );
    expect(limited.code).toBe("RATE_LIMITED");
  });

  it("expires sessions", async () => {
    const { token } = await signUp(t, "expiry@example.jp");
    const browser = await logIn(t.ctx, {
      input: { email: "expiry@example.jp", password: "passw0rd-ok" },
      ...web,
      persistent: false,
    });
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await resolveSession(t.ctx, browser.token)).toBeNull();
    expect(await resolveSession(t.ctx, token)).not.toBeNull();
    t.clock.advance(366 * 24 * 60 * 60 * 1000);
    expect(await resolveSession(t.ctx, token)).toBeNull();
  });

  it("resets a password through the emailed link and ends every session", async () => {
    const { token } = await signUp(t, "reset@example.jp", "passw0rd-old");
    await requestPasswordReset(t.ctx, {
      input: { email: "reset@example.jp" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "password_reset"),
    });
    const mail = await t.smtp.lastTo("reset@example.jp");
    expect(mail.subject).toContain("パスワードの再設定");
    const link = new URL(linkIn(mail.text, "/ja/settings/reset-password/"));
    const { ticket } = await openPasswordResetLink(t.ctx, { linkToken: link.searchParams.get("token")! });
    const mismatch = await failure(
      resetPassword(t.ctx, {
        ticket,
        input: { password: "passw0rd-new", passwordConfirmation: "passw0rd-other" },
      }),
    );
    expect(said(mismatch).fields.passwordConfirmation?.ja).toBe(
      "パスワード（確認）がパスワードと一致しません",
    );
    await resetPassword(t.ctx, {
      ticket,
      input: { password: "passw0rd-new", passwordConfirmation: "passw0rd-new" },
    });
    expect(await resolveSession(t.ctx, token)).toBeNull();
    await failure(logIn(t.ctx, { input: { email: "reset@example.jp", password: "passw0rd-old" }, ...web }));
    await logIn(t.ctx, { input: { email: "reset@example.jp", password: "passw0rd-new" }, ...web });
    const reused = await failure(
      resetPassword(t.ctx, {
        ticket,
        input: { password: "passw0rd-3rd", passwordConfirmation: "passw0rd-3rd" },
      }),
    );
    expect(reused.code).toBe("FORBIDDEN");
  });

  it("sends no reset mail to an unknown address but answers the same", async () => {
    const r = await requestPasswordReset(t.ctx, {
      input: { email: "ghost@example.jp" },
      locale: "ja",
      ip: IP,
      botCheckToken: human(t, "password_reset"),
    });
    expect(r.email).toBe("ghost@example.jp");
    expect(t.smtp.messages).toHaveLength(0);
  });

  it("changes the password only with the current one and logs out other devices", async () => {
    const first = await signUp(t, "change@example.jp", "passw0rd-old");
    const other = await logIn(t.ctx, {
      input: { email: "change@example.jp", password: "passw0rd-old" },
      ...web,
    });
    const actor = (await resolveSession(t.ctx, first.token))!;
    const wrong = await failure(
      changePassword(t.ctx, {
        actor,
        input: {
          currentPassword: "not-it-123",
          password: "passw0rd-new",
          passwordConfirmation: "passw0rd-new",
        },
      }),
    );
    expect(said(wrong).fields.currentPassword?.ja).toBe("現在のパスワードが正しくありません");
    await changePassword(t.ctx, {
      actor,
      input: {
        currentPassword: "passw0rd-old",
        password: "passw0rd-new",
        passwordConfirmation: "passw0rd-new",
      },
    });
    expect(await resolveSession(t.ctx, first.token)).not.toBeNull();
    expect(await resolveSession(t.ctx, other.token)).toBeNull();
    expect((await t.smtp.lastTo("change@example.jp")).subject).toContain("パスワードが変更されました");
  });

  it("changes the email address after the current password and a code sent to the new address", async () => {
    const { token } = await signUp(t, "old@example.jp", "passw0rd-ok");
    await signUp(t, "other@example.jp", "passw0rd-ok", "other");
    const actor = (await resolveSession(t.ctx, token))!;
    const wrong = await failure(
      requestEmailChange(t.ctx, {
        actor,
        input: { email: "new@example.jp", currentPassword: "nope-nope1" },
        locale: "ja",
        ip: IP,
      }),
    );
    expect(said(wrong).fields.currentPassword).toBeDefined();
    const { ticket } = await requestEmailChange(t.ctx, {
      actor,
      input: { email: "new@example.jp", currentPassword: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
    });
    const code = codeIn((await t.smtp.lastTo("new@example.jp")).text);
    await confirmEmailChange(t.ctx, { actor, ticket, input: { code } });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, actor.id));
    expect(row!.email).toBe("new@example.jp");
    expect((await t.smtp.lastTo("old@example.jp")).subject).toContain("メールアドレスが変更されました");

    const taken = await requestEmailChange(t.ctx, {
      actor: (await resolveSession(t.ctx, token))!,
      input: { email: "other@example.jp", currentPassword: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
    });
    const code2 = codeIn((await t.smtp.lastTo("other@example.jp")).text);
    const conflict = await failure(
      confirmEmailChange(t.ctx, {
        actor: (await resolveSession(t.ctx, token))!,
        ticket: taken.ticket,
        input: { code: code2 },
      }),
    );
    expect(conflict.code).toBe("CONFLICT");
  });
});
