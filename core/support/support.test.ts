import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  moderationDecisions,
  notifications,
  queueClaims,
  stateHistory,
  supportInquiries,
  supportMessages,
} from "#db/schema/index.ts";
import { jpeg, listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { goldenMatrix } from "#tests/helpers/golden.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { purchaseItem } from "../trading/purchase-item.ts";
import { answerInquiry } from "./answer-inquiry.ts";
import { claimInquiry } from "./claim-inquiry.ts";
import { closeInquiry } from "./close-inquiry.ts";
import { createInquiry } from "./create-inquiry.ts";
import { createSavedReply } from "./create-saved-reply.ts";
import { deleteSavedReply } from "./delete-saved-reply.ts";
import { getInquiry } from "./get-inquiry.ts";
import { readInquiryPhoto } from "./inquiry-photos.ts";
import { availableInquiryActions, INQUIRY_MACHINE } from "./inquiry-states.ts";
import { listInquiryTransactions } from "./inquiry-transactions.ts";
import { listMyInquiries } from "./list-my-inquiries.ts";
import { listSavedReplies, savedRepliesFor } from "./list-saved-replies.ts";
import { listSupportQueue } from "./list-support-queue.ts";
import { reopenInquiry } from "./reopen-inquiry.ts";
import { replyToInquiry } from "./reply-to-inquiry.ts";
import { sendSupportAnswerMailHandler } from "./support-mails.ts";
import { updateSavedReply } from "./update-saved-reply.ts";

const HOUR = 3600 * 1000;

describe("support inquiry state machine", () => {
  // m = the member who asked, o = an operator of the support desk, v = a visitor by the contact form.
  goldenMatrix(INQUIRY_MACHINE, {
    roles: { m: "member", o: "operator", v: "visitor" },
    create: { OPEN: "mv" },
    grid: `
               OPEN ANSWERED CLOSED
      answer   ANSWERED  o  o  -
      reply    OPEN      m  m  -
      close    CLOSED    mo mo -
      reopen   OPEN      -  -  m
    `,
  });

  it("offers each side exactly what the table allows now", () => {
    expect(availableInquiryActions("OPEN", "member")).toEqual(["reply", "close"]);
    expect(availableInquiryActions("ANSWERED", "member")).toEqual(["reply", "close"]);
    expect(availableInquiryActions("CLOSED", "member")).toEqual(["reopen"]);
    expect(availableInquiryActions("OPEN", "operator")).toEqual(["answer", "close"]);
    expect(availableInquiryActions("CLOSED", "operator")).toEqual([]);
  });
});

describe.each(ENGINES)("support inquiries on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await t.close();
  });

  const valid = {
    category: "account",
    subject: "ログインできません",
    body: "パスワードを変えてから入れません。",
  };
  const ask = (actor: SessionUser, input: Record<string, unknown> = {}, photos?: Uint8Array[]) =>
    createInquiry(t.ctx, {
      actor,
      input: { ...valid, ...input },
      locale: "ja",
      ...(photos ? { photos } : {}),
    });
  const fieldsOf = async (p: Promise<unknown>) => {
    const error = await failure(p);
    expect(error.code).toBe("VALIDATION");
    return Object.fromEntries(Object.entries(said(error).fields).map(([k, v]) => [k, v.ja]));
  };
  const inquiryRow = async (id: number) =>
    (await t.ctx.db.select().from(supportInquiries).where(eq(supportInquiries.id, id)))[0]!;
  const mails = () => createJobRunner({ ctx: t.ctx, handlers: [sendSupportAnswerMailHandler] }).runDue();

  /** A real sale between a new buyer and a new seller. */
  async function sale() {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const bought = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
      returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
    });
    return { seller, buyer, itemId, transactionId: bought.transactionId };
  }

  it("opens an inquiry with its first message, its creation in the state history, and lists it", async () => {
    const member = await makeMember(t.ctx);
    const created = await ask(member, { subject: "  ログインできません  " });
    expect(created.state).toBe("OPEN");
    const row = await inquiryRow(created.id);
    expect(row).toMatchObject({
      userId: member.id,
      category: "account",
      subject: "ログインできません",
      locale: "ja",
    });
    expect(row.lastMessageAt.toISOString()).toBe("2026-11-22T05:00:00.000Z");
    const messages = await t.ctx.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.inquiryId, created.id));
    expect(messages).toMatchObject([
      { body: valid.body, fromStaff: false, authorId: member.id, photoKeys: [] },
    ]);
    const history = await t.ctx.db
      .select()
      .from(stateHistory)
      .where(and(eq(stateHistory.machine, "support_inquiry"), eq(stateHistory.rowId, created.id)));
    expect(history).toMatchObject([
      { fromState: null, toState: "OPEN", action: "create", actorRole: "member" },
    ]);
    const mine = await listMyInquiries(t.ctx, { actor: member });
    expect(mine.items.map((i) => [i.id, i.state])).toEqual([[created.id, "OPEN"]]);
    expect(await listMyInquiries(t.ctx, { actor: await makeMember(t.ctx) })).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it("refuses each bad field with its own message, and stores nothing", async () => {
    const member = await makeMember(t.ctx);
    expect(await fieldsOf(ask(member, { category: "" }))).toEqual({
      category: "お問い合わせの種類を選んでください",
    });
    expect(await fieldsOf(ask(member, { category: "refund" }))).toEqual({
      category: "お問い合わせの種類を選んでください",
    });
    expect(await fieldsOf(ask(member, { subject: "   " }))).toEqual({ subject: "件名を入力してください" });
    expect(await fieldsOf(ask(member, { subject: "あ".repeat(101) }))).toEqual({
      subject: "件名は100文字以内で入力してください",
    });
    expect(await fieldsOf(ask(member, { body: "" }))).toEqual({ body: "お問い合わせ内容を入力してください" });
    expect(await fieldsOf(ask(member, { body: "あ".repeat(2001) }))).toEqual({
      body: "お問い合わせ内容は2,000文字以内で入力してください",
    });
    expect(await fieldsOf(ask(member, { transactionId: "abc" }))).toEqual({
      transactionId: "関係する取引は数字で入力してください",
    });
    expect(await fieldsOf(ask(member, { itemId: "999999" }))).toEqual({
      itemId: "この商品IDの出品は見つかりません",
    });
    // Every message at once: a wrong field does not hide a listing that does not exist.
    expect(await fieldsOf(ask(member, { subject: "", itemId: "999999" }))).toEqual({
      subject: "件名を入力してください",
      itemId: "この商品IDの出品は見つかりません",
    });
    expect(await fieldsOf(ask(member, { decisionId: "700999" }))).toEqual({
      decisionId: "この処分番号は見つかりません。お知らせに記載された番号をご確認ください",
    });
    expect(await fieldsOf(ask(member, {}, [await jpeg(), await jpeg(), await jpeg(), await jpeg()]))).toEqual(
      { photos: "写真は3枚までです" },
    );
    const notAnImage = new TextEncoder().encode("this is not a picture at all");
    const error = await failure(ask(member, {}, [notAnImage]));
    expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(said(error).fields.photos?.ja).toBe("JPEG・PNG・WebP・HEIC形式の画像を選んでください");
    // 2,000 characters with line breaks sent as CRLF count each break once.
    await ask(member, { body: `${"あ".repeat(999)}\r\n${"い".repeat(1000)}` });
    expect((await listMyInquiries(t.ctx, { actor: member })).items).toHaveLength(1);
    expect((await fieldsOf(ask(member, { subject: "" }))).subject).toBe("件名を入力してください");
  });

  it("relates an inquiry only to a transaction the member is a party of, and to a listing that exists", async () => {
    const { seller, buyer, itemId, transactionId } = await sale();
    const stranger = await makeMember(t.ctx);
    expect(
      await fieldsOf(ask(stranger, { category: "transaction", transactionId: String(transactionId) })),
    ).toEqual({
      transactionId: "選んだ取引が見つかりません。ご自身の取引を選んでください",
    });
    const byBuyer = await ask(buyer, { category: "transaction", transactionId });
    const bySeller = await ask(seller, { category: "transaction", transactionId: `${transactionId}` });
    const listing = await ask(stranger, { category: "listing", itemId: String(itemId) });
    expect((await inquiryRow(byBuyer.id)).transactionId).toBe(transactionId);
    expect((await inquiryRow(bySeller.id)).transactionId).toBe(transactionId);
    expect((await inquiryRow(listing.id)).itemId).toBe(itemId);
    const view = await getInquiry(t.ctx, { actor: buyer, inquiryId: byBuyer.id, view: "member" });
    expect(view.transaction).toMatchObject({ id: transactionId, itemId, role: "buyer", state: "START" });
    expect(view.staff).toBeNull();
    expect(await listInquiryTransactions(t.ctx, { actor: seller })).toMatchObject([
      { id: transactionId, itemId, role: "seller" },
    ]);
  });

  it("takes an appeal only of a decision about the member", async () => {
    const member = await makeMember(t.ctx);
    const other = await makeMember(t.ctx);
    const [decision] = await t.ctx.db
      .insert(moderationDecisions)
      .values({
        action: "suspend_member",
        targetType: "user",
        targetId: member.id,
        memberId: member.id,
        reasonCode: "spam",
        note: "同じ出品の繰り返し",
      })
      .returning();
    expect(await fieldsOf(ask(other, { category: "appeal", decisionId: decision!.id }))).toEqual({
      decisionId: "この処分番号は見つかりません。お知らせに記載された番号をご確認ください",
    });
    const appeal = await ask(member, { category: "appeal", decisionId: String(decision!.id) });
    expect((await inquiryRow(appeal.id)).decisionId).toBe(decision!.id);
    const support = await makeOperator(t.ctx, ["support"]);
    const view = await getInquiry(t.ctx, { actor: support, inquiryId: appeal.id, view: "staff" });
    expect(view.staff?.decision).toMatchObject({
      id: decision!.id,
      action: "suspend_member",
      reasonCode: "spam",
    });
    expect(view.staff?.member).toEqual({ id: member.id, nickname: member.nickname });
  });

  it("keeps photos private: re-encoded under private/, shown only to the member and the support desk", async () => {
    const member = await makeMember(t.ctx);
    const created = await ask(member, {}, [await jpeg(), await jpeg()]);
    const [message] = await t.ctx.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.inquiryId, created.id));
    expect(message!.photoKeys).toHaveLength(2);
    for (const key of message!.photoKeys)
      expect(key).toMatch(new RegExp(`^private/support/${member.id}/[0-9a-f]{32}$`));
    const view = await getInquiry(t.ctx, { actor: member, inquiryId: created.id, view: "member" });
    const name = view.messages[0]!.photos[0]!.thumb;
    expect(name).toMatch(/^[0-9a-f]{32}-thumb\.webp$/);
    const own = await readInquiryPhoto(t.ctx, { actor: member, inquiryId: created.id, name });
    expect(own.contentType).toBe("image/webp");
    expect(own.body.byteLength).toBeGreaterThan(0);
    const support = await makeOperator(t.ctx, ["support"]);
    const trustSafety = await makeOperator(t.ctx, ["trust_safety"]);
    await readInquiryPhoto(t.ctx, { actor: support, inquiryId: created.id, name });
    await readInquiryPhoto(t.ctx, { actor: trustSafety, inquiryId: created.id, name });
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect(
      (await failure(readInquiryPhoto(t.ctx, { actor: finance, inquiryId: created.id, name }))).code,
    ).toBe("FORBIDDEN");
    const stranger = await makeMember(t.ctx);
    expect(
      (await failure(readInquiryPhoto(t.ctx, { actor: stranger, inquiryId: created.id, name }))).code,
    ).toBe("NOT_FOUND");
    // A photo of another inquiry is not reachable through this one.
    const other = await ask(stranger, {}, [await jpeg()]);
    const otherName = (await getInquiry(t.ctx, { actor: stranger, inquiryId: other.id, view: "member" }))
      .messages[0]!.photos[0]!.large;
    expect(
      (await failure(readInquiryPhoto(t.ctx, { actor: member, inquiryId: created.id, name: otherName })))
        .code,
    ).toBe("NOT_FOUND");
    expect(
      (await failure(readInquiryPhoto(t.ctx, { actor: member, inquiryId: created.id, name: "../../x.webp" })))
        .code,
    ).toBe("NOT_FOUND");
  });

  it("shows the thread only to its member, and to operators who may read inquiries", async () => {
    const member = await makeMember(t.ctx);
    const created = await ask(member);
    const stranger = await makeMember(t.ctx);
    expect(
      (await failure(getInquiry(t.ctx, { actor: stranger, inquiryId: created.id, view: "member" }))).code,
    ).toBe("NOT_FOUND");
    expect(
      (await failure(getInquiry(t.ctx, { actor: member, inquiryId: created.id, view: "staff" }))).code,
    ).toBe("FORBIDDEN");
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect(
      (await failure(getInquiry(t.ctx, { actor: finance, inquiryId: created.id, view: "staff" }))).code,
    ).toBe("FORBIDDEN");
    // An operator's own account sees only its own inquiries on the member side.
    const support = await makeOperator(t.ctx, ["support"]);
    expect(
      (await failure(getInquiry(t.ctx, { actor: support, inquiryId: created.id, view: "member" }))).code,
    ).toBe("NOT_FOUND");
    const trustSafety = await makeOperator(t.ctx, ["trust_safety"]);
    const read = await getInquiry(t.ctx, { actor: trustSafety, inquiryId: created.id, view: "staff" });
    expect(read.actions).toEqual([]); // reading is not answering
    expect(
      (await getInquiry(t.ctx, { actor: support, inquiryId: created.id, view: "staff" })).actions,
    ).toEqual(["answer", "close"]);
  });

  it("lets support answer: ANSWERED, audited, claim cleared, the member notified and mailed in their language", async () => {
    const member = await makeMember(t.ctx);
    const created = await createInquiry(t.ctx, {
      actor: member,
      input: { category: "payment", subject: "Points missing", body: "My points did not arrive." },
      locale: "en",
    });
    const support = await makeOperator(t.ctx, ["support"], { nickname: "佐藤" });
    await claimInquiry(t.ctx, { actor: support, inquiryId: created.id });
    t.clock.advance(2 * HOUR);
    const answered = await answerInquiry(t.ctx, {
      actor: support,
      inquiryId: created.id,
      input: { body: "We have added the points.\r\nSorry for the wait." },
      meta: { requestId: "req-answer-1", ip: "203.0.113.5" },
    });
    expect(answered.state).toBe("ANSWERED");
    const row = await inquiryRow(created.id);
    expect(row.state).toBe("ANSWERED");
    expect(row.lastMessageAt.getTime()).toBe(t.clock.now().getTime());
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "support_inquiry"), eq(auditLog.targetId, String(created.id))))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      actorId: support.id,
      actorRoles: ["support"],
      action: "support:answer",
      requestId: "req-answer-1",
      ip: "203.0.113.5",
    });
    expect(audit!.changes).toMatchObject({
      state: ["OPEN", "ANSWERED"],
      answer: [null, "We have added the points.\nSorry for the wait."],
    });
    const claims = await t.ctx.db
      .select()
      .from(queueClaims)
      .where(and(eq(queueClaims.queue, "support"), eq(queueClaims.itemId, created.id)));
    expect(claims).toEqual([]);
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(note).toMatchObject({
      kind: "support",
      payload: { inquiryId: created.id, title: "Points missing", event: "support_answered" },
    });
    await mails();
    const mail = await t.smtp.lastTo(member.email);
    expect(mail.subject).toBe(`[Tsugu] We have answered your inquiry (No.${created.id})`);
    expect(mail.text).toContain("We have added the points.");
    expect(mail.text).toContain(`http://tsugu.test/en/mypage/support/${created.id}/`);

    // The member sees the answer as from Tsugu Support, without the operator's name.
    const view = await getInquiry(t.ctx, { actor: member, inquiryId: created.id, view: "member" });
    expect(view.messages.map((m) => [m.fromStaff, m.staffName])).toEqual([
      [false, null],
      [true, null],
    ]);
    const staffView = await getInquiry(t.ctx, { actor: support, inquiryId: created.id, view: "staff" });
    expect(staffView.messages[1]!.staffName).toBe("佐藤");
  });

  it("mails a Japanese member in Japanese", async () => {
    const member = await makeMember(t.ctx);
    const created = await ask(member);
    const admin = await makeOperator(t.ctx, ["admin"]);
    await answerInquiry(t.ctx, {
      actor: admin,
      inquiryId: created.id,
      input: { body: "再設定のご案内です。" },
    });
    await mails();
    const mail = await t.smtp.lastTo(member.email);
    expect(mail.subject).toBe(`【Tsugu】お問い合わせ（No.${created.id}）に回答しました`);
    expect(mail.text).toContain("「ログインできません」についてのお問い合わせに");
    expect(mail.text).toContain("再設定のご案内です。");
    expect(mail.text).toContain(`http://tsugu.test/ja/mypage/support/${created.id}/`);
  });

  it("refuses an answer from finance, trust and safety and members, and changes nothing", async () => {
    const member = await makeMember(t.ctx);
    const created = await ask(member);
    const finance = await makeOperator(t.ctx, ["finance"]);
    const byFinance = await failure(
      answerInquiry(t.ctx, { actor: finance, inquiryId: created.id, input: { body: "x" } }),
    );
    expect(byFinance.code).toBe("FORBIDDEN");
    expect(said(byFinance).message.ja).toBe("この操作の権限がありません（support:answer）");
    const trustSafety = await makeOperator(t.ctx, ["trust_safety"]);
    expect(
      (
        await failure(
          answerInquiry(t.ctx, { actor: trustSafety, inquiryId: created.id, input: { body: "x" } }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    const byMember = await failure(
      answerInquiry(t.ctx, { actor: member, inquiryId: created.id, input: { body: "x" } }),
    );
    expect(byMember.code).toBe("FORBIDDEN");
    expect(said(byMember).message.ja).toBe("運営スタッフ専用のページです");
    expect(
      (await failure(answerInquiry(t.ctx, { actor: null, inquiryId: created.id, input: { body: "x" } })))
        .code,
    ).toBe("UNAUTHORIZED");
    expect((await inquiryRow(created.id)).state).toBe("OPEN");
    const support = await makeOperator(t.ctx, ["support"]);
    expect(
      await fieldsOf(answerInquiry(t.ctx, { actor: support, inquiryId: created.id, input: { body: " " } })),
    ).toEqual({
      body: "回答を入力してください",
    });
    expect(
      await fieldsOf(
        answerInquiry(t.ctx, {
          actor: support,
          inquiryId: created.id,
          input: { body: "x", savedReplyId: 987654 },
        }),
      ),
    ).toEqual({ savedReplyId: "この定型文は見つかりません" });
    expect(
      (await failure(answerInquiry(t.ctx, { actor: support, inquiryId: 999, input: { body: "x" } }))).code,
    ).toBe("NOT_FOUND");
  });

  it("gives an inquiry to one of two operators claiming it at once; the other is told who has it", async () => {
    const member = await makeMember(t.ctx);
    const created = await ask(member);
    const first = await makeOperator(t.ctx, ["support"], { nickname: "田中" });
    const second = await makeOperator(t.ctx, ["support"], { nickname: "鈴木" });
    const results = await Promise.allSettled([
      claimInquiry(t.ctx, { actor: first, inquiryId: created.id }),
      claimInquiry(t.ctx, { actor: second, inquiryId: created.id }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason.code).toBe("CONFLICT");
    const holder = (won[0] as PromiseFulfilledResult<{ nickname: string }>).value.nickname;
    expect(said(lost[0]!.reason).message.ja).toBe(`${holder}さんが対応中です`);
    // Claiming it again is harmless for the holder, and a CONFLICT for the other.
    const [holderUser, otherUser] = holder === "田中" ? [first, second] : [second, first];
    await claimInquiry(t.ctx, { actor: holderUser, inquiryId: created.id });
    expect((await failure(claimInquiry(t.ctx, { actor: otherUser, inquiryId: created.id }))).code).toBe(
      "CONFLICT",
    );
    expect((await failure(claimInquiry(t.ctx, { actor: first, inquiryId: 1 }))).code).toBe("NOT_FOUND");
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(claimInquiry(t.ctx, { actor: finance, inquiryId: created.id }))).code).toBe(
      "FORBIDDEN",
    );
    const view = await getInquiry(t.ctx, { actor: otherUser, inquiryId: created.id, view: "staff" });
    expect(view.staff?.claim).toMatchObject({ operatorId: holderUser.id, nickname: holder });
  });

  it("moves through reply, close and reopen, and refuses what the state does not allow", async () => {
    const member = await makeMember(t.ctx);
    const support = await makeOperator(t.ctx, ["support"]);
    const created = await ask(member);
    t.clock.advance(HOUR);
    // Adding to a thread that still waits keeps it OPEN and moves its last activity.
    expect(
      (await replyToInquiry(t.ctx, { actor: member, inquiryId: created.id, input: { body: "追記です" } }))
        .state,
    ).toBe("OPEN");
    expect((await inquiryRow(created.id)).lastMessageAt.getTime()).toBe(t.clock.now().getTime());
    await answerInquiry(t.ctx, { actor: support, inquiryId: created.id, input: { body: "ご確認ください" } });
    const back = await replyToInquiry(t.ctx, {
      actor: member,
      inquiryId: created.id,
      input: { body: "まだ直りません" },
      photos: [await jpeg()],
    });
    expect(back.state).toBe("OPEN");
    const stranger = await makeMember(t.ctx);
    expect(
      (await failure(replyToInquiry(t.ctx, { actor: stranger, inquiryId: created.id, input: { body: "x" } })))
        .code,
    ).toBe("NOT_FOUND");
    expect(
      await fieldsOf(replyToInquiry(t.ctx, { actor: member, inquiryId: created.id, input: { body: "" } })),
    ).toEqual({
      body: "返信を入力してください",
    });

    expect((await closeInquiry(t.ctx, { actor: member, inquiryId: created.id, as: "member" })).state).toBe(
      "CLOSED",
    );
    const closedReply = await failure(
      replyToInquiry(t.ctx, { actor: member, inquiryId: created.id, input: { body: "もう一度" } }),
    );
    expect(closedReply.code).toBe("CONFLICT");
    expect(said(closedReply).message.ja).toBe("このお問い合わせは終了しています");
    const closedAnswer = await failure(
      answerInquiry(t.ctx, { actor: support, inquiryId: created.id, input: { body: "x" } }),
    );
    expect(closedAnswer.code).toBe("CONFLICT");
    expect(
      (await failure(closeInquiry(t.ctx, { actor: member, inquiryId: created.id, as: "member" }))).code,
    ).toBe("CONFLICT");
    expect((await failure(reopenInquiry(t.ctx, { actor: stranger, inquiryId: created.id }))).code).toBe(
      "NOT_FOUND",
    );
    t.clock.advance(HOUR);
    expect((await reopenInquiry(t.ctx, { actor: member, inquiryId: created.id })).state).toBe("OPEN");
    expect((await inquiryRow(created.id)).lastMessageAt.getTime()).toBe(t.clock.now().getTime());
    expect((await failure(reopenInquiry(t.ctx, { actor: member, inquiryId: created.id }))).code).toBe(
      "CONFLICT",
    );

    // An operator's close needs support:answer and is audited.
    const trustSafety = await makeOperator(t.ctx, ["trust_safety"]);
    expect(
      (await failure(closeInquiry(t.ctx, { actor: trustSafety, inquiryId: created.id, as: "operator" })))
        .code,
    ).toBe("FORBIDDEN");
    await closeInquiry(t.ctx, {
      actor: support,
      inquiryId: created.id,
      as: "operator",
      meta: { requestId: "r-close" },
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "support:close"), eq(auditLog.targetId, String(created.id))));
    expect(audit).toMatchObject({
      actorId: support.id,
      changes: { state: ["OPEN", "CLOSED"] },
      requestId: "r-close",
    });

    const history = await t.ctx.db
      .select({ from: stateHistory.fromState, to: stateHistory.toState, action: stateHistory.action })
      .from(stateHistory)
      .where(and(eq(stateHistory.machine, "support_inquiry"), eq(stateHistory.rowId, created.id)))
      .orderBy(stateHistory.id);
    expect(history.map((h) => `${h.from ?? "-"} ${h.action} ${h.to}`)).toEqual([
      "- create OPEN",
      "OPEN reply OPEN",
      "OPEN answer ANSWERED",
      "ANSWERED reply OPEN",
      "OPEN close CLOSED",
      "CLOSED reopen OPEN",
      "OPEN close CLOSED",
    ]);
  });

  it("lists the queue with the longest-waiting open inquiries first, flags those past 24 hours, filters and pages", async () => {
    const fresh = await createTestCore(engine, "2026-12-01T00:00:00Z");
    try {
      const ctx = fresh.ctx;
      const member = await makeMember(ctx, { nickname: "やまだ" });
      const support = await makeOperator(ctx, ["support"]);
      const make = (subject: string, category = "account") =>
        createInquiry(ctx, { actor: member, input: { ...valid, subject, category }, locale: "ja" });
      const oldest = await make("いちばん古い", "transaction");
      fresh.clock.advance(HOUR);
      const answered = await make("回答済み");
      fresh.clock.advance(HOUR);
      const middle = await make("まんなか");
      fresh.clock.advance(HOUR);
      const closed = await make("終了");
      fresh.clock.advance(HOUR);
      const newest = await make("いちばん新しい", "transaction");
      await answerInquiry(ctx, { actor: support, inquiryId: answered.id, input: { body: "回答" } });
      await closeInquiry(ctx, { actor: member, inquiryId: closed.id, as: "member" });
      await claimInquiry(ctx, { actor: support, inquiryId: middle.id });
      fresh.clock.advance(21 * HOUR); // the oldest has waited 25 hours, the middle 23

      const all = await listSupportQueue(ctx, { actor: support });
      expect(all.rows.map((r) => r.id)).toEqual([oldest.id, middle.id, newest.id, answered.id, closed.id]);
      expect(all.total).toBe(5);
      expect(all.rows.map((r) => r.overdue)).toEqual([true, false, false, false, false]);
      expect(all.rows[0]).toMatchObject({
        state: "OPEN",
        category: "transaction",
        member: { id: member.id, nickname: "やまだ" },
        waitingMs: 25 * HOUR,
        claim: null,
      });
      expect(all.rows[1]!.claim).toMatchObject({ operatorId: support.id });
      expect(all.rows[3]!.waitingMs).toBeNull();

      const open = await listSupportQueue(ctx, { actor: support, filter: { state: "OPEN" } });
      expect(open.rows.map((r) => r.id)).toEqual([oldest.id, middle.id, newest.id]);
      const trades = await listSupportQueue(ctx, { actor: support, filter: { category: "transaction" } });
      expect(trades.rows.map((r) => r.id)).toEqual([oldest.id, newest.id]);
      const ignored = await listSupportQueue(ctx, {
        actor: support,
        filter: { state: "NOPE", category: "nope" },
      });
      expect(ignored.total).toBe(5);

      const page1 = await listSupportQueue(ctx, { actor: support, pageSize: 2 });
      const page3 = await listSupportQueue(ctx, { actor: support, pageSize: 2, page: 3 });
      const beyond = await listSupportQueue(ctx, { actor: support, pageSize: 2, page: 99 });
      expect(page1.rows.map((r) => r.id)).toEqual([oldest.id, middle.id]);
      expect(page3).toMatchObject({ page: 3, pageCount: 3 });
      expect(page3.rows.map((r) => r.id)).toEqual([closed.id]);
      expect(beyond.page).toBe(3);

      const trustSafety = await makeOperator(ctx, ["trust_safety"]);
      expect((await listSupportQueue(ctx, { actor: trustSafety })).total).toBe(5);
      const finance = await makeOperator(ctx, ["finance"]);
      expect((await failure(listSupportQueue(ctx, { actor: finance }))).code).toBe("FORBIDDEN");
      expect((await failure(listSupportQueue(ctx, { actor: member }))).code).toBe("FORBIDDEN");
    } finally {
      await fresh.close();
    }
  });

  it("keeps saved replies in both languages, audited field by field, and offers them in the member's language", async () => {
    const support = await makeOperator(t.ctx, ["support"]);
    const created = await createSavedReply(t.ctx, {
      actor: support,
      input: {
        titleJa: "パスワード再設定",
        titleEn: "Password reset",
        bodyJa: "再設定の手順です",
        bodyEn: "Here is how",
      },
      meta: { requestId: "r-1" },
    });
    const updated = await updateSavedReply(t.ctx, {
      actor: support,
      id: created.id,
      input: {
        titleJa: "パスワード再設定",
        titleEn: "Password reset",
        bodyJa: "再設定の手順はこちらです",
        bodyEn: "Here is how",
      },
    });
    expect(updated.bodyJa).toBe("再設定の手順はこちらです");
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "saved_reply"), eq(auditLog.targetId, String(created.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(["replies:create", "replies:update"]);
    expect(audits[0]!.changes).toMatchObject({
      titleJa: [null, "パスワード再設定"],
      bodyEn: [null, "Here is how"],
    });
    expect(audits[1]!.changes).toEqual({ bodyJa: ["再設定の手順です", "再設定の手順はこちらです"] });
    expect(
      await fieldsOf(
        createSavedReply(t.ctx, {
          actor: support,
          input: { titleJa: "", titleEn: "x", bodyJa: "x", bodyEn: "" },
        }),
      ),
    ).toEqual({ titleJa: "タイトル（日本語）を入力してください", bodyEn: "本文（英語）を入力してください" });

    expect((await listSavedReplies(t.ctx, { actor: support })).map((r) => r.id)).toContain(created.id);
    expect(await savedRepliesFor(t.ctx, { actor: support, locale: "en" })).toContainEqual({
      id: created.id,
      title: "Password reset",
      body: "Here is how",
    });
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(listSavedReplies(t.ctx, { actor: finance }))).code).toBe("FORBIDDEN");
    const trustSafety = await makeOperator(t.ctx, ["trust_safety"]);
    expect(
      (
        await failure(
          createSavedReply(t.ctx, {
            actor: trustSafety,
            input: { titleJa: "a", titleEn: "a", bodyJa: "a", bodyEn: "a" },
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");

    // An answer made from a saved reply says so in the audit log.
    const member = await makeMember(t.ctx);
    const inquiry = await ask(member);
    await answerInquiry(t.ctx, {
      actor: support,
      inquiryId: inquiry.id,
      input: { body: "再設定の手順はこちらです", savedReplyId: String(created.id) },
    });
    const [answerAudit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "support:answer"), eq(auditLog.targetId, String(inquiry.id))));
    expect(answerAudit!.changes.savedReplyId).toEqual([null, created.id]);

    await deleteSavedReply(t.ctx, { actor: support, id: created.id });
    expect((await failure(deleteSavedReply(t.ctx, { actor: support, id: created.id }))).code).toBe(
      "NOT_FOUND",
    );
    const [deleted] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "replies:delete"), eq(auditLog.targetId, String(created.id))));
    expect(deleted!.changes).toMatchObject({ titleJa: ["パスワード再設定", null] });
  });
});
