import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutRuns } from "#db/schema/index.ts";
import { seller as makeSeller, SELLER_ACCOUNT_NUMBER } from "#tests/helpers/balance.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { approvePayout } from "./approve-payout.ts";
import { getOfficePayout } from "./get-office-payout.ts";
import { getPayoutRun } from "./get-payout-run.ts";
import { listOfficePayouts } from "./list-office-payouts.ts";
import { listPayoutRuns } from "./list-payout-runs.ts";
import { markPayoutRunsSent } from "./mark-payout-runs-sent.ts";
import { preparePayoutRun } from "./prepare-payout-run.ts";
import { recordBankReturn } from "./record-bank-return.ts";
import { rejectPayout } from "./reject-payout.ts";
import { requestPayout } from "./request-payout.ts";

describe.each(ENGINES)("finance's payout views on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(() => t.close());

  const seller = (proceeds: number) => makeSeller(t.ctx, proceeds, { bank: true });

  it("lists payouts by state and method, by page or by the API's cursor; others are refused", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const editor = await makeOperator(t.ctx, ["editor"]);
    const member = await makeMember(t.ctx);
    const m = await seller(50_000);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { payout } = await requestPayout(t.ctx, {
        userId: m.id,
        method: "bank",
        input: { amount: 1000 + i },
        requestKey: `views-list-${i}`,
      });
      made.push(payout.id);
    }
    const byPage = await listOfficePayouts(t.ctx, {
      actor: finance,
      query: { method: "bank", state: "READY" },
    });
    expect(byPage.rows.map((p) => p.id)).toEqual([made[2], made[1], made[0]]);
    expect(byPage).toMatchObject({
      total: 3,
      page: 1,
      pages: 1,
      filters: { state: "READY", method: "bank" },
    });
    expect(byPage.rows[0]).toMatchObject({
      member: { id: m.id, nickname: m.nickname },
      amount: 1002,
      fee: 250,
      approvals: 0,
      needsApproval: false,
    });
    // Unknown filters read as "any", never as an error.
    expect(
      (await listOfficePayouts(t.ctx, { actor: finance, query: { state: "NOPE", page: "x" } })).page,
    ).toBe(1);
    // Sorted on the server by a column of the table, either way; an unknown sort is the newest first.
    const byAmount = await listOfficePayouts(t.ctx, {
      actor: finance,
      query: { method: "bank", state: "READY", sort: "amount", dir: "asc" },
    });
    expect(byAmount.rows.map((p) => p.amount)).toEqual([1000, 1001, 1002]);
    expect(byAmount).toMatchObject({ sort: "amount", dir: "asc" });
    const unknown = await listOfficePayouts(t.ctx, {
      actor: finance,
      query: { method: "bank", state: "READY", sort: "fee; drop table payouts", dir: "sideways" },
    });
    expect(unknown.rows.map((p) => p.id)).toEqual([made[2], made[1], made[0]]);
    expect(unknown).toMatchObject({ sort: "id", dir: "desc" });

    const query = { method: "bank", state: "READY" };
    const first = await listOfficePayouts(t.ctx, { actor: finance, query, cursor: { limit: 2 } });
    expect(first.rows.map((p) => p.id)).toEqual([made[2], made[1]]);
    expect(first.nextCursor).toBe(String(made[1]));
    const second = await listOfficePayouts(t.ctx, {
      actor: finance,
      query,
      cursor: { limit: 2, before: Number(first.nextCursor) },
    });
    expect(second.rows.map((p) => p.id)).toEqual([made[0]]);
    expect(second.nextCursor).toBeNull();
    const seven = await listOfficePayouts(t.ctx, { actor: finance, query: { method: "seven" }, cursor: {} });
    expect(seven.rows.every((p) => p.method === "seven")).toBe(true);

    expect((await failure(listOfficePayouts(t.ctx, { actor: editor }))).code).toBe("FORBIDDEN");
    expect((await failure(listOfficePayouts(t.ctx, { actor: member, cursor: {} }))).code).toBe("FORBIDDEN");
  });

  it("shows one payout with its history, the account number masked without pii:read", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const admin = await makeOperator(t.ctx, ["admin"]);
    const editor = await makeOperator(t.ctx, ["editor"]);
    const m = await seller(10_000);
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 2000 },
      requestKey: "views-detail-1",
    });
    const detail = await getOfficePayout(t.ctx, { actor: finance, payoutId: payout.id });
    expect(detail.payout).toMatchObject({
      id: payout.id,
      state: "READY",
      member: { id: m.id },
      accountMasked: true,
    });
    expect(detail.payout.destination).toMatchObject({
      bankName: "みずほ銀行",
      accountNumberMasked: "••••567",
    });
    expect(JSON.stringify(detail)).not.toContain(SELLER_ACCOUNT_NUMBER);
    expect(detail.history).toEqual([
      expect.objectContaining({
        from: null,
        to: "READY",
        actorRole: "member",
        actorId: m.id,
        actor: m.nickname,
      }),
    ]);
    const full = await getOfficePayout(t.ctx, { actor: admin, payoutId: payout.id });
    expect(full.payout.accountMasked).toBe(false);
    expect(full.payout.destination).toMatchObject({
      accountNumber: SELLER_ACCOUNT_NUMBER,
      accountNumberMasked: "••••567",
    });

    expect((await failure(getOfficePayout(t.ctx, { actor: finance, payoutId: 9_999_999 }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(getOfficePayout(t.ctx, { actor: editor, payoutId: payout.id }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("lists the bank runs without their files, by page or by cursor, and shows one with its payouts", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const editor = await makeOperator(t.ctx, ["editor"]);
    const m = await seller(10_000);
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 3000 },
      requestKey: "views-run-1",
    });
    const run = await preparePayoutRun(t.ctx, finance);
    const byPage = await listPayoutRuns(t.ctx, { actor: finance });
    expect(byPage.rows[0]).toMatchObject({
      id: run.id,
      state: "PREPARED",
      count: run.count,
      total: run.total,
      preparedBy: { id: finance.id },
      sentBy: null,
    });
    expect(byPage.rows[0]).not.toHaveProperty("file");
    const byCursor = await listPayoutRuns(t.ctx, { actor: finance, cursor: { limit: 1 } });
    expect(byCursor.rows).toEqual([byPage.rows[0]]);
    expect(byCursor.nextCursor).toBeNull();
    expect((await failure(listPayoutRuns(t.ctx, { actor: editor }))).code).toBe("FORBIDDEN");

    const shown = await getPayoutRun(t.ctx, { actor: finance, runId: run.id });
    expect(shown.payouts.map((p) => p.id)).toContain(payout.id);
    const batched = await getOfficePayout(t.ctx, { actor: finance, payoutId: payout.id });
    expect(batched.payout).toMatchObject({ state: "BATCHED", run: { id: run.id } });
  });

  it("answers NOT_FOUND for an office step on a payout that does not exist", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await failure(approvePayout(t.ctx, finance, { payoutId: 9_999_999 }))).code).toBe("NOT_FOUND");
    expect((await failure(rejectPayout(t.ctx, finance, { payoutId: 9_999_999, reason: "x" }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await failure(recordBankReturn(t.ctx, finance, { payoutId: 9_999_999, reason: "x" }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("marks several bank runs sent in one go, run by run, and says which could not be", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const support = await makeOperator(t.ctx, ["support"]);
    const m = await seller(10_000);
    await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 2000 },
      requestKey: "views-bulk-1",
    });
    const run = await preparePayoutRun(t.ctx, finance);
    expect((await failure(markPayoutRunsSent(t.ctx, support, { ids: [String(run.id)] }))).code).toBe(
      "FORBIDDEN",
    );
    expect(Object.keys((await failure(markPayoutRunsSent(t.ctx, finance, { ids: [] }))).fields)).toEqual([
      "ids",
    ]);
    const outcomes = await markPayoutRunsSent(t.ctx, finance, {
      ids: [String(run.id), "999999999"],
      meta: { requestId: "bulk-send-1" },
    });
    expect(outcomes.map((o) => [o.id, o.ok])).toEqual([
      [run.id, true],
      [999_999_999, false],
    ]);
    expect((await getPayoutRun(t.ctx, { actor: finance, runId: run.id })).run.state).toBe("SENT");
    // Sent already: said as the single action says it, nothing else happens.
    const again = await markPayoutRunsSent(t.ctx, finance, { ids: [String(run.id)] });
    expect(again).toMatchObject([{ id: run.id, ok: false }]);
  });

  it("sorts the bank runs by number, transfer date, state or total, an unknown sort falling back to the newest", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const run = (transferDate: string, state: "PREPARED" | "SENT" | "DISCARDED", total: number) => ({
      transferDate,
      state,
      count: 1,
      total,
      file: "",
    });
    const made = await t.ctx.db
      .insert(payoutRuns)
      .values([
        run("2030-12-03", "SENT", 5000),
        run("2030-12-01", "PREPARED", 9000),
        run("2030-12-02", "DISCARDED", 1000),
      ])
      .returning({ id: payoutRuns.id });
    const [r1, r2, r3] = made.map((r) => r.id);
    const order = async (query?: Record<string, string>) => {
      const list = await listPayoutRuns(t.ctx, { actor: finance, ...(query ? { query } : {}) });
      const mine = list.rows.map((r) => r.id).filter((id) => made.some((m) => m.id === id));
      return { ids: mine, sort: list.sort, dir: list.dir };
    };
    // The default, as before: the newest first.
    expect(await order()).toEqual({ ids: [r3, r2, r1], sort: "id", dir: "desc" });
    expect(await order({ sort: "transferDate", dir: "asc" })).toEqual({
      ids: [r2, r3, r1],
      sort: "transferDate",
      dir: "asc",
    });
    expect((await order({ sort: "transferDate", dir: "desc" })).ids).toEqual([r1, r3, r2]);
    expect((await order({ sort: "total", dir: "asc" })).ids).toEqual([r3, r1, r2]);
    expect((await order({ sort: "total", dir: "desc" })).ids).toEqual([r2, r1, r3]);
    expect((await order({ sort: "state", dir: "asc" })).ids).toEqual([r3, r2, r1]);
    expect((await order({ sort: "state", dir: "desc" })).ids).toEqual([r1, r2, r3]);
    expect((await order({ sort: "id", dir: "asc" })).ids).toEqual([r1, r2, r3]);
    expect(await order({ sort: "file", dir: "backwards" })).toEqual({
      ids: [r3, r2, r1],
      sort: "id",
      dir: "desc",
    });
    // The API's cursor keeps the newest first.
    const byCursor = await listPayoutRuns(t.ctx, { actor: finance, cursor: { limit: 2 } });
    expect(byCursor.rows.map((r) => r.id)).toEqual([r3, r2]);
  });
});
