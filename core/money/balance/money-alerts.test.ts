import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, moneyAlerts } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { queueSummaries } from "../../staff/queues.ts";
import { listMoneyAlerts, type MoneyAlertKind, raiseMoneyAlert, resolveMoneyAlert } from "./alerts.ts";

describe.each(ENGINES)("money alerts on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(() => t.close());

  it("lists open alerts for finance; resolving one records who and when, once, in the audit log", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const m = await makeMember(t.ctx);
    await raiseMoneyAlert(t.ctx, {
      kind: "deadline_no_account",
      userId: m.id,
      refs: { lotId: 999_999 },
      dedupeKey: `test:${m.id}`,
      detail: "¥8000 past its deadline",
    });
    // Raised again: still one alert.
    await raiseMoneyAlert(t.ctx, {
      kind: "deadline_no_account",
      userId: m.id,
      refs: { lotId: 999_999 },
      dedupeKey: `test:${m.id}`,
    });
    const before = await listMoneyAlerts(t.ctx, { actor: finance });
    const mine = before.rows.filter((a) => a.member?.id === m.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "deadline_no_account", detail: "¥8000 past its deadline" });
    expect(before.canResolve).toBe(true);
    const queue = (await queueSummaries(t.ctx, { actor: finance })).find((q) => q.queue === "moneyAlerts");
    expect(queue?.count).toBe(before.total);

    const alertId = mine[0]!.id;
    t.clock.advance(60_000);
    const resolved = await resolveMoneyAlert(t.ctx, finance, { alertId, meta: { requestId: "req-1" } });
    expect(resolved.resolvedBy).toBe(finance.id);
    expect(resolved.resolvedAt?.getTime()).toBe(t.clock.now().getTime());
    // A second resolve is harmless: nothing changes and nothing more is audited.
    t.clock.advance(60_000);
    const again = await resolveMoneyAlert(t.ctx, finance, { alertId });
    expect(again.resolvedAt?.getTime()).toBe(resolved.resolvedAt?.getTime());
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "money_alert"), eq(auditLog.targetId, String(alertId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: finance.id,
      action: "payouts:resolve_alert",
      requestId: "req-1",
    });

    const after = await listMoneyAlerts(t.ctx, { actor: finance });
    expect(after.rows.some((a) => a.id === alertId)).toBe(false);
    expect(after.total).toBe(before.total - 1);
  });

  it("refuses operators without the permission, and an alert that does not exist", async () => {
    const support = await makeOperator(t.ctx, ["support"]);
    const finance = await makeOperator(t.ctx, ["finance"]);
    const member = await makeMember(t.ctx);
    await raiseMoneyAlert(t.ctx, { kind: "late_top_up", userId: null, refs: {}, dedupeKey: "test:refuse" });
    const [alert] = await t.ctx.db.select().from(moneyAlerts).where(eq(moneyAlerts.dedupeKey, "test:refuse"));
    expect((await failure(resolveMoneyAlert(t.ctx, support, { alertId: alert!.id }))).code).toBe("FORBIDDEN");
    expect((await failure(resolveMoneyAlert(t.ctx, member, { alertId: alert!.id }))).code).toBe("FORBIDDEN");
    expect((await failure(listMoneyAlerts(t.ctx, { actor: support }))).code).toBe("FORBIDDEN");
    expect((await failure(resolveMoneyAlert(t.ctx, finance, { alertId: 987_654_321 }))).code).toBe(
      "NOT_FOUND",
    );
    const [still] = await t.ctx.db.select().from(moneyAlerts).where(eq(moneyAlerts.id, alert!.id));
    expect(still!.resolvedAt).toBeNull();
  });

  it("sorts the open alerts by number, kind or date raised, an unknown sort falling back to the oldest first", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const raise = async (kind: MoneyAlertKind, key: string) => {
      await raiseMoneyAlert(t.ctx, { kind, userId: null, refs: {}, dedupeKey: `test:sort:${key}` });
      const [row] = await t.ctx.db
        .select()
        .from(moneyAlerts)
        .where(eq(moneyAlerts.dedupeKey, `test:sort:${key}`));
      return row!.id;
    };
    // Numbers a1 < a2 < a3, raised together; a1 then raised again an hour later.
    const a1 = await raise("payout_failed", "a1");
    const a2 = await raise("late_top_up", "a2");
    const a3 = await raise("deadline_no_account", "a3");
    const mine = [a1, a2, a3];
    await t.ctx.db
      .update(moneyAlerts)
      .set({ createdAt: new Date(t.clock.now().getTime() + 3600_000) })
      .where(eq(moneyAlerts.id, a1));
    const order = async (query?: Record<string, string>) => {
      const list = await listMoneyAlerts(t.ctx, { actor: finance, ...(query ? { query } : {}) });
      return {
        ids: list.rows.map((r) => r.id).filter((id) => mine.includes(id)),
        sort: list.sort,
        dir: list.dir,
      };
    };
    // The default, as before: the oldest first, those raised together by number.
    expect(await order()).toEqual({ ids: [a2, a3, a1], sort: "raised", dir: "asc" });
    expect(await order({ sort: "raised", dir: "desc" })).toEqual({
      ids: [a1, a3, a2],
      sort: "raised",
      dir: "desc",
    });
    expect((await order({ sort: "kind", dir: "asc" })).ids).toEqual([a3, a2, a1]);
    expect((await order({ sort: "kind", dir: "desc" })).ids).toEqual([a1, a2, a3]);
    expect((await order({ sort: "id", dir: "asc" })).ids).toEqual([a1, a2, a3]);
    expect((await order({ sort: "id", dir: "desc" })).ids).toEqual([a3, a2, a1]);
    expect(await order({ sort: "amount", dir: "asc;" })).toEqual({
      ids: [a2, a3, a1],
      sort: "raised",
      dir: "asc",
    });
    expect((await listMoneyAlerts(t.ctx, { actor: finance, query: { page: "x" } })).page).toBe(1);
  });
});
