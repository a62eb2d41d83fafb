import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  items,
  moderationDecisions,
  notifications,
  queueClaims,
  reports,
  sessions,
  transactions,
  users,
} from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { changeItemState } from "../catalog/change-item-state.ts";
import { getItem } from "../catalog/get-item.ts";
import { searchItems } from "../catalog/search-items.ts";
import { parseSearchQuery } from "../catalog/search-query.ts";
import { logIn } from "../identity/log-in.ts";
import { hashPassword } from "../identity/passwords.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { createSession, resolveSession } from "../identity/sessions.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { listComments } from "../social/list-comments.ts";
import { postComment } from "../social/post-comment.ts";
import { purchaseItem } from "../trading/purchase-item.ts";
import { claimReport } from "./claim-report.ts";
import { dismissReport } from "./dismiss-report.ts";
import { fileReport } from "./file-report.ts";
import { getMember } from "./get-member.ts";
import { getReport } from "./get-report.ts";
import { getHiddenNotice } from "./hidden-notice.ts";
import { listMembers } from "./list-members.ts";
import { listReportQueue } from "./list-report-queue.ts";
import { hideComment, restoreComment } from "./moderate-comment.ts";
import { hideItem, restoreItem } from "./moderate-item.ts";
import { sendModerationMailHandler } from "./moderation-mail.ts";
import { restoreMember, suspendMember } from "./suspend-member.ts";

const META = { requestId: "req-moderation", ip: "203.0.113.9" };
const NOTE = "説明文に「純正」とありますが、写真の部品は互換品です。偽造品にあたるため非表示にしました。";

