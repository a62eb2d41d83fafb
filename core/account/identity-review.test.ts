import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, identityChecks, notifications, queueClaims, users } from "#db/schema/index.ts";
import { createMember, testImage } from "#tests/helpers/account.ts";
import { makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { ROLE_PERMISSIONS } from "../staff/permissions.ts";
import { stateHistoryOf } from "../state/change-state.ts";
import { getIdentification } from "./get-identification.ts";
import { IDENTITY_CHECK_MACHINE } from "./identity-check-states.ts";
import type { VerifiedFacts } from "./identity-provider.ts";
import { claimIdentityReview, releaseIdentityReview } from "./identity-review-claim.ts";
import { getIdentityReview, maskFactsAddress, maskName } from "./identity-review-detail.ts";
import { listIdentityReviews } from "./identity-review-queue.ts";
import { comparableName, needsOfficeReview, sameName } from "./identity-review-rule.ts";
import { isIdentityVerified } from "./is-identity-verified.ts";
import { decidePolarifyCheck } from "./polarify-sandbox.ts";
import { refreshIdentityCheck } from "./refresh-identity-check.ts";
import { approveIdentityCheck, rejectIdentityCheck } from "./review-identity-check.ts";
import { saveAddress } from "./save-address.ts";
import { startIdentityVerification } from "./start-identity-verification.ts";

const HOUR = 3600 * 1000;
const META = { requestId: "req-identity-1", ip: "192.0.2.9" };

const facts = (name: string): VerifiedFacts => ({
  name,
  address: "東京都千代田区千代田1-1",
  birthDate: "1990-04-01",
  occupation: "会社員",
});

describe("the rule that sends a check to the office", () => {
  it("compares names without spaces (full-width ones too) after NFKC", () => {
    expect(comparableName(" 山田　花子 ")).toBe("山田花子");
    expect(sameName("山田 花子", { familyName: "山田", givenName: "花子" })).toBe(true);
    expect(sameName("山田　花子", { familyName: "山田 ", givenName: " 花子" })).toBe(true);
    expect(sameName("ＹＡＭＡＤＡ Ｈａｎａｋｏ", { familyName: "YAMADA", givenName: "Hanako" })).toBe(true);
    expect(sameName("ﾔﾏﾀﾞ ﾊﾅｺ", { familyName: "ヤマダ", givenName: "ハナコ" })).toBe(true);
    expect(sameName("佐藤 花子", { familyName: "山田", givenName: "花子" })).toBe(false);
    expect(needsOfficeReview(facts("佐藤 花子"), { familyName: "山田", givenName: "花子" })).toBe(true);
    expect(needsOfficeReview(facts("佐藤 花子"), null)).toBe(false);
    expect(needsOfficeReview(null, { familyName: "山田", givenName: "花子" })).toBe(false);
  });

  it("masks a name to its first character and an address to prefecture and city", () => {
    expect(maskName("山田 花子")).toBe("山•••");
    expect(maskName("")).toBe("•••");
    expect(maskFactsAddress("東京都千代田区千代田1-1")).toBe("東京都千代田区 ••••");
    expect(maskFactsAddress("〒060-0001 北海道札幌市中央区北1条西2丁目")).toBe("北海道札幌市中央区 ••••");
    expect(maskFactsAddress("神奈川県横浜市西区みなとみらい2-2-1")).toBe("神奈川県横浜市西区 ••••");
    expect(maskFactsAddress("長野県北佐久郡軽井沢町軽井沢1")).toBe("長野県北佐久郡軽井沢町 ••••");
    expect(maskFactsAddress("1-1 Chiyoda, Tokyo")).toBe("••••");
  });
});

describe.each(ENGINES)("identity-verification review on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  async function withAddress(member: SessionUser, familyName: string, givenName: string) {
    await saveAddress(t.ctx, {
      userId: member.id,
      input: {
        familyName,
        givenName,
        familyNameKana: "ヤマダ",
        givenNameKana: "ハナコ",
        postalCode: "1000001",
        prefectureCode: "13",
        city: "千代田区",
        street: "千代田1-1",
        building: "千代田ハイツ101",
        phone: "0312345678",
      },
    });
  }

  /** The member goes through the provider, which approves the document with `name` on it. */
  async function verifyThroughProvider(member: SessionUser, name: string) {
    const started = await startIdentityVerification(t.ctx, {
      actor: member,
      files: { idFront: await testImage(), selfie: await testImage({ format: "png" }) },
      locale: "ja",
    });
    await decidePolarifyCheck(t.ctx, {
      reference: started.reference,
      decision: "approve",
      facts: facts(name),
    });
    const view = await refreshIdentityCheck(t.ctx, { userId: member.id, reference: started.reference });
    const [row] = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.providerReference, started.reference));
    return { view, row: row! };
  }

  /** A check waiting in the queue, written directly (as the rule leaves one), submitted now. */
  async function inReview(o: { name?: string; registered?: [string, string] | null } = {}) {
    const member = await createMember(t);
    if (o.registered !== null) await withAddress(member, ...(o.registered ?? (["山田", "花子"] as const)));
    const now = t.clock.now();
    const [row] = await t.ctx.db
      .insert(identityChecks)
      .values({
        userId: member.id,
        provider: "polarify",
        method: "ekyc-photo-id-selfie",
        status: "review",
        providerReference: `plr_test_${member.id}_${now.getTime()}`,
        verifiedFacts: facts(o.name ?? "佐藤 花子"),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 30 * 60 * 1000),
        completedAt: now,
      })
      .returning();
    return { member, checkId: row!.id };
  }

  const checkOf = async (id: number) =>
    (await t.ctx.db.select().from(identityChecks).where(eq(identityChecks.id, id)))[0]!;
  const userOf = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const auditsOf = (id: number) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "identity_check"), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id));
  const noticesOf = (userId: number) =>
    t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));

  it("verifies a member whose verified name is the registered one, spaces and widths aside", async () => {
    const member = await createMember(t);
    await withAddress(member, "山田", "花子");
    const { view, row } = await verifyThroughProvider(member, "山田　花子");
    expect(view.status).toBe("verified");
    expect(row.status).toBe("verified");
    expect(await isIdentityVerified(t.ctx, member.id)).toBe(true);
    // With no address there is nothing to compare: verified as the provider says.
    const newcomer = await createMember(t);
    expect((await verifyThroughProvider(newcomer, "佐藤 次郎")).view.status).toBe("verified");
    expect(await isIdentityVerified(t.ctx, newcomer.id)).toBe(true);
  });

  it("sends a mismatch to review: the member sees it as being checked and is not verified", async () => {
    const member = await createMember(t);
    await withAddress(member, "山田", "花子");
    const { view, row } = await verifyThroughProvider(member, "佐藤 花子");
    expect(row).toMatchObject({ status: "review", verifiedFacts: facts("佐藤 花子") });
    expect(view).toMatchObject({ status: "pending", facts: null, reason: null, completedAt: null });
    expect((await userOf(member.id)).identityVerifiedAt).toBeNull();
    expect(await isIdentityVerified(t.ctx, member.id)).toBe(false);
    const status = await getIdentification(t.ctx, member.id);
    expect(status).toMatchObject({ verifiedAt: null, method: null });
    expect(status.latest?.status).toBe("pending");
    // The office sees it in its queue.
    const admin = await makeOperator(t.ctx, ["admin"]);
    const queue = await listIdentityReviews(t.ctx, { actor: admin });
    expect(queue.rows.map((r) => r.id)).toEqual([row.id]);
    expect(queue.rows[0]!.member).toEqual({ id: member.id, nickname: member.nickname });
    // A second check cannot race the office's decision.
    const again = await failure(
      startIdentityVerification(t.ctx, {
        actor: member,
        files: { idFront: await testImage(), selfie: await testImage({ format: "png" }) },
        locale: "ja",
      }),
    );
    expect([again.code, said(again).message.ja]).toEqual([
      "CONFLICT",
      "本人確認の内容を運営が確認しています。結果が出るまでお待ちください",
    ]);
  });

  it("keeps each step of a check in its state history, with who took it", async () => {
    const member = await createMember(t);
    await withAddress(member, "山田", "花子");
    const { row } = await verifyThroughProvider(member, "佐藤 花子");
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    await rejectIdentityCheck(t.ctx, { actor: safety, checkId: row.id, input: { note: "別人の書類と判断" } });
    const history = await stateHistoryOf(t.ctx.db, IDENTITY_CHECK_MACHINE, row.id);
    expect(history.map((h) => [h.fromState, h.action, h.toState, h.actorRole, h.actorId, h.reason])).toEqual([
      [null, "create", "pending", "member", member.id, null],
      ["pending", "refer", "review", "system", null, null],
      ["review", "reject", "rejected", "operator", safety.id, "name_mismatch"],
    ]);
  });

  it("approves: the check and the member are verified, audited, the claim ends and the member is told", async () => {
    const { member, checkId } = await inReview();
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    await claimIdentityReview(t.ctx, { actor: safety, checkId, meta: META });
    t.clock.advance(HOUR);
    const note = "婚姻による姓の変更。旧姓の書類と照合済み";
    expect(
      await approveIdentityCheck(t.ctx, { actor: safety, checkId, input: { note }, meta: META }),
    ).toEqual({
      status: "verified",
    });
    const now = t.clock.now();
    expect(await checkOf(checkId)).toMatchObject({ status: "verified", completedAt: now, reason: null });
    expect((await userOf(member.id)).identityVerifiedAt).toEqual(now);
    const status = await getIdentification(t.ctx, member.id);
    expect(status).toMatchObject({ verifiedAt: now, method: "ekyc-photo-id-selfie" });
    expect(status.latest?.status).toBe("verified");
    const audits = (await auditsOf(checkId)).filter((a) => a.action === "identity:approve");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: safety.id,
      actorRoles: ["trust_safety"],
      changes: {
        status: ["review", "verified"],
        identityVerifiedAt: [null, now.toISOString()],
        completedAt: [new Date(now.getTime() - HOUR).toISOString(), now.toISOString()],
      },
      reason: note,
      requestId: META.requestId,
      ip: META.ip,
    });
    const claims = await t.ctx.db.select().from(queueClaims).where(eq(queueClaims.queue, "identity"));
    expect(claims).toEqual([]);
    const notices = await noticesOf(member.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "identity", payload: { checkId, event: "verified" } });
    expect((await listIdentityReviews(t.ctx, { actor: safety })).total).toBe(0);
    // The detail says who decided, and that there is nothing more to decide.
    const detail = await getIdentityReview(t.ctx, { actor: safety, checkId });
    expect(detail).toMatchObject({ canDecide: false, check: { status: "verified" } });
    expect(detail.decision).toMatchObject({ action: "identity:approve", operator: safety.nickname, note });
  });

  it("rejects with name_mismatch: the member reads the reason, stays unverified and may try again", async () => {
    const { member, checkId } = await inReview();
    const admin = await makeOperator(t.ctx, ["admin"]);
    const note = "書類の氏名と登録の氏名が別人";
    expect(await rejectIdentityCheck(t.ctx, { actor: admin, checkId, input: { note }, meta: META })).toEqual({
      status: "rejected",
    });
    expect(await checkOf(checkId)).toMatchObject({ status: "rejected", reason: "name_mismatch" });
    expect((await userOf(member.id)).identityVerifiedAt).toBeNull();
    const status = await getIdentification(t.ctx, member.id);
    expect(status.verifiedAt).toBeNull();
    expect(status.latest).toMatchObject({ status: "rejected", reason: "name_mismatch" });
    const [audit] = await auditsOf(checkId);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: "identity:reject",
      changes: { status: ["review", "rejected"], reason: [null, "name_mismatch"] },
      reason: note,
      requestId: META.requestId,
    });
    expect(audit!.changes).not.toHaveProperty("identityVerifiedAt");
    const [notice] = await noticesOf(member.id);
    expect(notice).toMatchObject({
      kind: "identity",
      payload: { checkId, event: "rejected", reason: "name_mismatch" },
    });
    // After fixing the address, a new check goes through.
    await withAddress(member, "佐藤", "花子");
    expect((await verifyThroughProvider(member, "佐藤 花子")).view.status).toBe("verified");
  });

  it("needs a note of 1–500 characters and a known reason, said in both languages; nothing changes", async () => {
    const { checkId } = await inReview();
    const admin = await makeOperator(t.ctx, ["admin"]);
    for (const note of [undefined, "  ", "あ".repeat(501)]) {
      const error = await failure(approveIdentityCheck(t.ctx, { actor: admin, checkId, input: { note } }));
      expect(error.code).toBe("VALIDATION");
      expect(Object.keys(said(error).fields)).toEqual(["note"]);
    }
    const empty = await failure(rejectIdentityCheck(t.ctx, { actor: admin, checkId, input: {} }));
    expect(said(empty).fields.note).toEqual({
      ja: "判断の理由を入力してください",
      en: "Reason for the decision is required",
    });
    const unknown = await failure(
      rejectIdentityCheck(t.ctx, { actor: admin, checkId, input: { note: "x", reasonCode: "face" } }),
    );
    expect(said(unknown).fields).toEqual({
      reasonCode: { ja: "却下の理由を選んでください", en: "Choose a reason for rejecting" },
    });
    const both = await failure(
      rejectIdentityCheck(t.ctx, { actor: admin, checkId, input: { reasonCode: "face" } }),
    );
    expect(Object.keys(said(both).fields).sort()).toEqual(["note", "reasonCode"]);
    expect((await checkOf(checkId)).status).toBe("review");
    expect(await auditsOf(checkId)).toEqual([]);
  });

  it("refuses finance, support, graders, editors and members (FORBIDDEN) and changes nothing", async () => {
    const { member, checkId } = await inReview();
    const others = [
      await makeOperator(t.ctx, ["finance"]),
      await makeOperator(t.ctx, ["support"]),
      await makeOperator(t.ctx, ["grader"]),
      await makeOperator(t.ctx, ["editor"]),
      member,
    ];
    for (const actor of others) {
      const input = { note: "承認します" };
      for (const call of [
        () => approveIdentityCheck(t.ctx, { actor, checkId, input, meta: META }),
        () => rejectIdentityCheck(t.ctx, { actor, checkId, input, meta: META }),
        () => claimIdentityReview(t.ctx, { actor, checkId, meta: META }),
        () => listIdentityReviews(t.ctx, { actor }),
        () => getIdentityReview(t.ctx, { actor, checkId, meta: META }),
      ]) {
        expect((await failure(call())).code).toBe("FORBIDDEN");
      }
    }
    expect((await failure(listIdentityReviews(t.ctx, { actor: null }))).code).toBe("UNAUTHORIZED");
    expect((await checkOf(checkId)).status).toBe("review");
    expect((await userOf(member.id)).identityVerifiedAt).toBeNull();
    expect(await auditsOf(checkId)).toEqual([]);
    expect(await t.ctx.db.select().from(queueClaims)).toEqual([]);
    expect(await noticesOf(member.id)).toEqual([]);
  });

  it("lets one of two operators deciding at once win; the other gets CONFLICT", async () => {
    const first = await inReview();
    const second = await inReview();
    const a = await makeOperator(t.ctx, ["trust_safety"]);
    const b = await makeOperator(t.ctx, ["admin"]);
    const input = { note: "確認しました" };
    const approvals = await Promise.allSettled([
      approveIdentityCheck(t.ctx, { actor: a, checkId: first.checkId, input }),
      approveIdentityCheck(t.ctx, { actor: b, checkId: first.checkId, input }),
    ]);
    expect(approvals.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = approvals.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason.code).toBe("CONFLICT");
    expect(said(lost.reason).message.ja).toBe(
      "この本人確認は審査待ちではありません。すでにほかのスタッフが対応した可能性があります",
    );
    expect((await auditsOf(first.checkId)).filter((e) => e.action === "identity:approve")).toHaveLength(1);
    expect(await noticesOf(first.member.id)).toHaveLength(1);
    // An approval racing a rejection: one outcome, one audit entry, one notice.
    const mixed = await Promise.allSettled([
      approveIdentityCheck(t.ctx, { actor: a, checkId: second.checkId, input }),
      rejectIdentityCheck(t.ctx, { actor: b, checkId: second.checkId, input }),
    ]);
    expect(mixed.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((mixed.find((r) => r.status === "rejected") as PromiseRejectedResult).reason.code).toBe(
      "CONFLICT",
    );
    expect(await auditsOf(second.checkId)).toHaveLength(1);
    expect(await noticesOf(second.member.id)).toHaveLength(1);
    // Decided checks cannot be decided or taken again; unknown ones are not found.
    expect(
      (await failure(rejectIdentityCheck(t.ctx, { actor: a, checkId: first.checkId, input }))).code,
    ).toBe("CONFLICT");
    expect((await failure(claimIdentityReview(t.ctx, { actor: a, checkId: first.checkId }))).code).toBe(
      "CONFLICT",
    );
    expect((await failure(approveIdentityCheck(t.ctx, { actor: a, checkId: 999_999, input }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(getIdentityReview(t.ctx, { actor: a, checkId: 999_999 }))).code).toBe("NOT_FOUND");
  });

  it("claims: one of two operators gets it, the other is told who has it; release is audited", async () => {
    const { checkId } = await inReview();
    const a = await makeOperator(t.ctx, ["trust_safety"], { nickname: "安全 一郎" });
    const b = await makeOperator(t.ctx, ["trust_safety"], { nickname: "安全 二郎" });
    const results = await Promise.allSettled([
      claimIdentityReview(t.ctx, { actor: a, checkId, meta: META }),
      claimIdentityReview(t.ctx, { actor: b, checkId, meta: META }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.code).toBe("CONFLICT");
    const holder = (
      results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ nickname: string }>
    ).value.nickname;
    expect(said(refused.reason).message.ja).toBe(`${holder}さんが対応中です`);
    const queue = await listIdentityReviews(t.ctx, { actor: a });
    expect(queue.rows[0]!.claim?.nickname).toBe(holder);
    await releaseIdentityReview(t.ctx, { actor: a, checkId, meta: META });
    expect((await listIdentityReviews(t.ctx, { actor: a })).rows[0]!.claim).toBeNull();
    const claimAudits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "identity"), eq(auditLog.targetId, String(checkId))))
      .orderBy(asc(auditLog.id));
    expect(claimAudits.map((e) => e.action)).toEqual(["queue:claim", "queue:release"]);
  });

  it("masks the facts and the registered name without pii:read; in full with it, audited once per view", async () => {
    const { checkId } = await inReview({ name: "佐藤 花子", registered: ["山田", "花子"] });
    const admin = await makeOperator(t.ctx, ["admin"]);
    const full = await getIdentityReview(t.ctx, { actor: admin, checkId, meta: META });
    expect(full).toMatchObject({
      masked: false,
      verified: facts("佐藤 花子"),
      registered: {
        name: "山田 花子",
        nameKana: "ヤマダ ハナコ",
        address: "〒100-0001 東京都千代田区千代田1-1 千代田ハイツ101",
      },
      match: { name: false, familyName: false, givenName: true },
    });
    let reads = (await auditsOf(checkId)).filter((e) => e.action === "pii:read");
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: admin.id, changes: { revealed: [null, "identity"] }, ...META });
    await getIdentityReview(t.ctx, { actor: admin, checkId });
    reads = (await auditsOf(checkId)).filter((e) => e.action === "pii:read");
    expect(reads).toHaveLength(2);

    // No role today holds identity:review without pii:read; one that did would see the data masked.
    const kept = ROLE_PERMISSIONS.trust_safety;
    ROLE_PERMISSIONS.trust_safety = kept.filter((p) => p !== "pii:read");
    try {
      const reviewer = await makeOperator(t.ctx, ["trust_safety"]);
      const masked = await getIdentityReview(t.ctx, { actor: reviewer, checkId, meta: META });
      expect(masked).toMatchObject({
        masked: true,
        verified: { name: "佐•••", address: "東京都千代田区 ••••", birthDate: "••••", occupation: "••••" },
        registered: { name: "山•••", nameKana: "••••", address: "東京都千代田区 ••••" },
        // Compared on the full values all the same.
        match: { name: false, familyName: false, givenName: true },
      });
      expect(JSON.stringify(masked)).not.toMatch(/佐藤|花子|1990|会社員|千代田1-1|ハイツ/);
      expect((await auditsOf(checkId)).filter((e) => e.action === "pii:read")).toHaveLength(2);
    } finally {
      ROLE_PERMISSIONS.trust_safety = kept;
    }
  });

  it("lists the queue oldest first, with ages, overdue past 48 hours, and pages of 50", async () => {
    const admin = await makeOperator(t.ctx, ["admin"]);
    const oldest = await inReview();
    t.clock.advance(10 * HOUR);
    const middle = await inReview();
    t.clock.advance(39 * HOUR);
    const newest = await inReview();
    t.clock.advance(HOUR);
    // Decided or pending checks are not in the queue.
    const decided = await inReview();
    await approveIdentityCheck(t.ctx, { actor: admin, checkId: decided.checkId, input: { note: "OK" } });
    const queue = await listIdentityReviews(t.ctx, { actor: admin });
    expect(queue).toMatchObject({ total: 3, page: 1, pages: 1, pageSize: 50, targetMs: 48 * HOUR });
    expect(queue.rows.map((r) => [r.id, r.ageMs, r.overdue])).toEqual([
      [oldest.checkId, 50 * HOUR, true],
      [middle.checkId, 40 * HOUR, false],
      [newest.checkId, HOUR, false],
    ]);
    const detail = await getIdentityReview(t.ctx, { actor: admin, checkId: oldest.checkId });
    expect(detail.check).toMatchObject({ ageMs: 50 * HOUR, overdue: true, status: "review" });
    expect(detail.canDecide).toBe(true);

    for (let i = 0; i < 48; i += 1) {
      t.clock.advance(1000);
      await inReview({ registered: null });
    }
    const first = await listIdentityReviews(t.ctx, { actor: admin, query: { page: "1" } });
    const second = await listIdentityReviews(t.ctx, { actor: admin, query: { page: "2" } });
    expect([first.total, first.pages, first.rows.length, second.rows.length]).toEqual([51, 2, 50, 1]);
    expect(first.rows[0]!.id).toBe(oldest.checkId);
    expect(second.rows[0]!.createdAt.getTime()).toBeGreaterThan(first.rows.at(-1)!.createdAt.getTime());
    // A page past the end shows the last; nonsense shows the first.
    expect((await listIdentityReviews(t.ctx, { actor: admin, query: { page: "9" } })).page).toBe(2);
    expect((await listIdentityReviews(t.ctx, { actor: admin, query: { page: "x" } })).page).toBe(1);
  });

  it("sorts the queue by number or date submitted, an unknown sort falling back to the oldest first", async () => {
    const admin = await makeOperator(t.ctx, ["admin"]);
    // Numbers a < b < c; b and c submitted together, a (the first number) an hour after them.
    const a = (await inReview()).checkId;
    t.clock.advance(2 * HOUR);
    const b = (await inReview()).checkId;
    const c = (await inReview()).checkId;
    await t.ctx.db
      .update(identityChecks)
      .set({ createdAt: new Date(t.clock.now().getTime() + HOUR) })
      .where(eq(identityChecks.id, a));
    const order = async (query?: Record<string, string>) => {
      const queue = await listIdentityReviews(t.ctx, { actor: admin, ...(query ? { query } : {}) });
      return { ids: queue.rows.map((r) => r.id), sort: queue.sort, dir: queue.dir };
    };
    // The default, as before: the oldest first, those submitted together by number.
    expect(await order()).toEqual({ ids: [b, c, a], sort: "submitted", dir: "asc" });
    expect(await order({ sort: "submitted", dir: "desc" })).toEqual({
      ids: [a, c, b],
      sort: "submitted",
      dir: "desc",
    });
    expect((await order({ sort: "id", dir: "asc" })).ids).toEqual([a, b, c]);
    expect((await order({ sort: "id", dir: "desc" })).ids).toEqual([c, b, a]);
    expect(await order({ sort: "verifiedFacts", dir: "up" })).toEqual({
      ids: [b, c, a],
      sort: "submitted",
      dir: "asc",
    });
  });
});
