import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { challenges } from "#db/schema/index.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { codeIn } from "#tests/helpers/smtp.ts";
import { type BotCheck, requireBotCheck } from "./bot-check.ts";
import { completeSignup } from "./complete-signup.ts";
import { logIn } from "./log-in.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { startSignup } from "./start-signup.ts";
import { verifySignupCode } from "./verify-signup.ts";

const IP = "192.0.2.20";
const web = { kind: "web" as const, persistent: true, ip: IP };

describe.each(ENGINES)("bot check on %s", (engine) => {
  let t: TestCore;
  const sandbox = () => t.ctx.botCheck as BotCheck & { issue: NonNullable<BotCheck["issue"]> };
  const verify = (token: string, action: "signup" | "login" | "password_reset" = "signup") =>
    t.ctx.botCheck.verify({ token, action, ip: IP });

  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  async function member(email: string) {
    const { ticket } = await startSignup(t.ctx, {
      input: { email, password: "passw0rd-ok" },
      locale: "ja",
      ip: IP,
      botCheckToken: sandbox().issue("signup"),
    });
    await verifySignupCode(t.ctx, { ticket, input: { code: codeIn((await t.smtp.lastTo(email)).text) } });
    await completeSignup(t.ctx, { ticket, input: { nickname: "はなこ" }, session: web });
  }

  it("sandbox: accepts a fresh token once, for its own action, for two minutes", async () => {
    expect(await verify(sandbox().issue("signup"))).toMatchObject({ ok: true, reason: "ok" });
    const once = sandbox().issue("signup");
    expect((await verify(once)).ok).toBe(true);
    expect(await verify(once)).toEqual({ ok: false, reason: "replayed" });
    expect(await verify(sandbox().issue("login"), "signup")).toEqual({ ok: false, reason: "wrong-action" });
    const old = sandbox().issue("login");
    t.clock.advance(2 * 60 * 1000);
    expect(await verify(old, "login")).toEqual({ ok: false, reason: "expired" });
    expect(await verify(sandbox().issue("signup", { bot: true }))).toMatchObject({
      ok: false,
      reason: "bot",
    });
  });

  it("sandbox: refuses a token it did not sign or one changed on the way", async () => {
    const token = sandbox().issue("signup", { bot: true });
    const turned = token.replace(".bot.", ".human.");
    expect(await verify(turned)).toEqual({ ok: false, reason: "invalid" });
    expect(await verify("sbx.signup.9999999999999.human.abc.xyz")).toEqual({ ok: false, reason: "invalid" });
    expect(await verify("anything")).toEqual({ ok: false, reason: "invalid" });
  });

  it("answers missing-recaptcha-token without a token or with an old one, and refuses a bot", async () => {
    const none = await failure(requireBotCheck(t.ctx, { token: "", action: "signup", ip: IP }));
    expect(none.code).toBe("BAD_REQUEST");
    expect(none.reasonCode).toBe("missing-recaptcha-token");
    expect(said(none).message.ja).toContain("JavaScript");
    const used = sandbox().issue("signup");
    await requireBotCheck(t.ctx, { token: used, action: "signup", ip: IP });
    expect(
      (await failure(requireBotCheck(t.ctx, { token: used, action: "signup", ip: IP }))).reasonCode,
    ).toBe("missing-recaptcha-token");
    const bot = await failure(
      requireBotCheck(t.ctx, { token: sandbox().issue("signup", { bot: true }), action: "signup", ip: IP }),
    );
    expect(bot.code).toBe("FORBIDDEN");
    expect(said(bot).message).toEqual({
      ja: "ロボットによる操作の可能性があるため、受け付けられませんでした。時間をおいてお試しください",
      en: "This looked like an automated request, so it was not accepted. Please try again later",
    });
  });

  it("says the service is unavailable when it cannot be reached", async () => {
    const down: BotCheck = {
      kind: "turnstile",
      siteKey: "site",
      verify: () => Promise.reject(new Error("connection refused")),
    };
    const e = await failure(
      requireBotCheck({ ...t.ctx, botCheck: down }, { token: "x", action: "login", ip: IP }),
    );
    expect(e.code).toBe("UNAVAILABLE");
  });

  it("sign-up needs a token and a refused one sends nothing and saves nothing", async () => {
    const input = { email: "gate@example.jp", password: "passw0rd-ok" };
    const missing = await failure(startSignup(t.ctx, { input, locale: "ja", ip: IP, botCheckToken: null }));
    expect(missing.reasonCode).toBe("missing-recaptcha-token");
    const bot = await failure(
      startSignup(t.ctx, {
        input,
        locale: "ja",
        ip: IP,
        botCheckToken: sandbox().issue("signup", { bot: true }),
      }),
    );
    expect(bot.code).toBe("FORBIDDEN");
    const wrong = await failure(
      startSignup(t.ctx, { input, locale: "ja", ip: IP, botCheckToken: sandbox().issue("password_reset") }),
    );
    expect(wrong.code).toBe("FORBIDDEN");
    expect(
      await t.ctx.db.select().from(challenges).where(eq(challenges.destination, "gate@example.jp")),
    ).toEqual([]);
    expect(t.smtp.messages.filter((m) => m.to.includes("gate@example.jp"))).toEqual([]);
    await startSignup(t.ctx, { input, locale: "ja", ip: IP, botCheckToken: sandbox().issue("signup") });
    expect((await t.smtp.lastTo("gate@example.jp")).subject).toContain("確認コード");
  });

  it("a password reset request needs a token; a refused one mails nothing", async () => {
    await member("reset-gate@example.jp");
    const input = { email: "reset-gate@example.jp" };
    const missing = await failure(
      requestPasswordReset(t.ctx, { input, locale: "ja", ip: IP, botCheckToken: undefined }),
    );
    expect(missing.reasonCode).toBe("missing-recaptcha-token");
    const before = t.smtp.messages.length;
    const bot = await failure(
      requestPasswordReset(t.ctx, {
        input,
        locale: "ja",
        ip: IP,
        botCheckToken: sandbox().issue("password_reset", { bot: true }),
      }),
    );
    expect(bot.code).toBe("FORBIDDEN");
    expect(t.smtp.messages.length).toBe(before);
    await requestPasswordReset(t.ctx, {
      input,
      locale: "ja",
      ip: IP,
      botCheckToken: sandbox().issue("password_reset"),
    });
    expect((await t.smtp.lastTo("reset-gate@example.jp")).subject).toContain("パスワード");
  });

  it("sign-in asks for a bot check from the third attempt after two failures for the address", async () => {
    await member("tries@example.jp");
    const right = { email: "tries@example.jp", password: "passw0rd-ok" };
    const wrong = { email: "tries@example.jp", password: "wrong-pass1" };
    // Without failures no token is needed.
    await logIn(t.ctx, { input: right, ...web });
    for (let i = 0; i < 2; i++) {
      expect((await failure(logIn(t.ctx, { input: wrong, ...web, ip: `203.0.113.${i}` }))).code).toBe(
        "UNAUTHORIZED",
      );
    }
    const missing = await failure(logIn(t.ctx, { input: right, ...web }));
    expect(missing.reasonCode).toBe("missing-recaptcha-token");
    const bot = await failure(
      logIn(t.ctx, { input: right, ...web, botCheckToken: sandbox().issue("login", { bot: true }) }),
    );
    expect(bot.code).toBe("FORBIDDEN");
    // Checked before the password: a bot learns nothing about it.
    const guess = await failure(logIn(t.ctx, { input: wrong, ...web }));
    expect(guess.reasonCode).toBe("missing-recaptcha-token");
    const ok = await logIn(t.ctx, { input: right, ...web, botCheckToken: sandbox().issue("login") });
    expect(ok.user.email).toBe("tries@example.jp");
    // Fifteen minutes later the failures are forgotten.
    t.clock.advance(15 * 60 * 1000);
    await logIn(t.ctx, { input: right, ...web });
  });

  it("sign-in asks for a bot check after ten failures from one network, whatever the address", async () => {
    await member("network@example.jp");
    for (let i = 0; i < 10; i++) {
      await failure(
        logIn(t.ctx, { input: { email: `guess${i}@example.jp`, password: "wrong-pass1" }, ...web }),
      );
    }
    const right = { email: "network@example.jp", password: "passw0rd-ok" };
    expect((await failure(logIn(t.ctx, { input: right, ...web }))).reasonCode).toBe(
      "missing-recaptcha-token",
    );
    await logIn(t.ctx, { input: right, ...web, ip: "192.0.2.99" });
    await logIn(t.ctx, { input: right, ...web, botCheckToken: sandbox().issue("login") });
  });
});