describe.each(ENGINES)("reports and moderation on %s", (engine) => {
  let t: TestCore;
  let ts: SessionUser;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
    ts = await makeOperator(t.ctx, ["trust_safety"], { nickname: "安全担当" });
  });
  afterAll(async () => {
    await t.close();
  });
  const mails = () => createJobRunner({ ctx: t.ctx, handlers: [sendModerationMailHandler] }).runDue();
  const itemRow = async (id: number) => (await t.ctx.db.select().from(items).where(eq(items.id, id)))[0]!;
  const reportRows = (type: "item" | "comment" | "user", id: number) =>
    t.ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id)));

  it("files a report, refuses bad input, own and invisible targets, and answers a repeat with the open report", async () => {
    const seller = await makeMember(t.ctx);
    const reporter = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const report = (actor: SessionUser, input: Record<string, unknown>) =>
      fileReport(t.ctx, { actor, input: { targetType: "item", targetId: itemId, ...input } });

    const missing = await failure(report(reporter, { reason: "" }));
    expect(missing.code).toBe("VALIDATION");
    expect(said(missing).fields.reason?.ja).toBe("通報の理由を選んでください");
    // A reason that does not fit a listing.
    expect((await failure(report(reporter, { reason: "HARASSMENT" }))).fields.reason).toBeDefined();
    const long = await failure(report(reporter, { reason: "OTHER", body: "あ".repeat(1001) }));
    expect(said(long).fields.body?.ja).toBe("詳しい内容は1,000文字以内で入力してください");
    const own = await failure(report(seller, { reason: "COUNTERFEIT" }));
    expect(own.code).toBe("CONFLICT");
    expect(said(own).message.ja).toBe("ご自身の出品・コメント・アカウントは通報できません");
    const nothing = await failure(
      fileReport(t.ctx, { actor: reporter, input: { targetType: "item", targetId: 9, reason: "SPAM" } }),
    );
    expect(nothing.code).toBe("NOT_FOUND");
    const staff = await failure(report(ts, { reason: "SPAM" }));
    expect(staff.code).toBe("FORBIDDEN");
    expect(await reportRows("item", itemId)).toHaveLength(0);

    const first = await report(reporter, {
      reason: "COUNTERFEIT",
      body: "純正と書かれていますが互換品に見えます",
    });
    expect(first).toMatchObject({ state: "OPEN", created: true, returnPath: `/items/${itemId}/` });
    const again = await report(reporter, { reason: "MISLEADING" });
    expect(again).toMatchObject({ id: first.id, created: false });
    const rows = await reportRows("item", itemId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "COUNTERFEIT", reporterId: reporter.id, state: "OPEN" });

    // A private listing is not anyone else's to see, so not theirs to report either.
    await changeItemState(t.ctx, { actor: seller, itemId, action: "make_private" });
    expect((await failure(report(reporter, { reason: "SPAM" }))).code).toBe("NOT_FOUND");
  });

  it("limits how many reports a member files in an hour", async () => {
    const target = await makeMember(t.ctx);
    const reporter = await makeMember(t.ctx);
    const input = { targetType: "user", targetId: target.id, reason: "SPAM" };
    for (let i = 0; i < 20; i++) await fileReport(t.ctx, { actor: reporter, input });
    expect((await failure(fileReport(t.ctx, { actor: reporter, input }))).code).toBe("RATE_LIMITED");
  });

  it("hides a listing with a rule and a note: no one else sees, finds or buys it; the seller is told in Japanese and may appeal; restore puts it back", async () => {
    const seller = await makeMember(t.ctx, { nickname: "出品者さん" });
    const [a, b] = [await makeMember(t.ctx), await makeMember(t.ctx)];
    const buyer = await makeBuyer(t.ctx);
    const title = "Pixel 7 純正パネル交換済み ジャンク";
    const itemId = await listItem(t.ctx, seller, { title, price: "12000" });
    await fileReport(t.ctx, {
      actor: a,
      input: { targetType: "item", targetId: itemId, reason: "COUNTERFEIT" },
    });
    await fileReport(t.ctx, {
      actor: b,
      input: { targetType: "item", targetId: itemId, reason: "MISLEADING" },
    });

    const hidden = await hideItem(t.ctx, {
      actor: ts,
      itemId,
      input: { reasonCode: "PROHIBITED_ITEM", note: NOTE },
      meta: META,
    });
    expect(hidden.state).toBe("HIDDEN");
    expect(hidden.decisionId).toBeGreaterThanOrEqual(700001);
    expect(await itemRow(itemId)).toMatchObject({ state: "HIDDEN", heldFrom: "SALE" });

    // Not public, not searchable, not purchasable.
    expect((await failure(getItem(t.ctx, { itemId, viewerId: buyer.id }))).code).toBe("NOT_FOUND");
    expect(await getItem(t.ctx, { itemId, viewerId: seller.id })).toMatchObject({ state: "HIDDEN" });
    const found = await searchItems(t.ctx, { query: parseSearchQuery({ keyword: "Pixel 純正パネル" }) });
    expect(found.items.map((i) => i.id)).not.toContain(itemId);
    const bought = await failure(
      purchaseItem(t.ctx, {
        actor: buyer,
        itemId,
        idempotencyKey: randomUUID(),
        input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
        returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
      }),
    );
    expect(["NOT_FOUND", "CONFLICT"]).toContain(bought.code);

    // Both reports are settled by the decision.
    const settled = await reportRows("item", itemId);
    expect(settled.map((r) => [r.state, r.decisionId, r.handledBy])).toEqual([
      ["ACTIONED", hidden.decisionId, ts.id],
      ["ACTIONED", hidden.decisionId, ts.id],
    ]);

    // The decision, its audit row with before and after.
    const [decision] = await t.ctx.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, hidden.decisionId));
    expect(decision).toMatchObject({
      action: "hide_item",
      targetType: "item",
      targetId: itemId,
      memberId: seller.id,
      reasonCode: "PROHIBITED_ITEM",
      note: NOTE,
      operatorId: ts.id,
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "listings:moderate"), eq(auditLog.targetId, String(itemId))));
    expect(audit).toMatchObject({
      actorId: ts.id,
      actorRoles: ["trust_safety"],
      targetType: "item",
      reason: NOTE,
      requestId: META.requestId,
      ip: META.ip,
    });
    expect(audit!.changes).toMatchObject({
      state: ["SALE", "HIDDEN"],
      decisionId: [null, hidden.decisionId],
    });

    // The seller is told in the app and by mail, in Japanese, with the case number and where to appeal.
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(notes.map((n) => [n.kind, n.payload.event, n.payload.decisionId])).toContainEqual([
      "moderation",
      "hide_item",
      hidden.decisionId,
    ]);
    await mails();
    const mail = await t.smtp.lastTo(seller.email);
    const n = hidden.decisionId;
    expect(mail.subject).toBe(`【Tsugu】出品を非表示にしました（処分番号 ${n}）`);
    expect(mail.text.trim()).toBe(
      [
        "出品者さん 様",
        "",
        "利用規約に照らして確認した結果、次の出品を非表示にしました。非表示の間は、ほかの会員からは見えず、購入もできません。",
        "",
        `対象の出品：「${title}」`,
        "適用した規約：盗品・偽造品など売買が禁じられた物品の出品（利用規約 第7条第2号）",
        "規約の定め：「盗品、偽造品、不正に取得した端末その他法令で売買が禁じられた物品を出品する行為」",
        "運営からの説明：",
        NOTE,
        `処分番号：${n}`,
        "",
        "この対応に異議がある場合やご不明な点がある場合は、処分番号を添えて次のページからお問い合わせください。",
        `http://tsugu.test/ja/mypage/support/?category=appeal&decision=${n}`,
        "",
        "――",
        "Tsugu（ツグ）",
        "このメールは送信専用です。お心当たりのない場合は破棄してください。",
      ].join("\n"),
    );

    // The seller sees why on the listing; no one else does.
    expect(await getHiddenNotice(t.ctx, { itemId, viewerId: seller.id })).toEqual({
      caseNumber: n,
      action: "hide_item",
      reasonCode: "PROHIBITED_ITEM",
      note: NOTE,
      appealPath: `/mypage/support/?category=appeal&decision=${n}`,
    });
    expect(await getHiddenNotice(t.ctx, { itemId, viewerId: buyer.id })).toBeNull();

    // Hiding twice is refused; a restore must give a restore reason, not a rule.
    expect(
      (await failure(hideItem(t.ctx, { actor: ts, itemId, input: { reasonCode: "SPAM", note: "x" } }))).code,
    ).toBe("VALIDATION");
    expect(
      (await failure(hideItem(t.ctx, { actor: ts, itemId, input: { reasonCode: "ILLEGAL", note: "x" } })))
        .code,
    ).toBe("CONFLICT");
    const wrongReason = await failure(
      restoreItem(t.ctx, { actor: ts, itemId, input: { reasonCode: "PROHIBITED_ITEM", note: "修正を確認" } }),
    );
    expect(said(wrongReason).fields.reasonCode?.ja).toBe("再表示・解除の理由を選んでください");

    const restored = await restoreItem(t.ctx, {
      actor: ts,
      itemId,
      input: { reasonCode: "CORRECTED", note: "商品説明が修正されたことを確認しました。" },
      meta: META,
    });
    expect(restored.state).toBe("SALE");
    expect(await itemRow(itemId)).toMatchObject({ state: "SALE", heldFrom: null });
    expect(await getItem(t.ctx, { itemId, viewerId: buyer.id })).toMatchObject({ state: "SALE" });
    await mails();
    const back = await t.smtp.lastTo(seller.email);
    expect(back.subject).toBe(`【Tsugu】出品を再表示しました（処分番号 ${restored.decisionId}）`);
    expect(back.text).toContain("理由：問題の箇所が修正された");
  });

  it("refuses a decision without a rule or a note, and changes nothing", async () => {
    const seller = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const before = await t.ctx.db.select().from(moderationDecisions);
    const e = await failure(hideItem(t.ctx, { actor: ts, itemId, input: { reasonCode: "", note: " " } }));
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields).toMatchObject({
      reasonCode: { ja: "適用する規約を選んでください" },
      note: { ja: "会員への説明を入力してください" },
    });
    const noNote = await failure(hideItem(t.ctx, { actor: ts, itemId, input: { reasonCode: "ILLEGAL" } }));
    expect(Object.keys(noNote.fields)).toEqual(["note"]);
    expect(await itemRow(itemId)).toMatchObject({ state: "SALE" });
    expect(await t.ctx.db.select().from(moderationDecisions)).toHaveLength(before.length);
  });

  it("lets only the roles that hold the permission decide: finance cannot suspend, support cannot hide", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const support = await makeOperator(t.ctx, ["support"]);
    const member = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, member);
    const input = { reasonCode: "HARASSMENT", note: "繰り返しの嫌がらせ" };
    const e = await failure(suspendMember(t.ctx, { actor: finance, userId: member.id, input }));
    expect(e.code).toBe("FORBIDDEN");
    expect((await failure(hideItem(t.ctx, { actor: support, itemId, input }))).code).toBe("FORBIDDEN");
    expect((await failure(suspendMember(t.ctx, { actor: member, userId: member.id, input }))).code).toBe(
      "FORBIDDEN",
    );
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.suspendedAt).toBeNull();
    expect(await itemRow(itemId)).toMatchObject({ state: "SALE" });
    expect(
      await t.ctx.db.select().from(moderationDecisions).where(eq(moderationDecisions.memberId, member.id)),
    ).toHaveLength(0);
    // Staff accounts are not suspended.
    expect((await failure(suspendMember(t.ctx, { actor: ts, userId: finance.id, input }))).code).toBe(
      "CONFLICT",
    );
  });

  it("suspends a member: sessions end, login is refused, open transactions go on hold and listings on sale are hidden; restore brings the listings back", async () => {
    const member = await makeMember(t.ctx, { nickname: "停止される人" });
    const email = `suspend-${Date.now()}@example.jp`;
    await t.ctx.db
      .update(users)
      .set({ email, passwordHash: await hashPassword("passw0rd-ok") })
      .where(eq(users.id, member.id));
    const web = { kind: "web" as const, persistent: true, ip: "198.51.100.7" };
    const buyer = await makeBuyer(t.ctx);
    const sold = await listItem(t.ctx, member, { price: "15000" });
    const onSale = await listItem(t.ctx, member);
    const asking = await listItem(t.ctx, member);
    await changeItemState(t.ctx, { actor: member, itemId: asking, action: "start_negotiation" });
    const privateOne = await listItem(t.ctx, member);
    await changeItemState(t.ctx, { actor: member, itemId: privateOne, action: "make_private" });
    const hiddenBefore = await listItem(t.ctx, member);
    await hideItem(t.ctx, {
      actor: ts,
      itemId: hiddenBefore,
      input: { reasonCode: "ILLEGAL", note: "別件" },
    });
    await mails();
    await t.smtp.lastTo(email);
    const purchase = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId: sold,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
      returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
    });
    expect(purchase.state).toBe("START");
    const { token } = await createSession(t.ctx, { userId: member.id, kind: "web", persistent: true });
    expect(await resolveSession(t.ctx, token)).not.toBeNull();
    await fileReport(t.ctx, {
      actor: buyer,
      input: { targetType: "user", targetId: member.id, reason: "OFF_PLATFORM" },
    });

    const input = {
      reasonCode: "OFF_PLATFORM",
      note: "取引メッセージで外部の決済サービスへの支払いを求めていました。",
    };
    const suspended = await suspendMember(t.ctx, { actor: ts, userId: member.id, input, meta: META });
    expect(suspended.heldTransactions).toEqual([purchase.transactionId]);
    expect(suspended.items.sort()).toEqual([onSale, asking].sort());

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.suspendedAt).not.toBeNull();
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect(await resolveSession(t.ctx, token)).toBeNull();
    const refused = await failure(logIn(t.ctx, { input: { email, password: "passw0rd-ok" }, ...web }));
    expect(refused.code).toBe("FORBIDDEN");
    expect(said(refused).message.ja).toBe(
      "このアカウントは利用停止中です。詳しくはお送りしたメールをご確認ください",
    );
    // A wrong password says nothing about the suspension.
    const wrong = await failure(logIn(t.ctx, { input: { email, password: "wrong-pass1" }, ...web }));
    expect(wrong.code).toBe("UNAUTHORIZED");
    expect(said(wrong).message.ja).toBe("メールアドレスまたはパスワードが正しくありません");

    const [held] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.transactionId));
    expect(held).toMatchObject({ state: "PENDING", heldFrom: "START" });
    expect(await itemRow(onSale)).toMatchObject({ state: "HIDDEN", heldFrom: "SALE" });
    expect(await itemRow(asking)).toMatchObject({ state: "HIDDEN", heldFrom: "ASK" });
    expect(await itemRow(privateOne)).toMatchObject({ state: "PRIVATE" });
    expect(await itemRow(sold)).toMatchObject({ state: "SOLD" });
    expect((await reportRows("user", member.id))[0]).toMatchObject({
      state: "ACTIONED",
      decisionId: suspended.decisionId,
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "members:suspend"), eq(auditLog.targetId, String(member.id))));
    expect(audit!.changes.suspendedAt?.[0]).toBeNull();
    expect(audit!.reason).toBe(input.note);
    await mails();
    const mail = await t.smtp.lastTo(email);
    expect(mail.subject).toBe(`【Tsugu】アカウントを利用停止にしました（処分番号 ${suspended.decisionId}）`);
    expect(mail.text).toContain(
      "ログインできない場合は、処分番号を添えて support@tsugu.example までメールでご連絡ください。",
    );
    expect(mail.text).toContain("適用した規約：Tsuguを通さない取引への誘導（利用規約 第7条第4号）");

    expect((await failure(suspendMember(t.ctx, { actor: ts, userId: member.id, input }))).code).toBe(
      "CONFLICT",
    );
    const member360 = await getMember(t.ctx, { actor: ts, userId: member.id });
    expect(member360.transactions).toMatchObject({ sold: 1, onHold: 1 });
    expect(member360.decisions[0]).toMatchObject({ id: suspended.decisionId, action: "suspend_member" });
    expect(member360.maySuspend).toBe(true);

    const lifted = await restoreMember(t.ctx, {
      actor: ts,
      userId: member.id,
      input: { reasonCode: "APPEAL_ACCEPTED", note: "お支払いの案内が誤解であったことを確認しました。" },
      meta: META,
    });
    expect(lifted.items.sort()).toEqual([onSale, asking].sort());
    expect(await itemRow(onSale)).toMatchObject({ state: "SALE", heldFrom: null });
    expect(await itemRow(asking)).toMatchObject({ state: "ASK", heldFrom: null });
    // Hidden on its own decision, so it stays hidden; the transaction waits for the office.
    expect(await itemRow(hiddenBefore)).toMatchObject({ state: "HIDDEN" });
    const [still] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.transactionId));
    expect(still!.state).toBe("PENDING");
    const again = await logIn(t.ctx, { input: { email, password: "passw0rd-ok" }, ...web });
    expect(again.token).toBeTruthy();
  });

  it("hides a comment from the public list and the count, and restores it", async () => {
    const seller = await makeMember(t.ctx);
    const author = await makeMember(t.ctx, { nickname: "コメントした人" });
    const reporter = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    await postComment(t.ctx, { actor: author, itemId, input: { body: "値下げできますか？" } });
    const rude = await postComment(t.ctx, { actor: author, itemId, input: { body: "こんなゴミ誰が買うの" } });
    await fileReport(t.ctx, {
      actor: reporter,
      input: { targetType: "comment", targetId: rude.id, reason: "HARASSMENT" },
    });
    const input = { reasonCode: "HARASSMENT", note: "出品者を侮辱する表現があるため非表示にしました。" };
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(hideComment(t.ctx, { actor: finance, commentId: rude.id, input }))).code).toBe(
      "FORBIDDEN",
    );
    const hidden = await hideComment(t.ctx, { actor: ts, commentId: rude.id, input, meta: META });
    const list = await listComments(t.ctx, { itemId });
    expect(list.items.map((c) => c.body)).toEqual(["値下げできますか？"]);
    expect((await itemRow(itemId)).commentCount).toBe(1);
    // No one can report what no one can see.
    expect(
      (
        await failure(
          fileReport(t.ctx, {
            actor: seller,
            input: { targetType: "comment", targetId: rude.id, reason: "SPAM" },
          }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect((await reportRows("comment", rude.id))[0]).toMatchObject({
      state: "ACTIONED",
      decisionId: hidden.decisionId,
    });
    await mails();
    const mail = await t.smtp.lastTo(author.email);
    expect(mail.subject).toBe(`【Tsugu】コメントを非表示にしました（処分番号 ${hidden.decisionId}）`);
    expect(mail.text).toContain("対象のコメント：「こんなゴミ誰が買うの」");

    await restoreComment(t.ctx, {
      actor: ts,
      commentId: rude.id,
      input: { reasonCode: "NO_VIOLATION", note: "再確認の結果、問題ないと判断しました。" },
    });
    expect((await listComments(t.ctx, { itemId })).items).toHaveLength(2);
    expect((await itemRow(itemId)).commentCount).toBe(2);
  });

  it("lets one of two operators claim a report, and closes it only with the target's permission", async () => {
    const seller = await makeMember(t.ctx);
    const reporter = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller, { title: "claim me" });
    const filed = await fileReport(t.ctx, {
      actor: reporter,
      input: { targetType: "item", targetId: itemId, reason: "SPAM", body: "同じ出品を何度も" },
    });
    const support = await makeOperator(t.ctx, ["support"], { nickname: "サポート担当" });
    const other = await makeOperator(t.ctx, ["trust_safety"], { nickname: "もう一人" });
    const results = await Promise.allSettled([
      claimReport(t.ctx, { actor: support, reportId: filed.id }),
      claimReport(t.ctx, { actor: other, reportId: filed.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.code).toBe("CONFLICT");
    const claims = await t.ctx.db.select().from(queueClaims).where(eq(queueClaims.itemId, filed.id));
    expect(claims).toHaveLength(1);

    const queue = await listReportQueue(t.ctx, { actor: support, query: { targetType: "item" } });
    const row = queue.rows.find((r) => r.id === filed.id)!;
    expect(row).toMatchObject({
      state: "OPEN",
      overdue: false,
      openOnTarget: 1,
      target: { label: "claim me" },
    });
    expect(row.claim?.operatorId).toBe(claims[0]!.operatorId);
    t.clock.advance(25 * 3600 * 1000);
    const late = await listReportQueue(t.ctx, { actor: support, query: {} });
    expect(late.rows.find((r) => r.id === filed.id)?.overdue).toBe(true);

    const detail = await getReport(t.ctx, { actor: support, reportId: filed.id });
    expect(detail).toMatchObject({
      action: "hide_item",
      mayModerate: false,
      permission: "listings:moderate",
    });
    expect((await failure(dismissReport(t.ctx, { actor: support, reportId: filed.id }))).code).toBe(
      "FORBIDDEN",
    );
    await dismissReport(t.ctx, {
      actor: other,
      reportId: filed.id,
      input: { note: "規約違反なし" },
      meta: META,
    });
    expect((await reportRows("item", itemId))[0]).toMatchObject({ state: "DISMISSED", handledBy: other.id });
    expect(await t.ctx.db.select().from(queueClaims).where(eq(queueClaims.itemId, filed.id))).toHaveLength(0);
    expect((await failure(dismissReport(t.ctx, { actor: other, reportId: filed.id }))).code).toBe("CONFLICT");
    const open = await listReportQueue(t.ctx, { actor: support, query: {} });
    expect(open.rows.map((r) => r.id)).not.toContain(filed.id);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reports:dismiss"), eq(auditLog.targetId, String(filed.id))));
    expect(audit!.changes).toEqual({ state: ["OPEN", "DISMISSED"] });
  });

  it("finds members by number, email address or nickname, for operators who may read them", async () => {
    const member = await makeMember(t.ctx, { nickname: "検索されるさん" });
    const support = await makeOperator(t.ctx, ["support"]);
    const byId = await listMembers(t.ctx, { actor: support, query: { q: String(member.id) } });
    expect(byId.rows.map((r) => r.id)).toEqual([member.id]);
    const byName = await listMembers(t.ctx, { actor: support, query: { q: "検索される" } });
    expect(byName.rows.map((r) => r.id)).toEqual([member.id]);
    const byEmail = await listMembers(t.ctx, { actor: support, query: { q: member.email.toUpperCase() } });
    expect(byEmail.rows.map((r) => r.id)).toEqual([member.id]);
    const detail = await getMember(t.ctx, { actor: support, userId: member.id });
    expect(detail).toMatchObject({ member: { nickname: "検索されるさん" }, maySuspend: false });
    const editor = await makeOperator(t.ctx, ["editor"]);
    expect((await failure(listMembers(t.ctx, { actor: editor }))).code).toBe("FORBIDDEN");
  });

  it("sorts the reports queue by number or date received, an unknown sort falling back to the queue's order", async () => {
    const support = await makeOperator(t.ctx, ["support"]);
    const reporter = await makeMember(t.ctx);
    const at = (minutes: number) => new Date(Date.UTC(2020, 0, 1, 9, minutes));
    // Filed in this order (numbers a < b < c < d), received at 2:00, 0:00, 1:00 and 1:00.
    const made = await t.ctx.db
      .insert(reports)
      .values(
        [120, 0, 60, 60].map((minutes, i) => ({
          targetType: "user" as const,
          targetId: 900_000_000 + i,
          reporterId: reporter.id,
          reason: "SPAM",
          createdAt: at(minutes),
        })),
      )
      .returning({ id: reports.id });
    const [a, b, c, d] = made.map((r) => r.id);
    const order = async (query: Record<string, string>) => {
      const queue = await listReportQueue(t.ctx, { actor: support, query });
      const mine = queue.rows.map((r) => r.id).filter((id) => made.some((m) => m.id === id));
      return { ids: mine, sort: queue.sort, dir: queue.dir };
    };
    // The default: open reports oldest first, those received together by number.
    expect(await order({})).toEqual({ ids: [b, c, d, a], sort: "received", dir: "asc" });
    expect(await order({ sort: "received", dir: "desc" })).toEqual({
      ids: [a, d, c, b],
      sort: "received",
      dir: "desc",
    });
    expect((await order({ sort: "id", dir: "asc" })).ids).toEqual([a, b, c, d]);
    expect((await order({ sort: "id", dir: "desc" })).ids).toEqual([d, c, b, a]);
    // Unknown: the default, never an error.
    expect(await order({ sort: "reason; drop table reports", dir: "sideways" })).toEqual({
      ids: [b, c, d, a],
      sort: "received",
      dir: "asc",
    });
    // Every state: the newest first by default, as before; a chosen sort still applies.
    expect(await order({ state: "all" })).toEqual({ ids: [a, d, c, b], sort: "received", dir: "desc" });
    expect((await order({ state: "all", sort: "id", dir: "asc" })).ids).toEqual([a, b, c, d]);
  });

  it("sorts members on the server by number, nickname or joining date, an unknown sort falling back to the newest", async () => {
    const support = await makeOperator(t.ctx, ["support"]);
    const names = ["並び替えC", "並び替えA", "並び替えB"];
    const made = [];
    for (const nickname of names) made.push(await makeMember(t.ctx, { nickname }));
    const query = { q: "並び替え" };
    const byName = await listMembers(t.ctx, {
      actor: support,
      query: { ...query, sort: "nickname", dir: "asc" },
    });
    expect(byName.rows.map((r) => r.nickname)).toEqual(["並び替えA", "並び替えB", "並び替えC"]);
    expect(byName).toMatchObject({ sort: "nickname", dir: "asc" });
    const byNameDown = await listMembers(t.ctx, {
      actor: support,
      query: { ...query, sort: "nickname", dir: "desc" },
    });
    expect(byNameDown.rows.map((r) => r.nickname)).toEqual(["並び替えC", "並び替えB", "並び替えA"]);
    const oldestFirst = await listMembers(t.ctx, {
      actor: support,
      query: { ...query, sort: "id", dir: "asc" },
    });
    expect(oldestFirst.rows.map((r) => r.id)).toEqual(made.map((m) => m.id));
    const unknown = await listMembers(t.ctx, {
      actor: support,
      query: { ...query, sort: "password", dir: "up" },
    });
    expect(unknown.rows.map((r) => r.id)).toEqual(made.map((m) => m.id).reverse());
    expect(unknown).toMatchObject({ sort: "id", dir: "desc" });
  });
});
