import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  buybackBuyers,
  buybackCompanies,
  buybackInvitations,
  challenges,
  sessions,
  users,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { codeIn, linkIn } from "#tests/helpers/smtp.ts";
import { confirmEmailChange } from "../identity/change-email.ts";
import { resolveSession, type SessionUser } from "../identity/sessions.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import { pendingBuyerEmail, saveBuyerAccount } from "./buyer-account.ts";
import { logInBuyer, sendBuyerLoginCode } from "./buyer-login.ts";
import { completeBuyerSignup, pendingBuyerSignup, startBuyerSignup } from "./buyer-signup.ts";
import { getBuyer } from "./buyers.ts";
import { cancelInvitation } from "./cancel-invitation.ts";
import { createBuyerCompany } from "./create-buyer-company.ts";
import { getBuyerCompany } from "./get-buyer-company.ts";
import { inviteBuyer } from "./invite-buyer.ts";
import { listBuyerCompanies } from "./list-buyer-companies.ts";
import { openInvitation } from "./open-invitation.ts";
import { resendInvitation } from "./resend-invitation.ts";
import { updateBuyerCompany } from "./update-buyer-company.ts";

const IP = "192.0.2.20";
const COMPANY = {
  name: "株式会社テストモバイル",
  invoiceNumber: "Ｔ１２３４５６７８９０１２３",
  address: "東京都千代田区外神田1-2-3",
  phone: "03-1234-5678",
  dealerLicence: "東京都公安委員会 第301010000099号",
};
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The token of the newest invitation link mailed to an address. */
async function invitationToken(t: TestCore, email: string, lang = "ja"): Promise<string> {
  const mail = await t.smtp.lastTo(email);
  return new URL(linkIn(mail.text, `/${lang}/buyback/signup/`)).searchParams.get("token")!;
}

/** A signed-in user as the pages see it, for use cases that take an actor. */
async function sessionUser(t: TestCore, token: string): Promise<SessionUser> {
  return (await resolveSession(t.ctx, token))!;
}

