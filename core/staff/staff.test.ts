import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bankAccounts, operatorRoles, users } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { assignQueueItem, queueOperators } from "./assign-queue-item.ts";
import { diffFields, recordAudit } from "./audit.ts";
import { authorize } from "./authorize.ts";
import { claimQueueItem } from "./claim-queue-item.ts";
import { endViewAs } from "./end-view-as.ts";
import { listOperators, setOperatorRoles } from "./operator-roles.ts";
import {
  hasPermission,
  OPERATOR_ROLES,
  PERMISSIONS,
  permissionsOf,
  ROLE_PERMISSIONS,
} from "./permissions.ts";
import { memberPersonalData, revealPersonalData } from "./personal-data.ts";
import { queueSummaries } from "./queues.ts";
import { releaseQueueItem } from "./release-queue-item.ts";
import { startViewAs } from "./start-view-as.ts";
import { resolveViewAs } from "./view-as.ts";

describe("permissions", () => {
  it("grants admins everything and every role the back office itself", () => {
    expect([...permissionsOf(["admin"])].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of OPERATOR_ROLES) expect(hasPermission([role], "staff:access")).toBe(true);
  });

  it("keeps finance away from moderation and personal data", () => {
    expect(hasPermission(["finance"], "members:suspend")).toBe(false);
    expect(hasPermission(["finance"], "pii:read")).toBe(false);
    expect(hasPermission(["finance"], "exports:create")).toBe(true);
    expect(hasPermission(["finance", "trust_safety"], "members:suspend")).toBe(true);
  });

  it("names only permissions that exist", () => {
    for (const granted of Object.values(ROLE_PERMISSIONS)) {
      for (const p of granted) expect(PERMISSIONS).toContain(p);
    }
  });

  it("diffs fields as [before, after], dates as ISO text", () => {
    expect(
      diffFields({ a: 1, b: "x", c: null }, { a: 1, b: "y", d: new Date("2026-11-24T00:00:00Z") }),
    ).toEqual({
      b: ["x", "y"],
      d: [null, "2026-11-24T00:00:00.000Z"],
    });
  });
});

