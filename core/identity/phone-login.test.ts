import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { challenges, users } from "#db/schema/index.ts";
import { captureSms } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { codeIn } from "#tests/helpers/smtp.ts";
import { totpCode } from "#tests/helpers/two-step.ts";
import { confirmTotpEnrolment } from "./confirm-totp-enrolment.ts";
import { enableSmsTwoStep } from "./enable-sms-two-step.ts";
import { hashPassword } from "./passwords.ts";
import { completePhoneLogin, startPhoneLogin } from "./phone-login.ts";
import { resolveSession, type SessionUser } from "./sessions.ts";
import { startTotpEnrolment } from "./start-totp-enrolment.ts";
import { completeTwoStepLogin, sendTwoStepSms, twoStepTicketMethods } from "./two-step-login.ts";

const IP = "192.0.2.77";
let counter = 0;

async function member(
  t: TestCore,
  o: { phone?: string; verified?: boolean; role?: "member" | "operator" } = {},
): Promise<SessionUser> {
  counter += 1;
  const [u] = await t.ctx.db
    .insert(users)
    .values({
      email: `phone${counter}@example.jp`,
      nickname: `phone${counter}`,
      role: o.role ?? "member",
      passwordHash: await hashPassword("passw0rd-ok"),
      emailVerifiedAt: new Date(),
      phoneNumber: o.phone ?? null,
      phoneVerifiedAt: o.phone && o.verified !== false ? new Date() : null,
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

describe.each(ENGINES)("phone sign-in on %s", (engine) => {
  let t: TestCore;
  let sent: { to: string; text: string }[];
  beforeEach(async () => {
    t = await createTestCore(engine);
    sent = captureSms(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const human = () => t.ctx.botCheck.issue!("phone_login");
  const start = (phoneNumber: string, ip = IP) =>
    startPhoneLogin(t.ctx, { input: { phoneNumber }, locale: "ja", ip, botCheckToken: human() });
  const complete = (ticket: string, code: string, ip = IP) =>
    completePhoneLogin(t.ctx, { ticket, input: { code }, kind: "web", persistent: true, ip });
  /** A code that is not the one sent. */
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

  it("texts a code to a verified number, and the code opens a session once", async () => {
    const actor = await member(t, { phone: "09012345678" });
    const { ticket, phoneNumber } = await start("０９０－１２３４－５６７８");
    expect(phoneNumber).toBe("09012345678");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("09012345678");
    expect(sent[0]!.text).toContain("ログイン用の確認コード");
    const code = codeIn(sent[0]!.text);
    // Only hashes are kept.
    const [row] = await t.ctx.db.select().from(challenges).where(eq(challenges.purpose, "phone_login"));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.ticketHash).not.toBe(ticket);

    const done = await complete(ticket, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(done.twoStep).toBeNull();
    expect(done.user.id).toBe(actor.id);
    expect((await resolveSession(t.ctx, done.token!))?.id).toBe(actor.id);
    // Single use: the same ticket and code again are refused.
    const again = await failure(complete(ticket, code));
    expect(said(again).fields.code!.ja).toContain("有効期限が切れた");
  });

  it("answers a number no member has verified exactly like a registered one, texting nothing", async () => {
    await member(t, { phone: "08011112222", verified: false });
    const unknown = await start("080-1111-2222");
    expect(unknown.ticket).toEqual(expect.any(String));
    expect(sent).toHaveLength(0);
    // Any code is wrong for it, and the guesses count as for any other ticket.
    const e = await failure(complete(unknown.ticket, "123456"));
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields.code!.ja).toBe("確認コードが正しくありません");
  });

  it("refuses the sixth wrong code with a clear message, changes nothing, and counts every guess", async () => {
    await member(t, { phone: "09022223333" });
    const { ticket } = await start("09022223333");
    const code = codeIn(sent[0]!.text);
    for (let i = 1; i <= 4; i++) {
      const e = await failure(complete(ticket, wrongFor(code)));
      expect(said(e).fields.code).toEqual({
        ja: "確認コードが正しくありません",
        en: "The code is not correct",
      });
    }
    // The fifth wrong guess kills the code; the sixth, and even the right one, find it dead.
    for (const typed of [wrongFor(code), wrongFor(code), code]) {
      const e = await failure(complete(ticket, typed));
      expect(e.code).toBe("VALIDATION");
      expect(said(e).fields.code!.ja).toContain("有効期限が切れたか、入力の回数が上限に達しました");
    }
    const [row] = await t.ctx.db.select().from(challenges).where(eq(challenges.purpose, "phone_login"));
    expect(row!.attempts).toBe(5);
    expect(row!.consumedAt).toBeNull();
    // Seven guesses counted against the number's sign-in limit: three more and it is blocked.
    for (let i = 0; i < 3; i++) await failure(complete(ticket, code));
    expect((await failure(complete(ticket, code))).code).toBe("RATE_LIMITED");
  });

  it("refuses an expired code and the code of another ticket", async () => {
    await member(t, { phone: "09033334444" });
    await member(t, { phone: "07055556666" });
    const first = await start("09033334444");
    const other = await start("07055556666");
    const otherCode = codeIn(sent[1]!.text);
    const firstCode = codeIn(sent[0]!.text);
    if (otherCode !== firstCode) {
      const e = await failure(complete(first.ticket, otherCode));
      expect(said(e).fields.code!.ja).toBe("確認コードが正しくありません");
    }
    t.clock.advance(10 * 60_000 + 1000);
    const late = await failure(complete(other.ticket, otherCode));
    expect(said(late).fields.code!.ja).toContain("有効期限が切れた");
  });

  it("takes only a mobile number by the §5 rule, and only with the bot check's token", async () => {
    await member(t, { phone: "09044445555" });
    for (const bad of ["03-1234-5678", "0901234567", "abc", ""]) {
      const e = await failure(start(bad));
      expect(e.code).toBe("VALIDATION");
      expect(Object.keys(said(e).fields)).toEqual(["phoneNumber"]);
    }
    expect(said(await failure(start("0312345678"))).fields.phoneNumber!.ja).toBe(
      "電話番号を正しく入力してください",
    );
    const missing = await failure(
      startPhoneLogin(t.ctx, {
        input: { phoneNumber: "09044445555" },
        locale: "ja",
        ip: IP,
        botCheckToken: null,
      }),
    );
    expect(missing.code).toBe("BAD_REQUEST");
    expect(missing.reasonCode).toBe("missing-recaptcha-token");
    // A token for another form is refused.
    const wrongAction = await failure(
      startPhoneLogin(t.ctx, {
        input: { phoneNumber: "09044445555" },
        locale: "ja",
        ip: IP,
        botCheckToken: t.ctx.botCheck.issue!("login"),
      }),
    );
    expect(wrongAction.reasonCode).toBe("captcha-check-failed");
    expect(sent).toHaveLength(0);
  });

  it("sends at most 5 codes an hour to a number, and limits a network, registered or not", async () => {
    await member(t, { phone: "09055556666" });
    for (let i = 0; i < 5; i++) await start("09055556666", `198.51.100.${i}`);
    expect((await failure(start("09055556666", "198.51.100.9"))).code).toBe("RATE_LIMITED");
    // The same for a number with no account: the limits never tell the two apart.
    for (let i = 0; i < 5; i++) await start("08099990000", `198.51.101.${i}`);
    expect((await failure(start("08099990000", "198.51.101.9"))).code).toBe("RATE_LIMITED");
    expect(sent).toHaveLength(5);
    // One network: 30 codes an hour whatever the numbers.
    for (let i = 0; i < 30; i++) await start(`070${String(10000000 + i)}`, "203.0.113.5");
    expect((await failure(start("07099999999", "203.0.113.5"))).code).toBe("RATE_LIMITED");
    // An hour later the number may have codes again.
    t.clock.advance(3600_000 + 1000);
    await start("09055556666", "198.51.100.20");
  });

  it("refuses a suspended member once the code is right, and a number no longer the member's", async () => {
    const actor = await member(t, { phone: "09066667777" });
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, actor.id));
    const { ticket } = await start("09066667777");
    const wrong = await failure(complete(ticket, wrongFor(codeIn(sent[0]!.text))));
    expect(wrong.code).toBe("VALIDATION");
    const e = await failure(complete(ticket, codeIn(sent[0]!.text)));
    expect(e.code).toBe("FORBIDDEN");

    const moved = await member(t, { phone: "09077778888" });
    const second = await start("09077778888");
    await t.ctx.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, moved.id));
    const gone = await failure(complete(second.ticket, codeIn(sent[1]!.text)));
    expect(gone.code).toBe("VALIDATION");
  });

  it("lets the phone code stand for SMS two-step, and asks for the authenticator when one is set up", async () => {
    const smsOnly = await member(t, { phone: "09088889999" });
    await enableSmsTwoStep(t.ctx, { actor: smsOnly });
    const a = await start("09088889999");
    const signedIn = await complete(a.ticket, codeIn(sent[0]!.text));
    expect(signedIn.twoStep).toBeNull();
    expect(signedIn.token).toEqual(expect.any(String));

    const both = await member(t, { phone: "07011112222" });
    const { secret } = await startTotpEnrolment(t.ctx, { actor: both });
    await confirmTotpEnrolment(t.ctx, {
      actor: both,
      input: { code: totpCode(secret, t.clock.now().getTime()) },
    });
    await enableSmsTwoStep(t.ctx, { actor: both });
    t.clock.advance(30_000);
    const b = await start("07011112222");
    const asked = await complete(b.ticket, codeIn(sent[1]!.text));
    expect(asked.token).toBeNull();
    // The phone is proven already: a second text to it is not offered as the second step.
    expect(asked.twoStep!.methods).toEqual({ totp: true, sms: false, phoneHint: "•••• 2222" });
    expect(await twoStepTicketMethods(t.ctx, asked.twoStep!.ticket)).toMatchObject({ sms: false });
    expect(
      (await failure(sendTwoStepSms(t.ctx, { ticket: asked.twoStep!.ticket, ip: IP, locale: "ja" }))).code,
    ).toBe("CONFLICT");
    const done = await completeTwoStepLogin(t.ctx, {
      ticket: asked.twoStep!.ticket,
      input: { code: totpCode(secret, t.clock.now().getTime()) },
      ip: IP,
    });
    expect(done.persistent).toBe(true);
    expect((await resolveSession(t.ctx, done.token))?.id).toBe(both.id);
  });

  it("never opens the back office with a phone alone", async () => {
    const operator = await member(t, { phone: "09010101010", role: "operator" });
    await enableSmsTwoStep(t.ctx, { actor: operator });
    const { ticket } = await start("09010101010");
    const e = await failure(complete(ticket, codeIn(sent[0]!.text)));
    expect(e.code).toBe("FORBIDDEN");
    expect(said(e).message.ja).toContain("運営スタッフ");
  });
});