describe.each(ENGINES)("buyback buyer accounts on %s", (engine) => {
  let t: TestCore;
  let operator: SessionUser;
  let companyId: number;

  /** An operator invites the address, the person joins with the mailed code: a buyer, signed in. */
  async function joinAsBuyer(email: string, name = "山田 太郎") {
    await inviteBuyer(t.ctx, { actor: operator, companyId, input: { email } });
    const token = await invitationToken(t, email);
    const { ticket } = await startBuyerSignup(t.ctx, { token, input: { name }, locale: "ja", ip: IP });
    const code = codeIn((await t.smtp.lastTo(email)).text);
    return completeBuyerSignup(t.ctx, {
      token,
      ticket,
      input: { code },
      session: { kind: "web", persistent: false, ip: IP },
    });
  }

  /** The newest login code mailed to an address. */
  async function mailedCode(email: string) {
    return codeIn((await t.smtp.lastTo(email)).text);
  }

  beforeEach(async () => {
    t = await createTestCore(engine);
    operator = await makeOperator(t.ctx, ["support"]);
    companyId = (await createBuyerCompany(t.ctx, { actor: operator, input: COMPANY })).id;
  });
  afterEach(async () => {
    await t.close();
  });

  describe("companies", () => {
    it("keeps a company's details, cleaned, and audits every change", async () => {
      const { company } = await getBuyerCompany(t.ctx, { actor: operator, id: companyId });
      expect(company.invoiceNumber).toBe("T1234567890123");
      expect(company.phone).toBe("0312345678");
      await updateBuyerCompany(t.ctx, {
        actor: operator,
        id: companyId,
        input: { ...COMPANY, invoiceNumber: "", address: "大阪府大阪市北区1-1" },
      });
      const { companies } = await listBuyerCompanies(t.ctx, { actor: operator });
      expect(companies).toMatchObject([{ id: companyId, invoiceNumber: null, buyerCount: 0 }]);
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(companyId)))
        .orderBy(auditLog.id);
      expect(audit.map((a) => a.action)).toEqual(["buyback:company_create", "buyback:company_update"]);
      expect(audit[1]!.changes).toMatchObject({ address: [COMPANY.address, "大阪府大阪市北区1-1"] });
    });

    it("refuses wrong details with a message per field, and operators without the permission", async () => {
      const e = await failure(
        createBuyerCompany(t.ctx, {
          actor: operator,
          input: { name: "", invoiceNumber: "T123", address: "東京都", phone: "03-12", dealerLicence: "" },
        }),
      );
      expect(e.code).toBe("VALIDATION");
      const fields = said(e).fields;
      expect(fields.name?.ja).toBe("会社名を入力してください");
      expect(fields.invoiceNumber?.ja).toBe("登録番号は T と13桁の数字で入力してください");
      expect(fields.phone?.en).toBeTruthy();
      expect(fields.dealerLicence?.ja).toContain("入力してください");
      const grader = await makeOperator(t.ctx, ["grader"]);
      expect((await failure(listBuyerCompanies(t.ctx, { actor: grader }))).code).toBe("FORBIDDEN");
      const member = await makeMember(t.ctx);
      expect((await failure(createBuyerCompany(t.ctx, { actor: member, input: COMPANY }))).code).toBe(
        "FORBIDDEN",
      );
    });
    it("sorts the companies by name or registration number, an unknown sort falling back to the order added", async () => {
      const made = await t.ctx.db
        .insert(buybackCompanies)
        .values([
          { name: "Charlie Mobile", invoiceNumber: "T3000000000001" },
          { name: "Alpha Mobile", invoiceNumber: null },
          { name: "Bravo Mobile", invoiceNumber: "T1000000000001" },
        ])
        .returning({ id: buybackCompanies.id });
      const [c, a, b] = made.map((r) => r.id);
      const order = async (query?: Record<string, string>) => {
        const list = await listBuyerCompanies(t.ctx, { actor: operator, ...(query ? { query } : {}) });
        const mine = list.companies.map((r) => r.id).filter((id) => made.some((m) => m.id === id));
        return { ids: mine, sort: list.sort, dir: list.dir, first: list.companies[0]?.id };
      };
      // The default, as before: in the order they were added (the first company first of all).
      expect(await order()).toEqual({ ids: [c, a, b], sort: "id", dir: "asc", first: companyId });
      expect(await order({ sort: "name", dir: "asc" })).toMatchObject({
        ids: [a, b, c],
        sort: "name",
        dir: "asc",
      });
      expect((await order({ sort: "name", dir: "desc" })).ids).toEqual([c, b, a]);
      // One without a registration number comes last going up, first going down.
      expect((await order({ sort: "invoiceNumber", dir: "asc" })).ids).toEqual([b, c, a]);
      expect((await order({ sort: "invoiceNumber", dir: "desc" })).ids).toEqual([a, c, b]);
      expect((await order({ sort: "id", dir: "desc" })).ids).toEqual([b, a, c]);
      expect(await order({ sort: "buyers; --", dir: "down" })).toEqual({
        ids: [c, a, b],
        sort: "id",
        dir: "asc",
        first: companyId,
      });
    });
  });

  describe("invitations and sign-up", () => {
    it("invites a person, who joins with a mailed code and is signed in as the company's buyer", async () => {
      const { invitationId } = await inviteBuyer(t.ctx, {
        actor: operator,
        companyId,
        input: { email: "New.Buyer@Example.JP" },
      });
      const mail = await t.smtp.lastTo("new.buyer@example.jp");
      expect(mail.subject).toContain(COMPANY.name);
      // Written in both languages, each with its own link; the token is kept only as a hash.
      const token = await invitationToken(t, "new.buyer@example.jp", "ja");
      expect(await invitationToken(t, "new.buyer@example.jp", "en")).toBe(token);
      const [row] = await t.ctx.db.select().from(buybackInvitations);
      expect(row!.tokenHash).not.toContain(token);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * DAY_MS);

      const link = await openInvitation(t.ctx, token);
      expect(link).toMatchObject({ status: "open", companyName: COMPANY.name });
      const bad = await failure(
        startBuyerSignup(t.ctx, { token, input: { name: "" }, locale: "ja", ip: IP }),
      );
      expect(said(bad).fields.name?.ja).toBe("ユーザー名を入力してください");
      const { ticket, email } = await startBuyerSignup(t.ctx, {
        token,
        input: { name: "佐藤 花子" },
        locale: "ja",
        ip: IP,
      });
      expect(email).toBe("new.buyer@example.jp");
      expect(await pendingBuyerSignup(t.ctx, { token, ticket })).toEqual({ name: "佐藤 花子", email });
      const code = codeIn((await t.smtp.lastTo(email)).text);
      const wrong = await failure(
        completeBuyerSignup(t.ctx, {
          token,
          ticket,
          input: { code: code === "000000" ? "111111" : "000000" },
          session: { kind: "web", persistent: false },
        }),
      );
      expect(said(wrong).fields.code?.ja).toBe("確認コードが正しくありません");
      const done = await completeBuyerSignup(t.ctx, {
        token,
        ticket,
        input: { code },
        session: { kind: "web", persistent: false },
      });
      expect(done.buyer).toMatchObject({ email, name: "佐藤 花子", companyId, setupAt: null });
      const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({ role: "business", passwordHash: null });
      expect((await resolveSession(t.ctx, done.token))?.id).toBe(user!.id);
      const [accepted] = await t.ctx.db
        .select()
        .from(buybackInvitations)
        .where(eq(buybackInvitations.id, invitationId));
      expect(accepted).toMatchObject({ acceptedUserId: user!.id });

      // The link works once.
      expect((await openInvitation(t.ctx, token)).status).toBe("used");
      const again = await failure(
        startBuyerSignup(t.ctx, { token, input: { name: "別人" }, locale: "ja", ip: IP }),
      );
      expect(again.code).toBe("FORBIDDEN");
      expect(said(again).message.ja).toContain("招待リンクは使えなくなりました");
    });

    it("lets a link run out after 7 days; sending it again makes a new one and withdrawing ends it", async () => {
      const { invitationId } = await inviteBuyer(t.ctx, {
        actor: operator,
        companyId,
        input: { email: "late@example.jp" },
      });
      const first = await invitationToken(t, "late@example.jp");
      t.clock.advance(7 * DAY_MS + 1);
      expect((await openInvitation(t.ctx, first)).status).toBe("expired");
      const e = await failure(
        startBuyerSignup(t.ctx, { token: first, input: { name: "遅刻" }, locale: "ja", ip: IP }),
      );
      expect(e.code).toBe("FORBIDDEN");
      expect((await listBuyerCompanies(t.ctx, { actor: operator })).invitations).toMatchObject([
        { id: invitationId, expired: true },
      ]);

      await resendInvitation(t.ctx, { actor: operator, companyId, invitationId });
      const second = await invitationToken(t, "late@example.jp");
      expect(second).not.toBe(first);
      expect((await openInvitation(t.ctx, first)).status).toBe("invalid");
      expect((await openInvitation(t.ctx, second)).status).toBe("open");

      await cancelInvitation(t.ctx, { actor: operator, companyId, invitationId });
      expect((await openInvitation(t.ctx, second)).status).toBe("invalid");
      expect(
        (await failure(cancelInvitation(t.ctx, { actor: operator, companyId, invitationId }))).code,
      ).toBe("NOT_FOUND");
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetType, "buyback_invitation"))
        .orderBy(auditLog.id);
      expect(audit.map((a) => a.action)).toEqual([
        "buyback:invite",
        "buyback:invite_resend",
        "buyback:invite_cancel",
      ]);
    });

    it("does not invite an address with an account, or one already waiting", async () => {
      const member = await makeMember(t.ctx);
      const taken = await failure(
        inviteBuyer(t.ctx, { actor: operator, companyId, input: { email: member.email } }),
      );
      expect(said(taken).fields.email?.ja).toContain("すでに Tsugu のアカウントがあります");
      await inviteBuyer(t.ctx, { actor: operator, companyId, input: { email: "twice@example.jp" } });
      const twice = await failure(
        inviteBuyer(t.ctx, { actor: operator, companyId, input: { email: "twice@example.jp" } }),
      );
      expect(twice.code).toBe("CONFLICT");
      expect(t.smtp.messages.filter((m) => m.to.includes("twice@example.jp"))).toHaveLength(1);
    });
  });

  describe("log-in by emailed code", () => {
    it("logs a buyer in with the newest code, once; the session lasts as long as asked", async () => {
      await joinAsBuyer("buyer@example.jp");
      const sent = await sendBuyerLoginCode(t.ctx, {
        input: { email: " Buyer@Example.jp " },
        locale: "en",
        ip: IP,
      });
      expect(sent.email).toBe("buyer@example.jp");
      const mail = await t.smtp.lastTo("buyer@example.jp");
      expect(mail.subject).toContain("login code");
      const code = codeIn(mail.text);
      const rows = await t.ctx.db.select().from(challenges).where(eq(challenges.purpose, "login"));
      expect(JSON.stringify(rows)).not.toContain(code);

      const r = await logInBuyer(t.ctx, {
        input: { email: "buyer@example.jp", code },
        kind: "web",
        persistent: true,
        ip: IP,
      });
      expect(r.buyer).toMatchObject({ email: "buyer@example.jp", companyName: COMPANY.name });
      expect(r.expiresAt.getTime() - t.clock.now().getTime()).toBe(365 * DAY_MS);
      const [session] = await t.ctx.db.select().from(sessions).where(eq(sessions.persistent, true));
      expect(session?.userId).toBe(r.buyer.userId);

      // Single use: the same code never opens a second session.
      const reused = await failure(
        logInBuyer(t.ctx, {
          input: { email: "buyer@example.jp", code },
          kind: "web",
          persistent: false,
          ip: IP,
        }),
      );
      expect(said(reused).fields.code?.en).toContain("expired");

      // Without "keep me logged in" the session ends on the server after a week.
      await sendBuyerLoginCode(t.ctx, { input: { email: "buyer@example.jp" }, locale: "ja", ip: IP });
      const short = await logInBuyer(t.ctx, {
        input: { email: "buyer@example.jp", code: await mailedCode("buyer@example.jp") },
        kind: "web",
        persistent: false,
        ip: IP,
      });
      expect(short.expiresAt.getTime() - t.clock.now().getTime()).toBe(7 * DAY_MS);
    });

    it("kills a code after five wrong guesses: the sixth fails even with the right code", async () => {
      await joinAsBuyer("guess@example.jp");
      await sendBuyerLoginCode(t.ctx, { input: { email: "guess@example.jp" }, locale: "ja", ip: IP });
      const code = await mailedCode("guess@example.jp");
      const wrong = code === "000000" ? "111111" : "000000";
      const guess = (c: string) =>
        failure(
          logInBuyer(t.ctx, {
            input: { email: "guess@example.jp", code: c },
            kind: "web",
            persistent: false,
            ip: IP,
          }),
        );
      for (let i = 1; i <= 4; i++) {
        expect(said(await guess(wrong)).fields.code?.ja).toBe("確認コードが正しくありません");
      }
      expect(said(await guess(wrong)).fields.code?.ja).toContain("上限に達しました");
      const sixth = await guess(code);
      expect(sixth.code).toBe("VALIDATION");
      expect(said(sixth).fields.code?.ja).toContain("上限に達しました");
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.persistent, false))).toHaveLength(1);
    });

    it("lets a code expire after 10 minutes", async () => {
      await joinAsBuyer("late@example.jp");
      await sendBuyerLoginCode(t.ctx, { input: { email: "late@example.jp" }, locale: "ja", ip: IP });
      const code = await mailedCode("late@example.jp");
      t.clock.advance(10 * 60 * 1000 + 1);
      const e = await failure(
        logInBuyer(t.ctx, {
          input: { email: "late@example.jp", code },
          kind: "web",
          persistent: false,
          ip: IP,
        }),
      );
      expect(said(e).fields.code?.ja).toContain("有効期限");
    });

    it("sends at most 5 codes an hour to one address, from any network", async () => {
      const { buyer } = await joinAsBuyer("many@example.jp");
      // The sign-up's code counted too: start a fresh hour.
      t.clock.advance(HOUR_MS + 1);
      for (let i = 0; i < 5; i++) {
        await sendBuyerLoginCode(t.ctx, {
          input: { email: buyer.email },
          locale: "ja",
          ip: `198.51.100.${i}`,
        });
      }
      const sixth = await failure(
        sendBuyerLoginCode(t.ctx, { input: { email: buyer.email }, locale: "ja", ip: "198.51.100.99" }),
      );
      expect(sixth.code).toBe("RATE_LIMITED");
      expect(sixth.retryAfterSeconds).toBeGreaterThan(0);
      t.clock.advance(HOUR_MS + 1);
      await sendBuyerLoginCode(t.ctx, { input: { email: buyer.email }, locale: "ja", ip: "198.51.100.99" });
    });

    it("limits the codes and the guesses from one network", async () => {
      for (let i = 0; i < 30; i++) {
        await sendBuyerLoginCode(t.ctx, { input: { email: `nobody${i}@example.jp` }, locale: "ja", ip: IP });
      }
      const codes = await failure(
        sendBuyerLoginCode(t.ctx, { input: { email: "nobody-more@example.jp" }, locale: "ja", ip: IP }),
      );
      expect(codes.code).toBe("RATE_LIMITED");
      const other = "203.0.113.5";
      for (let i = 0; i < 30; i++) {
        const e = await failure(
          logInBuyer(t.ctx, {
            input: { email: `x${i}@example.jp`, code: "123456" },
            kind: "web",
            persistent: false,
            ip: other,
          }),
        );
        expect(e.code).toBe("VALIDATION");
      }
      const guesses = await failure(
        logInBuyer(t.ctx, {
          input: { email: "x@example.jp", code: "123456" },
          kind: "web",
          persistent: false,
          ip: other,
        }),
      );
      expect(guesses.code).toBe("RATE_LIMITED");
    });

    it("answers any other address exactly as a buyer's, and mails it nothing", async () => {
      await joinAsBuyer("real@example.jp");
      const member = await makeMember(t.ctx);
      const staff = await makeOperator(t.ctx, ["admin"]);
      const before = t.smtp.messages.length;
      const answers = [];
      for (const email of ["real@example.jp", member.email, staff.email, "unknown@example.jp"]) {
        const r = await sendBuyerLoginCode(t.ctx, { input: { email }, locale: "ja", ip: IP });
        answers.push({ keys: Object.keys(r).sort(), ticket: r.ticket.length, email: r.email === email });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(t.smtp.messages.slice(before).map((m) => m.to)).toEqual(["real@example.jp"]);
      // Whatever code is tried, a non-buyer address answers as a wrong code for a buyer does.
      for (const email of [member.email, "unknown@example.jp"]) {
        const e = await failure(
          logInBuyer(t.ctx, { input: { email, code: "123456" }, kind: "web", persistent: false, ip: IP }),
        );
        expect(said(e).fields.code?.ja).toBe("確認コードが正しくありません");
      }
      // And the limits are the same: the sixth request in an hour is refused for them too.
      for (let i = 0; i < 4; i++) {
        await sendBuyerLoginCode(t.ctx, {
          input: { email: member.email },
          locale: "ja",
          ip: `198.51.100.${i}`,
        });
      }
      expect(
        (await failure(sendBuyerLoginCode(t.ctx, { input: { email: member.email }, locale: "ja", ip: IP })))
          .code,
      ).toBe("RATE_LIMITED");
    });

    it("refuses an address that is not well formed, and a code that is not 6 digits", async () => {
      const e = await failure(
        sendBuyerLoginCode(t.ctx, { input: { email: "not-an-address" }, locale: "ja", ip: IP }),
      );
      expect(said(e).fields.email?.ja).toBe("メールアドレスの形式が正しくありません");
      const c = await failure(
        logInBuyer(t.ctx, {
          input: { email: "a@example.jp", code: "12ab" },
          kind: "web",
          persistent: false,
          ip: IP,
        }),
      );
      expect(said(c).fields.code?.en).toBeTruthy();
    });
  });

  describe("account settings", () => {
    it("saves company name and user name, ends the setup step, and changes the address by code", async () => {
      const joined = await joinAsBuyer("setup@example.jp");
      const actor = await sessionUser(t, joined.token);
      const bad = await failure(
        saveBuyerAccount(t.ctx, {
          actor,
          input: { companyName: "", name: "x".repeat(41), email: "setup@example.jp" },
          locale: "ja",
          ip: IP,
        }),
      );
      expect(said(bad).fields.companyName?.ja).toBe("会社名を入力してください");
      expect(said(bad).fields.name?.ja).toContain("40");
      expect((await getBuyer(t.ctx.db, actor.id))?.setupAt).toBeNull();

      const saved = await saveBuyerAccount(t.ctx, {
        actor,
        input: { companyName: "株式会社テストモバイル東京", name: "山田 次郎", email: "setup@example.jp" },
        locale: "ja",
        ip: IP,
      });
      expect(saved.emailChange).toBeNull();
      expect(saved.buyer).toMatchObject({ companyName: "株式会社テストモバイル東京", name: "山田 次郎" });
      expect(saved.buyer.setupAt).not.toBeNull();

      const changing = await saveBuyerAccount(t.ctx, {
        actor,
        input: { companyName: "株式会社テストモバイル東京", name: "山田 次郎", email: "New@Example.jp" },
        locale: "ja",
        ip: IP,
      });
      expect(changing.buyer.email).toBe("setup@example.jp");
      expect(changing.emailChange?.email).toBe("new@example.jp");
      const ticket = changing.emailChange!.ticket;
      expect(await pendingBuyerEmail(t.ctx, { userId: actor.id, ticket })).toBe("new@example.jp");
      const code = codeIn((await t.smtp.lastTo("new@example.jp")).text);
      await confirmEmailChange(t.ctx, { actor, ticket, input: { code } });
      expect((await getBuyer(t.ctx.db, actor.id))?.email).toBe("new@example.jp");
      expect((await t.smtp.lastTo("setup@example.jp")).text).toContain("new@example.jp");
    });

    it("is for buyers only", async () => {
      const member = await makeMember(t.ctx);
      const e = await failure(
        saveBuyerAccount(t.ctx, {
          actor: member,
          input: { companyName: "x", name: "x", email: member.email },
          locale: "ja",
          ip: IP,
        }),
      );
      expect(e.code).toBe("FORBIDDEN");
      expect((await failure(authorizeBuyer(t.ctx, null))).code).toBe("UNAUTHORIZED");
      // A business user whose company link is gone is no buyer either.
      const joined = await joinAsBuyer("gone@example.jp");
      await t.ctx.db.delete(buybackBuyers).where(eq(buybackBuyers.userId, joined.buyer.userId));
      expect((await failure(authorizeBuyer(t.ctx, { id: joined.buyer.userId }))).code).toBe("FORBIDDEN");
    });
  });
});
