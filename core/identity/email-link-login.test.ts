import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { challenges, users } from "#db/schema/index.ts";
import { createMember } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { linkIn } from "#tests/helpers/smtp.ts";
import { totpCode } from "#tests/helpers/two-step.ts";
import { confirmTotpEnrolment } from "./confirm-totp-enrolment.ts";
import { openEmailLink, requestEmailLinkLogin } from "./email-link-login.ts";
import { resolveSession } from "./sessions.ts";
import { startTotpEnrolment } from "./start-totp-enrolment.ts";
import { completeTwoStepLogin } from "./two-step-login.ts";

const IP = "192.0.2.88";

describe.each(ENGINES)("sign-in by emailed link on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const ask = (email: string, o: { ip?: string; redirect?: string } = {}) =>
    requestEmailLinkLogin(t.ctx, {
      input: { email },
      locale: "ja",
      ip: o.ip ?? IP,
      botCheckToken: t.ctx.botCheck.issue!("email_login"),
      redirect: o.redirect ?? "/ja/mypage/",
      persistent: true,
    });
  const open = (link: string, ticket: string | null, ip = IP) =>
    openEmailLink(t.ctx, {
      linkToken: new URL(link).searchParams.get("token"),
      ticket,
      kind: "web",
      ip,
      userAgent: "Mozilla/5.0 (iPhone)",
    });
  const mailedLink = async (email: string) => linkIn((await t.smtp.lastTo(email)).text, "/login/email/open/");

  it("mails a link that signs in the browser that asked, once, and leads back where the member was going", async () => {
    const actor = await createMember(t, { email: "link1@example.jp" });
    const { ticket, email } = await ask(" Link1@Example.JP ", { redirect: "/ja/items/12/buy/" });
    expect(email).toBe("link1@example.jp");
    const mail = await t.smtp.lastTo("link1@example.jp");
    expect(mail.subject).toBe("【Tsugu】ログイン用のリンク");
    expect(mail.text).toContain("有効期限は10分");
    const link = linkIn(mail.text, "/ja/login/email/open/");
    // Only hashes are kept.
    const [row] = await t.ctx.db.select().from(challenges).where(eq(challenges.purpose, "email_login"));
    expect(row!.ticketHash).not.toBe(ticket);
    expect(row!.linkTokenHash).not.toBe(new URL(link).searchParams.get("token"));

    const done = await open(link, ticket);
    expect(done.twoStep).toBeNull();
    expect(done.user.id).toBe(actor.id);
    expect(done.redirect).toBe("/ja/items/12/buy/");
    expect(done.persistent).toBe(true);
    expect((await resolveSession(t.ctx, done.token!))?.id).toBe(actor.id);

    // Once only.
    const again = await failure(open(link, ticket));
    expect(again.code).toBe("NOT_FOUND");
    expect(said(again).message.ja).toContain("すでに使われています");
  });

  it("refuses the link in another browser and keeps it good for the one that asked", async () => {
    const actor = await createMember(t, { email: "link2@example.jp" });
    const { ticket } = await ask("link2@example.jp");
    const link = await mailedLink("link2@example.jp");
    const elsewhere = await failure(open(link, null));
    expect(elsewhere.code).toBe("CONFLICT");
    expect(said(elsewhere).message.ja).toContain("お申し込みいただいたブラウザでのみ");
    expect(said(elsewhere).message.en).toContain("only in the browser");
    const other = await ask("link2@example.jp");
    // A ticket from another request is another browser too.
    expect((await failure(open(link, other.ticket))).code).toBe("CONFLICT");
    const done = await open(link, ticket);
    expect(done.user.id).toBe(actor.id);
  });

  it("expires after 10 minutes", async () => {
    await createMember(t, { email: "link3@example.jp" });
    const { ticket } = await ask("link3@example.jp");
    const link = await mailedLink("link3@example.jp");
    t.clock.advance(10 * 60 * 1000 + 1000);
    expect((await failure(open(link, ticket))).code).toBe("NOT_FOUND");
  });

  it("answers the same for an address with no account, and mails nothing", async () => {
    const r = await ask("nobody@example.jp");
    expect(r.email).toBe("nobody@example.jp");
    expect(r.ticket).toMatch(/\S{20,}/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.filter((m) => m.to.includes("nobody@example.jp"))).toHaveLength(0);
    // A made-up link never signs anyone in.
    expect((await failure(open("http://tsugu.test/ja/login/email/open/?token=made-up", r.ticket))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("limits the links per address and per network, and counts them with the sign-in limits", async () => {
    await createMember(t, { email: "link4@example.jp" });
    for (let i = 0; i < 5; i += 1) await ask("link4@example.jp");
    const sixth = await failure(ask("link4@example.jp"));
    expect(sixth.code).toBe("RATE_LIMITED");
    // Another address from the same network: the per-network limit counts every request.
    const net = "198.51.100.9";
    let limited = null;
    for (let i = 0; i < 25 && !limited; i += 1) {
      try {
        await ask(`someone${i}@example.jp`, { ip: net });
      } catch (error) {
        limited = error;
      }
    }
    expect((limited as { code?: string } | null)?.code).toBe("RATE_LIMITED");
  });

  it("asks for the second step when the member has it on", async () => {
    const actor = await createMember(t, { email: "link5@example.jp" });
    const { secret } = await startTotpEnrolment(t.ctx, { actor });
    await confirmTotpEnrolment(t.ctx, { actor, input: { code: totpCode(secret, t.clock.now().getTime()) } });
    t.clock.advance(30_000);
    const { ticket } = await ask("link5@example.jp", { redirect: "/ja/balance/" });
    const first = await open(await mailedLink("link5@example.jp"), ticket);
    expect(first.token).toBeNull();
    expect(first.twoStep).not.toBeNull();
    expect(first.redirect).toBe("/ja/balance/");
    const done = await completeTwoStepLogin(t.ctx, {
      ticket: first.twoStep!.ticket,
      input: { code: totpCode(secret, t.clock.now().getTime()) },
      ip: IP,
    });
    expect((await resolveSession(t.ctx, done.token))?.id).toBe(actor.id);
  });

  it("refuses a suspended member, before and after the link is sent", async () => {
    const actor = await createMember(t, { email: "link6@example.jp" });
    const { ticket } = await ask("link6@example.jp");
    const link = await mailedLink("link6@example.jp");
    await t.ctx.db.update(users).set({ suspendedAt: t.clock.now() }).where(eq(users.id, actor.id));
    const refused = await failure(open(link, ticket));
    expect(refused.code).toBe("FORBIDDEN");
    const before = t.smtp.messages.length;
    await ask("link6@example.jp");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.length).toBe(before);
  });

  it("checks the address as typed", async () => {
    const wrong = await failure(ask("not-an-address"));
    expect(wrong.code).toBe("VALIDATION");
    expect(said(wrong).fields.email?.ja).toBeTruthy();
  });
});
