import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  buybackCompanies,
  buybackInvitations,
  buyerApplications,
  stateHistory,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { codeIn, linkIn } from "#tests/helpers/smtp.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { queueSummaries } from "../staff/queues.ts";
import { applyAsBuyer } from "./apply-as-buyer.ts";
import { approveBuyerApplication } from "./approve-buyer-application.ts";
import { getBuyerApplication, listBuyerApplications } from "./buyer-applications.ts";
import { completeBuyerSignup, startBuyerSignup } from "./buyer-signup.ts";
import { declineBuyerApplication } from "./decline-buyer-application.ts";

const IP = "192.0.2.77";
const HOUR_MS = 3600 * 1000;
const APPLICATION = {
  companyName: "株式会社つぐ商事",
  licenceNumber: "第３０１０１０００００４２号",
  licenceCommission: "13",
  address: "東京都千代田区外神田1-2-3",
  contactName: "佐藤 花子",
  email: "Hanako@Tsugu-Trading.example",
  phone: "03-1234-5678",
  monthlyVolume: "10to49",
  categories: ["06", "05"],
};

describe.each(ENGINES)("a company's application to become a business buyer on %s", (engine) => {
  let t: TestCore;
  let operator: SessionUser;
  beforeEach(async () => {
    t = await createTestCore(engine);
    operator = await makeOperator(t.ctx, ["support"], { nickname: "受付 一郎" });
  });
  afterEach(async () => {
    await t.close();
  });

  const apply = (
    input: Record<string, unknown> = APPLICATION,
    o: { ip?: string; locale?: "ja" | "en" } = {},
  ) =>
    applyAsBuyer(t.ctx, {
      input,
      locale: o.locale ?? "ja",
      ip: o.ip ?? IP,
      botCheckToken: t.ctx.botCheck.issue!("contact"),
    });

  it("waits in the queue as sent, with a receipt mailed to the contact", async () => {
    const sent = await apply();
    expect(sent.email).toBe("hanako@tsugu-trading.example");
    const [row] = await t.ctx.db.select().from(buyerApplications);
    expect(row).toMatchObject({
      state: "PENDING",
      licenceNumber: "301010000042",
      licenceCommission: "13",
      phone: "0312345678",
      categories: ["05", "06"],
      locale: "ja",
    });
    const mail = await t.smtp.lastTo("hanako@tsugu-trading.example");
    expect(mail.subject).toBe(
      `【Tsugu 買取】法人バイヤーのお申し込みを受け付けました（受付番号 ${sent.id}）`,
    );
    expect(mail.text).toContain("佐藤 花子 様");
    const history = await t.ctx.db
      .select()
      .from(stateHistory)
      .where(eq(stateHistory.machine, "buyer_application"));
    expect(history.map((h) => [h.fromState, h.toState, h.actorRole])).toEqual([[null, "PENDING", "visitor"]]);

    const queue = await listBuyerApplications(t.ctx, { actor: operator });
    expect(queue.pending).toBe(1);
    expect(queue.rows[0]).toMatchObject({ id: sent.id, state: "PENDING", companyName: "株式会社つぐ商事" });
    const summary = (await queueSummaries(t.ctx, { actor: operator })).find(
      (q) => q.queue === "buyer-applications",
    );
    expect(summary?.count).toBe(1);
  });

  it("names each bad field in the page's language and keeps nothing", async () => {
    const error = await failure(
      apply({
        ...APPLICATION,
        licenceNumber: "30101",
        licenceCommission: "48",
        email: "nope",
        categories: [],
      }),
    );
    expect(error.code).toBe("VALIDATION");
    const fields = said(error).fields;
    expect(fields.licenceNumber).toEqual({
      ja: "古物商許可番号は12桁の数字で入力してください",
      en: "Enter the secondhand dealer licence number as 12 digits",
    });
    expect(fields.categories?.ja).toBe("買い取るカテゴリを1つ以上選んでください");
    expect(Object.keys(fields).sort()).toEqual(["categories", "email", "licenceCommission", "licenceNumber"]);
    expect(await t.ctx.db.select().from(buyerApplications)).toHaveLength(0);
  });

  it("refuses a second pending application for the same address or licence, kindly", async () => {
    await apply();
    const sameEmail = await failure(apply({ ...APPLICATION, licenceNumber: "301010000043" }));
    expect(sameEmail.code).toBe("CONFLICT");
    expect(Object.keys(said(sameEmail).fields)).toEqual(["email"]);
    expect(said(sameEmail).fields.email?.ja).toContain("審査中です");
    const sameLicence = await failure(apply({ ...APPLICATION, email: "other@tsugu-trading.example" }));
    expect(Object.keys(said(sameLicence).fields)).toEqual(["licenceNumber"]);
    expect(await t.ctx.db.select().from(buyerApplications)).toHaveLength(1);
  });

  it("needs the bot check", async () => {
    const error = await failure(
      applyAsBuyer(t.ctx, { input: APPLICATION, locale: "ja", ip: IP, botCheckToken: null }),
    );
    expect(error.code).not.toBe("VALIDATION");
    expect(await t.ctx.db.select().from(buyerApplications)).toHaveLength(0);
  });

  it("limits a network to 5 applications an hour", async () => {
    for (let i = 0; i < 5; i++) {
      await apply({ ...APPLICATION, email: `a${i}@example.jp`, licenceNumber: `30101000010${i}` });
    }
    const error = await failure(
      apply({ ...APPLICATION, email: "a9@example.jp", licenceNumber: "301010000109" }),
    );
    expect(error.code).toBe("RATE_LIMITED");
  });

  it("approved: the company is made, its contact invited and signs up from the invitation; all audited", async () => {
    const sent = await apply();
    t.clock.advance(5 * HOUR_MS);
    const detail = await getBuyerApplication(t.ctx, { actor: operator, applicationId: sent.id });
    expect(detail.ageMs).toBe(5 * HOUR_MS);
    const { companyId } = await approveBuyerApplication(t.ctx, { actor: operator, applicationId: sent.id });
    const [company] = await t.ctx.db
      .select()
      .from(buybackCompanies)
      .where(eq(buybackCompanies.id, companyId));
    expect(company).toMatchObject({
      name: "株式会社つぐ商事",
      address: "東京都千代田区外神田1-2-3",
      phone: "0312345678",
      dealerLicence: "東京都公安委員会 第301010000042号",
    });
    const [application] = await t.ctx.db.select().from(buyerApplications);
    expect(application).toMatchObject({ state: "APPROVED", companyId, decidedBy: operator.id });
    const actions = (await t.ctx.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(["buyback:application_approve", "buyback:company_create", "buyback:invite"]);
    const [approval] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "buyback:application_approve"));
    expect(approval).toMatchObject({
      actorId: operator.id,
      targetType: "buyer_application",
      targetId: String(sent.id),
    });

    // The invitation works as any other: the contact signs up from it.
    const mail = await t.smtp.lastTo("hanako@tsugu-trading.example");
    const token = new URL(linkIn(mail.text, "/ja/buyback/signup/")).searchParams.get("token")!;
    const { ticket } = await startBuyerSignup(t.ctx, {
      token,
      input: { name: "佐藤 花子" },
      locale: "ja",
      ip: IP,
    });
    const code = codeIn((await t.smtp.lastTo("hanako@tsugu-trading.example")).text);
    const joined = await completeBuyerSignup(t.ctx, {
      token,
      ticket,
      input: { code },
      session: { kind: "web", persistent: false, ip: IP },
    });
    expect(joined.buyer.companyId).toBe(companyId);

    // Decided once: a second decision is refused and changes nothing.
    const again = await failure(
      declineBuyerApplication(t.ctx, { actor: operator, applicationId: sent.id, input: { reason: "重複" } }),
    );
    expect(again.code).toBe("CONFLICT");
    expect(said(again).message.ja).toBe("この申し込みはすでに審査が終わっています");
    const queue = await listBuyerApplications(t.ctx, { actor: operator });
    expect(queue.pending).toBe(0);
  });

  it("an address that already has an account: the approval is refused and nothing is kept", async () => {
    const member = await makeMember(t.ctx);
    const sent = await apply({ ...APPLICATION, email: member.email });
    const error = await failure(approveBuyerApplication(t.ctx, { actor: operator, applicationId: sent.id }));
    expect(error.code).toBe("CONFLICT");
    expect(await t.ctx.db.select().from(buybackCompanies)).toHaveLength(0);
    expect(await t.ctx.db.select().from(buybackInvitations)).toHaveLength(0);
    const [application] = await t.ctx.db.select().from(buyerApplications);
    expect(application?.state).toBe("PENDING");
    expect(await t.ctx.db.select().from(auditLog)).toHaveLength(0);
  });

  it("declined: a reason is required, then mailed in the language applied in, and audited", async () => {
    const sent = await apply(APPLICATION, { locale: "en" });
    const empty = await failure(
      declineBuyerApplication(t.ctx, { actor: operator, applicationId: sent.id, input: { reason: " " } }),
    );
    expect(said(empty).fields.reason?.ja).toBe("お断りする理由を入力してください");
    const reason = "The licence number does not match the commission's register.";
    await declineBuyerApplication(t.ctx, { actor: operator, applicationId: sent.id, input: { reason } });
    const [application] = await t.ctx.db.select().from(buyerApplications);
    expect(application).toMatchObject({ state: "DECLINED", declineReason: reason, decidedBy: operator.id });
    const mail = await t.smtp.lastTo("hanako@tsugu-trading.example");
    expect(mail.subject).toBe(`[Tsugu Buyback] About your application as a business buyer (No. ${sent.id})`);
    expect(mail.text).toContain(reason);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "buyback:application_decline"), eq(auditLog.targetType, "buyer_application")),
      );
    expect(entry).toMatchObject({ actorId: operator.id, reason });
    expect(await t.ctx.db.select().from(buybackCompanies)).toHaveLength(0);

    // Declined is final, and the company may apply again.
    expect((await apply(APPLICATION, { locale: "en", ip: "192.0.2.78" })).id).toBeGreaterThan(sent.id);
  });

  it("sorts the queue by number, company, date received or state, an unknown sort falling back to the queue's order", async () => {
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, 9 + hours));
    const row = (i: number, o: Partial<typeof buyerApplications.$inferInsert>) => ({
      ...APPLICATION,
      licenceNumber: `30101000010${i}`,
      email: `sort-${i}@example.com`,
      locale: "ja",
      ...o,
    });
    // Numbers p1 < p2 < d1 < d2: two pending, one approved, one declined.
    const made = await t.ctx.db
      .insert(buyerApplications)
      .values([
        row(1, { companyName: "Charlie Mobile", createdAt: at(1) }),
        row(2, { companyName: "Alpha Mobile", createdAt: at(0) }),
        row(3, { companyName: "Bravo Mobile", state: "APPROVED", createdAt: at(-5), decidedAt: at(2) }),
        row(4, { companyName: "Delta Mobile", state: "DECLINED", createdAt: at(-6), decidedAt: at(3) }),
      ])
      .returning({ id: buyerApplications.id });
    const [p1, p2, d1, d2] = made.map((r) => r.id);
    const order = async (query?: Record<string, string>) => {
      const queue = await listBuyerApplications(t.ctx, { actor: operator, ...(query ? { query } : {}) });
      return { ids: queue.rows.map((r) => r.id), sort: queue.sort, dir: queue.dir };
    };
    // The default, as before: pending first, the oldest first; then the latest decision first.
    const queueOrder = { ids: [p2, p1, d2, d1], sort: "queue", dir: "asc" };
    expect(await order()).toEqual(queueOrder);
    expect(await order({ sort: "company", dir: "asc" })).toEqual({
      ids: [p2, d1, p1, d2],
      sort: "company",
      dir: "asc",
    });
    expect((await order({ sort: "company", dir: "desc" })).ids).toEqual([d2, p1, d1, p2]);
    expect((await order({ sort: "received", dir: "asc" })).ids).toEqual([d2, d1, p2, p1]);
    expect((await order({ sort: "received", dir: "desc" })).ids).toEqual([p1, p2, d1, d2]);
    // By state code (APPROVED, DECLINED, PENDING), the newest first within one.
    expect((await order({ sort: "state", dir: "asc" })).ids).toEqual([d1, d2, p2, p1]);
    expect((await order({ sort: "state", dir: "desc" })).ids).toEqual([p2, p1, d2, d1]);
    expect((await order({ sort: "id", dir: "asc" })).ids).toEqual([p1, p2, d1, d2]);
    expect((await order({ sort: "id", dir: "desc" })).ids).toEqual([d2, d1, p2, p1]);
    // Unknown, or the queue's order asked for backwards: the queue's order.
    expect(await order({ sort: "email", dir: "up" })).toEqual(queueOrder);
    expect(await order({ sort: "queue", dir: "desc" })).toEqual(queueOrder);
  });

  it("is for operators who manage buyers only", async () => {
    const sent = await apply();
    const grader = await makeOperator(t.ctx, ["grader"]);
    for (const actor of [grader, await makeMember(t.ctx), null]) {
      expect((await failure(approveBuyerApplication(t.ctx, { actor, applicationId: sent.id }))).code).toMatch(
        /FORBIDDEN|UNAUTHORIZED/,
      );
      expect((await failure(listBuyerApplications(t.ctx, { actor }))).code).toMatch(/FORBIDDEN|UNAUTHORIZED/);
    }
  });
});
