import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, bankAccounts } from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { creditProceeds } from "../balance/proceeds.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { startVoucherTopUp } from "../topups/start-voucher-top-up.ts";
import { getMemberTopUp } from "../topups/top-up-queries.ts";
import { preparePayoutRun } from "./office-payouts.ts";
import {
  getMemberPayout,
  getOfficePayout,
  listOfficePayouts,
  listPayoutRuns,
  requirePayout,
} from "./payout-queries.ts";
import { requestPayout } from "./request-payout.ts";

describe.each(ENGINES)("payout and top-up queries on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(() => t.close());

  async function memberWithProceeds(amount: number) {
    const m = await makeMember(t.ctx);
    await t.ctx.db.insert(addresses).values({
      userId: m.id,
      familyName: "山田",
      givenName: "太郎",
      familyNameKana: "ヤマダ",
      givenNameKana: "タロウ",
      postalCode: "1010041",
      prefectureCode: "13",
      city: "千代田区",
      street: "神田須田町1-1",
      phone: "09012345678",
    });
    await t.ctx.db.insert(bankAccounts).values({
      userId: m.id,
      bankCode: "0001",
      bankName: "みずほ銀行",
      branchCode: "001",
      branchName: "東京営業部",
      accountType: "1",
      accountNumber: "1234567",
      holderName: "ヤマダ　タロウ",
    });
    await creditProceeds(t.ctx, {
      idempotencyKey: `test-sale:${m.id}:${Math.random()}`,
      kind: "sale_proceeds",
      refs: {},
      userId: m.id,
      amount,
      lines: [
        { account: platformAccount("revenue"), amount: -amount },
        { account: memberAccount(m.id, "proceeds"), amount },
      ],
    });
    return m;
  }

  it("shows a member their own payouts only: the bank account masked, an ATM code while it can be used", async () => {
    const m = await memberWithProceeds(20_000);
    const other = await makeMember(t.ctx);
    const bank = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 5000 },
      requestKey: "q-bank-1",
    });
    const seven = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 3000 },
      requestKey: "q-seven-1",
    });
    const bankView = await getMemberPayout(t.ctx, { userId: m.id, payoutId: bank.payout.id });
    expect(bankView).toMatchObject({ method: "bank", amount: 5000, fee: 250, total: 5250, state: "READY" });
    expect(bankView.destination).toMatchObject({ bankName: "みずほ銀行", accountNumberMasked: "••••567" });
    expect(JSON.stringify(bankView)).not.toContain("1234567");
    expect(bankView.atm).toBeNull();
    const sevenView = await getMemberPayout(t.ctx, { userId: m.id, payoutId: seven.payout.id });
    expect(sevenView.state).toBe("ISSUED");
    expect(sevenView.atm?.code).toMatch(/^\d{10}$/);
    expect(sevenView.atm?.confirmation).toMatch(/^\d{4}$/);
    expect(sevenView.atm?.expiresAt).toBeInstanceOf(Date);
    const refused = await failure(getMemberPayout(t.ctx, { userId: other.id, payoutId: bank.payout.id }));
    expect(refused.code).toBe("NOT_FOUND");
    expect((await failure(requirePayout(t.ctx, 9_999_999))).code).toBe("NOT_FOUND");
    await requirePayout(t.ctx, bank.payout.id);
  });

  it("lists payouts for finance by state and method, page by page, with history; others are refused", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const editor = await makeOperator(t.ctx, ["editor"]);
    const member = await makeMember(t.ctx);
    const m = await memberWithProceeds(50_000);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { payout } = await requestPayout(t.ctx, {
        userId: m.id,
        method: "bank",
        input: { amount: 1000 + i },
        requestKey: `q-list-${i}`,
      });
      made.push(payout.id);
    }
    const first = await listOfficePayouts(t.ctx, finance, { method: "bank", state: "READY", limit: 2 });
    expect(first.items.map((p) => p.id)).toEqual([made[2], made[1]]);
    expect(first.items[0]!.member).toEqual({ id: m.id, nickname: m.nickname });
    expect(first.nextCursor).toBe(String(made[1]));
    const second = await listOfficePayouts(t.ctx, finance, {
      method: "bank",
      state: "READY",
      limit: 2,
      before: Number(first.nextCursor),
    });
    expect(second.items.map((p) => p.id)).toContain(made[0]);
    const seven = await listOfficePayouts(t.ctx, finance, { method: "seven" });
    expect(seven.items.every((p) => p.method === "seven")).toBe(true);
    const detail = await getOfficePayout(t.ctx, finance, { payoutId: made[0]! });
    expect(detail.history).toEqual([
      expect.objectContaining({ from: null, to: "READY", actorRole: "member", actorId: m.id }),
    ]);
    expect((await failure(getOfficePayout(t.ctx, finance, { payoutId: 9_999_999 }))).code).toBe("NOT_FOUND");
    expect((await failure(listOfficePayouts(t.ctx, editor))).code).toBe("FORBIDDEN");
    expect((await failure(listOfficePayouts(t.ctx, member))).code).toBe("FORBIDDEN");
    expect((await failure(getOfficePayout(t.ctx, editor, { payoutId: made[0]! }))).code).toBe("FORBIDDEN");

    const run = await preparePayoutRun(t.ctx, finance);
    const runs = await listPayoutRuns(t.ctx, finance);
    expect(runs.items[0]).toMatchObject({
      id: run.id,
      state: "PREPARED",
      count: run.count,
      total: run.total,
    });
    expect(runs.items[0]).not.toHaveProperty("file");
    expect((await failure(listPayoutRuns(t.ctx, editor))).code).toBe("FORBIDDEN");
    const batched = await getOfficePayout(t.ctx, finance, { payoutId: made[0]! });
    expect(batched).toMatchObject({ state: "BATCHED", runId: run.id });
  });

  it("shows a member their own top-up with its codes; another member's is not found", async () => {
    const m = await memberWithProceeds(1);
    const other = await makeMember(t.ctx);
    const topUp = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "cvs",
      input: { store: "10001", amount: 3000 },
    });
    const view = await getMemberTopUp(t.ctx, { userId: m.id, topUpId: topUp.id });
    expect(view).toMatchObject({
      id: topUp.id,
      method: "cvs",
      store: "10001",
      amount: 3000,
      state: "PENDING",
    });
    expect(Object.keys(view.voucher).length).toBeGreaterThan(0);
    expect(view).not.toHaveProperty("providerPaymentId");
    expect((await failure(getMemberTopUp(t.ctx, { userId: other.id, topUpId: topUp.id }))).code).toBe(
      "NOT_FOUND",
    );
  });
});
