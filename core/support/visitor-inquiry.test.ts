import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifications, supportInquiries } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { answerInquiry } from "./answer-inquiry.ts";
import { createVisitorInquiry } from "./create-visitor-inquiry.ts";
import { getInquiry } from "./get-inquiry.ts";
import { listSupportQueue } from "./list-support-queue.ts";
import { sendSupportAnswerMailHandler } from "./support-mails.ts";

const IP = "192.0.2.61";
const QUESTION = {
  name: "山田 花子",
  email: "Hanako.Visitor@Example.JP",
  category: "account",
  subject: "ログインできません",
  body: "パスワードを忘れてしまい、再設定のメールも届きません。\r\nどうすればよいですか？",
};

describe.each(ENGINES)("a visitor's question from the help centre on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const ask = (input: Record<string, string>, o: { ip?: string; locale?: "ja" | "en" } = {}) =>
    createVisitorInquiry(t.ctx, {
      input,
      locale: o.locale ?? "ja",
      ip: o.ip ?? IP,
      botCheckToken: t.ctx.botCheck.issue!("contact"),
    });
  const mails = () => createJobRunner({ ctx: t.ctx, handlers: [sendSupportAnswerMailHandler] }).runDue();

  it("lands in the support queue marked as a visitor's, and the answer is mailed to the visitor", async () => {
    const asked = await ask(QUESTION);
    expect(asked).toMatchObject({ state: "OPEN", email: "hanako.visitor@example.jp" });
    const operator = await makeOperator(t.ctx, ["support"]);
    const queue = await listSupportQueue(t.ctx, { actor: operator });
    const row = queue.rows.find((r) => r.id === asked.id)!;
    expect(row.member).toBeNull();
    expect(row.visitor).toEqual({ name: "山田 花子", email: "hanako.visitor@example.jp" });
    expect(row.state).toBe("OPEN");
    const view = await getInquiry(t.ctx, { actor: operator, inquiryId: asked.id, view: "staff" });
    expect(view.staff?.visitor?.email).toBe("hanako.visitor@example.jp");
    expect(view.messages[0]!.body).toBe(
      "パスワードを忘れてしまい、再設定のメールも届きません。\nどうすればよいですか？",
    );

    // Nobody's inquiry but the office's: a member never sees it as theirs.
    const member = await makeMember(t.ctx);
    expect(
      (await failure(getInquiry(t.ctx, { actor: member, inquiryId: asked.id, view: "member" }))).code,
    ).toBe("NOT_FOUND");

    const answered = await answerInquiry(t.ctx, {
      actor: operator,
      inquiryId: asked.id,
      input: { body: "パスワードの再設定ページから、もう一度お試しください。" },
    });
    expect(answered.state).toBe("ANSWERED");
    expect(await t.ctx.db.select().from(notifications)).toHaveLength(0);
    await mails();
    const mail = await t.smtp.lastTo("hanako.visitor@example.jp");
    expect(mail.subject).toBe(`【Tsugu】お問い合わせ（受付番号 ${asked.id}）への回答`);
    expect(mail.text).toContain("山田 花子 様");
    expect(mail.text).toContain("パスワードの再設定ページから、もう一度お試しください。");
    expect(mail.text).toContain("http://tsugu.test/ja/help/contact/");
  });

  it("answers in English to a question asked in English", async () => {
    const asked = await ask({ ...QUESTION, name: "Alex", email: "alex@example.com" }, { locale: "en" });
    const operator = await makeOperator(t.ctx, ["support"]);
    await answerInquiry(t.ctx, {
      actor: operator,
      inquiryId: asked.id,
      input: { body: "Try again, please." },
    });
    await mails();
    const mail = await t.smtp.lastTo("alex@example.com");
    expect(mail.subject).toBe(`[Tsugu] Our answer to your question (ref. ${asked.id})`);
    expect(mail.text).toContain("Dear Alex,");
  });

  it("says what is wrong with each field and stores nothing", async () => {
    const wrong = await failure(
      ask({ name: "", email: "not-an-address", category: "appeal", subject: "", body: " " }),
    );
    expect(wrong.code).toBe("VALIDATION");
    const fields = said(wrong).fields;
    expect(Object.keys(fields).sort()).toEqual(["body", "category", "email", "name", "subject"]);
    expect(fields.name?.ja).toContain("お名前");
    expect(fields.category?.ja).toBeTruthy();
    expect(await t.ctx.db.select().from(supportInquiries)).toHaveLength(0);
  });

  it("needs the bot check and limits how often one network or address asks", async () => {
    const noBot = await failure(
      createVisitorInquiry(t.ctx, { input: QUESTION, locale: "ja", ip: IP, botCheckToken: null }),
    );
    expect(noBot.code).toBe("BAD_REQUEST");
    for (let i = 0; i < 5; i += 1)
      await ask({ ...QUESTION, email: `v${i}@example.jp` }, { ip: "198.51.100.4" });
    expect((await failure(ask(QUESTION, { ip: "198.51.100.4" }))).code).toBe("RATE_LIMITED");
    for (let i = 0; i < 5; i += 1) await ask(QUESTION, { ip: `203.0.113.${i + 1}` });
    expect((await failure(ask(QUESTION, { ip: "203.0.113.99" }))).code).toBe("RATE_LIMITED");
    const stored = await t.ctx.db
      .select()
      .from(supportInquiries)
      .where(eq(supportInquiries.visitorEmail, "hanako.visitor@example.jp"));
    expect(stored).toHaveLength(5);
  });
});