describe.each(ENGINES)("back office core on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lets in only operators whose roles grant the permission, read from the database each time", async () => {
    const member = await makeMember(t.ctx);
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(authorize(t.ctx, null, "staff:access"))).code).toBe("UNAUTHORIZED");
    expect(said(await failure(authorize(t.ctx, member, "staff:access"))).message.ja).toBe(
      "運営スタッフ専用のページです",
    );
    const refused = await failure(authorize(t.ctx, finance, "members:suspend"));
    expect([refused.code, said(refused).message.ja]).toEqual([
      "FORBIDDEN",
      "この操作の権限がありません（members:suspend）",
    ]);
    expect((await authorize(t.ctx, finance, "exports:create")).roles).toEqual(["finance"]);
    // A role taken away stops working at once, whatever the session remembers.
    await t.ctx.db.delete(operatorRoles).where(eq(operatorRoles.userId, finance.id));
    expect((await failure(authorize(t.ctx, finance, "exports:create"))).code).toBe("FORBIDDEN");
  });

  it("lets admins set roles, audited with before and after, never dropping their own admin role", async () => {
    const admin = await makeOperator(t.ctx, ["admin"]);
    const newcomer = await makeOperator(t.ctx, ["support"]);
    const support = await makeOperator(t.ctx, ["support"]);
    expect(
      (
        await failure(
          setOperatorRoles(t.ctx, { actor: support, input: { userId: newcomer.id, roles: ["admin"] } }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    const result = await setOperatorRoles(t.ctx, {
      actor: admin,
      input: { userId: newcomer.id, roles: ["trust_safety", "support"], reason: "夜間シフト" },
      meta: { requestId: "req-1", ip: "203.0.113.9" },
    });
    expect(result.roles).toEqual(["support", "trust_safety"]);
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.requestId, "req-1"));
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRoles: ["admin"],
      action: "roles:assign",
      targetType: "user",
      targetId: String(newcomer.id),
      changes: { roles: [["support"], ["support", "trust_safety"]] },
      reason: "夜間シフト",
      ip: "203.0.113.9",
    });
    const own = await failure(
      setOperatorRoles(t.ctx, { actor: admin, input: { userId: admin.id, roles: ["support"] } }),
    );
    expect(said(own).message.ja).toBe("自分自身の管理者権限は外せません。別の管理者に依頼してください");
    const bad = await failure(
      setOperatorRoles(t.ctx, { actor: admin, input: { userId: newcomer.id, roles: ["boss"] } }),
    );
    expect(bad.code).toBe("VALIDATION");
    const listed = await listOperators(t.ctx, { actor: admin });
    expect(listed.find((o) => o.id === newcomer.id)?.roles).toEqual(["support", "trust_safety"]);
  });

  it("gives a queue item to exactly one of two operators claiming it at once", async () => {
    const a = await makeOperator(t.ctx, ["support"], { nickname: "佐藤" });
    const b = await makeOperator(t.ctx, ["support"], { nickname: "鈴木" });
    const results = await Promise.allSettled([
      claimQueueItem(t.ctx, { actor: a, queue: "support", itemId: 424242 }),
      claimQueueItem(t.ctx, { actor: b, queue: "support", itemId: 424242 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(said(lost.reason).message.ja).toMatch(/さんが対応中です$/);
    const winner = (
      results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ operatorId: number }>
    ).value.operatorId;
    // Claiming what you hold is harmless; once released, the other may take it.
    const holder = winner === a.id ? a : b;
    const other = winner === a.id ? b : a;
    expect(
      (await claimQueueItem(t.ctx, { actor: holder, queue: "support", itemId: 424242 })).operatorId,
    ).toBe(winner);
    await releaseQueueItem(t.ctx, { actor: holder, queue: "support", itemId: 424242 });
    expect((await claimQueueItem(t.ctx, { actor: other, queue: "support", itemId: 424242 })).operatorId).toBe(
      other.id,
    );
    // A role without the queue's permission cannot claim from it.
    const grader = await makeOperator(t.ctx, ["grader"]);
    expect((await failure(claimQueueItem(t.ctx, { actor: grader, queue: "support", itemId: 1 }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("assigns a queue item only to an operator whose roles cover the queue, audited", async () => {
    const lead = await makeOperator(t.ctx, ["trust_safety"], { nickname: "リーダー" });
    const colleague = await makeOperator(t.ctx, ["trust_safety"], { nickname: "同僚" });
    const editor = await makeOperator(t.ctx, ["editor"]);
    const names = (await queueOperators(t.ctx, { actor: lead, queue: "reports" })).map((o) => o.nickname);
    expect(names).toEqual(expect.arrayContaining(["リーダー", "同僚"]));
    expect(
      (await queueOperators(t.ctx, { actor: lead, queue: "reports" })).some((o) => o.id === editor.id),
    ).toBe(false);
    const wrong = await failure(
      assignQueueItem(t.ctx, { actor: lead, queue: "reports", itemId: 77, to: editor.id }),
    );
    expect(said(wrong).message.ja).toBe("このスタッフのロールではこのキューを担当できません");
    const claim = await assignQueueItem(t.ctx, {
      actor: lead,
      queue: "reports",
      itemId: 77,
      to: colleague.id,
    });
    expect([claim.operatorId, claim.assignedBy]).toEqual([colleague.id, lead.id]);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "queue:assign"), eq(auditLog.targetId, "77")));
    expect(entry?.changes).toEqual({ claimedBy: [null, colleague.id] });
  });

  it("shows each operator the queues their roles open", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    expect((await queueSummaries(t.ctx, { actor: finance })).map((q) => q.queue)).toEqual([
      "payouts",
      "moneyAlerts",
    ]);
    const queues = await queueSummaries(t.ctx, { actor: safety });
    expect(queues.map((q) => q.queue)).toEqual(["transactions", "reports", "identity", "support"]);
    expect(queues.every((q) => q.count >= 0 && typeof q.overdue === "boolean")).toBe(true);
  });

  it("lets support look at a member's pages read-only for 30 minutes, audited, with a ticket no one else can use", async () => {
    const member = await makeMember(t.ctx, { nickname: "はなこ" });
    const support = await makeOperator(t.ctx, ["support"], { nickname: "佐藤" });
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(startViewAs(t.ctx, { actor: finance, memberId: member.id }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(startViewAs(t.ctx, { actor: support, memberId: finance.id }))).code).toBe(
      "NOT_FOUND",
    );
    const { ticket } = await startViewAs(t.ctx, {
      actor: support,
      memberId: member.id,
      meta: { requestId: "va-1" },
    });
    const viewing = await resolveViewAs(t.ctx, support, ticket);
    expect(viewing?.member).toMatchObject({
      id: member.id,
      nickname: "はなこ",
      role: "member",
      staffRoles: [],
    });
    expect(viewing?.operator).toEqual({ id: support.id, nickname: "佐藤" });
    // Another operator's session, a changed ticket, or a lapsed one is just the operator again.
    expect(await resolveViewAs(t.ctx, finance, ticket)).toBeNull();
    expect(await resolveViewAs(t.ctx, support, ticket.replace(/\.(\d+)\./, ".1."))).toBeNull();
    expect(await resolveViewAs(t.ctx, { ...support, staffRoles: ["finance"] }, ticket)).toBeNull();
    // Ended: the same ticket no longer works, though its 30 minutes are not over; a new one does.
    await endViewAs(t.ctx, { actor: support, memberId: member.id });
    expect(await resolveViewAs(t.ctx, support, ticket)).toBeNull();
    const again = await startViewAs(t.ctx, { actor: support, memberId: member.id });
    expect((await resolveViewAs(t.ctx, support, again.ticket))?.member.id).toBe(member.id);
    t.clock.advance(31 * 60 * 1000);
    expect(await resolveViewAs(t.ctx, support, again.ticket)).toBeNull();
    expect(await resolveViewAs(t.ctx, support, ticket)).toBeNull();
    await endViewAs(t.ctx, { actor: support, memberId: member.id });
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(member.id)));
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ["members:impersonate", { viewingAs: [null, member.id] }],
      ["members:impersonate", { viewingAs: [member.id, null] }],
      ["members:impersonate", { viewingAs: [null, member.id] }],
      ["members:impersonate", { viewingAs: [member.id, null] }],
    ]);
  });

  it("masks personal data for everyone, and reveals one value to pii:read holders, audited", async () => {
    const member = await makeMember(t.ctx);
    await t.ctx.db.update(users).set({ phoneNumber: "09012345678" }).where(eq(users.id, member.id));
    await t.ctx.db.insert(bankAccounts).values({
      userId: member.id,
      bankCode: "0001",
      bankName: "みずほ銀行",
      branchCode: "001",
      branchName: "東京営業部",
      accountType: "1",
      accountNumber: "1234567",
      holderName: "ヤマダ ハナコ",
    });
    const support = await makeOperator(t.ctx, ["support"]);
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    const seen = await memberPersonalData(t.ctx, { actor: support, memberId: member.id });
    expect(seen.mayReveal).toBe(false);
    const byField = Object.fromEntries(seen.values.map((v) => [v.field, v.masked]));
    expect(byField.phone).toBe("•••••••5678");
    expect(byField.bankAccount).toBe("みずほ銀行 東京営業部 ••••567");
    expect(byField.email).toMatch(/^m•••@example\.jp$/);
    expect(byField.address).toBeNull();
    expect(
      (await failure(revealPersonalData(t.ctx, { actor: support, memberId: member.id, field: "phone" })))
        .code,
    ).toBe("FORBIDDEN");
    const revealed = await revealPersonalData(t.ctx, {
      actor: safety,
      memberId: member.id,
      field: "bankAccount",
      meta: { requestId: "pii-1" },
    });
    expect(revealed.value).toBe("みずほ銀行 東京営業部 普通 1234567 ヤマダ ハナコ");
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.requestId, "pii-1"));
    expect(entry).toMatchObject({
      action: "pii:read",
      targetId: String(member.id),
      changes: { revealed: [null, "bankAccount"] },
    });
    expect((await failure(memberPersonalData(t.ctx, { actor: support, memberId: support.id }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("keeps the audit log append-only, even for the database owner", async () => {
    const admin = await makeOperator(t.ctx, ["admin"]);
    await recordAudit(t.ctx, {
      operator: { id: admin.id, roles: ["admin"] },
      action: "pii:read",
      target: { type: "user", id: 1 },
    });
    await expect(t.ctx.db.execute(sql`update audit_log set reason = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });
});

describe.runIf(ENGINES.includes("postgres"))("the audit log on PostgreSQL", () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore("postgres");
  });
  afterAll(async () => {
    await t.close();
  });

  it("cannot be changed by the application's database role, which may only read and append", async () => {
    const admin = await makeOperator(t.ctx, ["admin"]);
    await recordAudit(t.ctx, {
      operator: { id: admin.id, roles: ["admin"] },
      action: "roles:assign",
      target: { type: "user", id: admin.id },
    });
    // The role the application runs as in production: it owns nothing and was granted what it uses.
    await t.ctx.db.execute(sql`do $$ begin
      if not exists (select from pg_roles where rolname = 'tsugu_app') then create role tsugu_app nologin; end if;
    end $$`);
    await t.ctx.db.execute(sql`grant select, insert on audit_log to tsugu_app`);
    await t.ctx.db.execute(sql`grant usage on all sequences in schema public to tsugu_app`);
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local role tsugu_app`);
      await tx.execute(
        sql`insert into audit_log (action, target_type, target_id) values ('pii:read', 'user', '1')`,
      );
      await tx.execute(sql`savepoint s`);
      for (const statement of [
        sql`update audit_log set reason = 'changed'`,
        sql`delete from audit_log`,
        sql`truncate audit_log`,
      ]) {
        const refused = await tx.execute(statement).then(
          () => "",
          (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
        );
        expect(refused).toMatch(/permission denied/);
        await tx.execute(sql`rollback to savepoint s`);
      }
    });
    expect(await t.ctx.db.$count(auditLog)).toBeGreaterThanOrEqual(2);
  });
});
