import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  balanceLots,
  bankAccounts,
  identityChecks,
  ledgerAccounts,
  moneyAlerts,
  notifications,
  payouts,
  topUps,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { readZenginTransferFile } from "../../banking/zengin-file.ts";
import { isAppError } from "../../shared/errors.ts";
import { syncBalance } from "../jobs/balance-sync.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { getBalance } from "../ledger/get-balance.ts";
import { approvePayout } from "../payouts/approve-payout.ts";
import { discardPayoutRun } from "../payouts/discard-payout-run.ts";
import { receiveAtmCode } from "../payouts/dispatch-payout.ts";
import { payoutRunFile } from "../payouts/download-payout-run-file.ts";
import { markPayoutRunSent } from "../payouts/pay-out-to-bank.ts";
import { preparePayoutRun } from "../payouts/prepare-payout-run.ts";
import { recordBankReturn } from "../payouts/record-bank-return.ts";
import { rejectPayout } from "../payouts/reject-payout.ts";
import { checkPayout, requestPayout } from "../payouts/request-payout.ts";
import { expireSandboxAtmCode, redeemSandboxAtmCode } from "../payouts/sandbox-atm.ts";
import { syncBankReturns } from "../payouts/sync-bank-returns.ts";
import { linkWallet } from "../payouts/wallet-link.ts";
import { withdrawPayout } from "../payouts/withdraw-payout.ts";
import { cancelTopUp } from "../top-ups/cancel-top-up.ts";
import { receiveVoucherWebhook } from "../top-ups/receive-voucher-webhook.ts";
import {
  paySandboxVoucher,
  SANDBOX_VOUCHER_SIGNATURE_HEADER,
  signSandboxVoucherEvent,
} from "../top-ups/sandbox-vouchers.ts";
import { checkVoucherTopUp, startVoucherTopUp } from "../top-ups/start-voucher-top-up.ts";
import { syncTopUps } from "../top-ups/sync-top-ups.ts";
import { getBalanceSummary } from "./balance-summary.ts";
import { grantFreePoints } from "./free-points.ts";
import { creditProceeds } from "./proceeds.ts";
import { listTransferHistory } from "./transfer-history.ts";
import { checkTransferPoints, transferToPoints } from "./transfer-points.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(ENGINES)("balance on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(() => t.close());

  async function member(o: { address?: boolean; bank?: boolean; holder?: string } = {}) {
    const m = await makeMember(t.ctx);
    if (o.address !== false) {
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
    }
    if (o.bank) {
      await t.ctx.db.insert(bankAccounts).values({
        userId: m.id,
        bankCode: "0001",
        bankName: "みずほ銀行",
        branchCode: "001",
        branchName: "東京営業部",
        accountType: "1",
        accountNumber: "1234567",
        holderName: o.holder ?? "ヤマダ　タロウ",
      });
    }
    return m;
  }

  /** Gives a member proceeds as a sale would (a lot with the 180-day clock). */
  async function giveProceeds(userId: number, amount: number) {
    await creditProceeds(t.ctx, {
      idempotencyKey: `test-sale:${userId}:${Math.random()}`,
      kind: "sale_proceeds",
      refs: {},
      userId,
      amount,
      lines: [
        { account: platformAccount("revenue"), amount: -amount },
        { account: memberAccount(userId, "proceeds"), amount },
      ],
    });
  }

  async function expectLotsMatchBalances() {
    const rows = (await t.ctx.db.execute(sql`
      select a.user_id, a.kind, a.balance, coalesce((select sum(remaining) from balance_lots l where l.user_id = a.user_id and l.kind = a.kind), 0)::bigint as lots
      from ledger_accounts a where a.kind in ('proceeds', 'free_points') and a.user_id is not null`)) as unknown;
    const list = Array.isArray(rows) ? rows : (rows as { rows: Record<string, unknown>[] }).rows;
    for (const r of list as Record<string, unknown>[])
      expect(Number(r.lots), `lots of ${r.user_id} ${r.kind}`).toBe(Number(r.balance));
  }

  const event = (voucherId: string, n: number) =>
    JSON.stringify({
      id: `evt${n}${voucherId.slice(-8)}`.padEnd(25, "0").slice(0, 25),
      type: "payment.captured",
      data: { id: voucherId },
    });
  const signed = (body: string) => ({
    [SANDBOX_VOUCHER_SIGNATURE_HEADER]: signSandboxVoucherEvent(t.ctx.secret, body),
  });

  it("tops up ¥3,000 at FamilyMart: codes and a deadline 30 minutes before the provider's; one voucher at a time", async () => {
    const m = await member();
    const topUp = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "cvs",
      input: { store: "10002", amount: "3,000" },
    });
    expect(topUp).toMatchObject({ state: "PENDING", amount: 3000, store: "10002" });
    expect(topUp.voucher.paymentCode).toMatch(/^\d+$/);
    expect(topUp.providerDeadline!.getTime() - topUp.deadline!.getTime()).toBeGreaterThanOrEqual(
      30 * 60 * 1000,
    );
    const second = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "payeasy",
      input: { amount: 1000 },
    }).catch((e) => e);
    expect(isAppError(second) && second.code).toBe("CONFLICT");
    for (const amount of ["0", "1000000", "abc"]) {
      const bad = await startVoucherTopUp(t.ctx, {
        userId: m.id,
        method: "cvs",
        input: { store: "10002", amount },
      }).catch((e) => e);
      expect(isAppError(bad) && bad.code).toBe("VALIDATION");
    }
  });

  it("applies one provider event delivered 10 times, shuffled, once; a bad signature is refused with no effect", async () => {
    const m = await member();
    const topUp = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "payeasy",
      input: { amount: "5000" },
    });
    await paySandboxVoucher(t.ctx, topUp.providerPaymentId!);
    const forged = event(topUp.providerPaymentId!, 0);
    const refused = await receiveVoucherWebhook(t.ctx, {
      provider: t.ctx.vouchers.name,
      headers: { [SANDBOX_VOUCHER_SIGNATURE_HEADER]: "0".repeat(64) },
      body: forged,
    }).catch((e) => e);
    expect(isAppError(refused) && refused.status).toBe(401);
    expect((await getBalance(t.ctx, { userId: m.id })).points).toBe(0);
    const bodies = [event(topUp.providerPaymentId!, 1), event(topUp.providerPaymentId!, 2)];
    const deliveries = Array.from({ length: 10 }, (_, i) => bodies[i % 2]!).sort(() => Math.random() - 0.5);
    // Each event is applied once; every repeat of it is a replay, refused and changing nothing.
    const answers = await Promise.allSettled(
      deliveries.map((body) =>
        receiveVoucherWebhook(t.ctx, { provider: t.ctx.vouchers.name, headers: signed(body), body }),
      ),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(2);
    for (const a of answers)
      if (a.status === "rejected") expect(isAppError(a.reason) && a.reason.status).toBe(401);
    expect((await getBalance(t.ctx, { userId: m.id })).points).toBe(5000);
    const [row] = await t.ctx.db.select().from(topUps).where(eq(topUps.id, topUp.id));
    expect(row!.state).toBe("PAID");
    await expectLedgerInvariants(t.ctx.db);
  });

  it("credits a payment that arrives after our deadline, and alerts finance", async () => {
    const m = await member();
    const topUp = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "cvs",
      input: { store: "10001", amount: "2000" },
    });
    t.clock.set(new Date(topUp.deadline!.getTime() + 60_000));
    await syncTopUps(t.ctx);
    expect((await t.ctx.db.select().from(topUps).where(eq(topUps.id, topUp.id)))[0]!.state).toBe("EXPIRED");
    await paySandboxVoucher(t.ctx, topUp.providerPaymentId!);
    const body = event(topUp.providerPaymentId!, 3);
    await receiveVoucherWebhook(t.ctx, { provider: t.ctx.vouchers.name, headers: signed(body), body });
    expect((await getBalance(t.ctx, { userId: m.id })).points).toBe(2000);
    const alerts = await t.ctx.db.select().from(moneyAlerts).where(eq(moneyAlerts.userId, m.id));
    expect(alerts.map((a) => a.kind)).toEqual(["late_top_up"]);
  });

  it("lets exactly floor(B / (a + fee)) of 50 concurrent withdrawals through; the balance never goes below 0", async () => {
    const m = await member({ bank: true });
    await giveProceeds(m.id, 10_000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        requestPayout(t.ctx, { userId: m.id, method: "bank", input: { amount: 1000 }, requestKey: `k${i}` }),
      ),
    );
    const ok = attempts.filter((a) => a.status === "fulfilled").length;
    expect(ok).toBe(Math.floor(10_000 / (1000 + 250)));
    for (const a of attempts)
      if (a.status === "rejected") expect(isAppError(a.reason) && a.reason.code).toBe("CONFLICT");
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(10_000 - ok * 1250);
    await expectLedgerInvariants(t.ctx.db);
    await expectLotsMatchBalances();
  });

  it("answers a repeated confirm with the same payout, moving nothing twice", async () => {
    const m = await member({ bank: true });
    await giveProceeds(m.id, 5000);
    const first = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 1000 },
      requestKey: "same",
    });
    const again = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 1000 },
      requestKey: "same",
    });
    expect(again).toMatchObject({ repeated: true, payout: { id: first.payout.id } });
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(3750);
    const tooSmall = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 250 },
      requestKey: "x",
    }).catch((e) => e);
    expect(isAppError(tooSmall) && tooSmall.code).toBe("VALIDATION");
  });

  it("never pays out paid points: only proceeds can leave", async () => {
    const m = await member({ bank: true });
    await giveProceeds(m.id, 3000);
    await transferToPoints(t.ctx, { userId: m.id, input: { amount: 3000 }, requestKey: "p" });
    expect(await getBalance(t.ctx, { userId: m.id })).toMatchObject({ proceeds: 0, points: 3000 });
    const refused = await requestPayout(t.ctx, {
      userId: m.id,
      method: "kyash",
      input: { amount: 1000 },
      requestKey: "k",
    }).catch((e) => e);
    expect(isAppError(refused)).toBe(true);
    const bank = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 1000 },
      requestKey: "b",
    }).catch((e) => e);
    expect(isAppError(bank) && bank.code).toBe("CONFLICT");
    // No journal entry anywhere moves paid points into the payout accounts.
    const mixed = (await t.ctx.db.execute(sql`
      select e.id from journal_entries e
      where exists (select 1 from journal_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = e.id and a.kind in ('points', 'free_points'))
        and exists (select 1 from journal_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = e.id and a.kind in ('payouts_pending', 'payout_clearing'))`)) as unknown;
    expect(Array.isArray(mixed) ? mixed : (mixed as { rows: unknown[] }).rows).toEqual([]);
  });

  it("gives an unused ATM code's money back when it expires; a used one is paid once", async () => {
    const m = await member();
    await giveProceeds(m.id, 10_000);
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 3000 },
      requestKey: "atm1",
    });
    expect(payout).toMatchObject({ state: "ISSUED", fee: 300 });
    expect(payout.code).toMatch(/^\d{10}$/);
    const odd = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 1500 },
      requestKey: "atm2",
    }).catch((e) => e);
    expect(isAppError(odd) && odd.code).toBe("VALIDATION");
    t.clock.advance(25 * 60 * 60 * 1000);
    await syncBalance(t.ctx);
    const [after] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(after!.state).toBe("EXPIRED");
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(10_000);
    const used = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 2000 },
      requestKey: "atm3",
    });
    await redeemSandboxAtmCode(t.ctx, { code: used.payout.code!, confirmation: used.payout.confirmation! });
    await syncBalance(t.ctx);
    expect((await t.ctx.db.select().from(payouts).where(eq(payouts.id, used.payout.id)))[0]!.state).toBe(
      "PAID",
    );
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(10_000 - 2300);
    await expectLedgerInvariants(t.ctx.db);
    await expectLotsMatchBalances();
  });

  it("applies the ATM's notice at once: a code let run out returns the money, a used one is paid", async () => {
    const m = await member();
    await giveProceeds(m.id, 8000);
    const first = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 2000 },
      requestKey: "n1",
    });
    const numbers = { code: first.payout.code!, confirmation: first.payout.confirmation! };
    const wrong = await expireSandboxAtmCode(t.ctx, { ...numbers, confirmation: "00000" }).catch((e) => e);
    expect(isAppError(wrong) && wrong.code).toBe("VALIDATION");
    const expired = await expireSandboxAtmCode(t.ctx, numbers);
    expect(expired.status).toBe("expired");
    expect((await receiveAtmCode(t.ctx, expired))!.state).toBe("EXPIRED");
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(8000);
    // Neither taken nor expired again: the code is spent either way.
    const again = await redeemSandboxAtmCode(t.ctx, numbers).catch((e) => e);
    expect(isAppError(again) && again.code).toBe("CONFLICT");
    const second = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 3000 },
      requestKey: "n2",
    });
    const paid = await redeemSandboxAtmCode(t.ctx, {
      code: second.payout.code!,
      confirmation: second.payout.confirmation!,
    });
    expect((await receiveAtmCode(t.ctx, paid))!.state).toBe("PAID");
    expect(await receiveAtmCode(t.ctx, { ...paid, id: "atm_unknown" })).toBeNull();
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(8000 - 3300);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("runs bank payouts through a 全銀 file; a returned transfer gives the money back with the bank's reason", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const good = await member({ bank: true });
    const bad = await member({ bank: true });
    await t.ctx.db
      .update(bankAccounts)
      .set({ accountNumber: "1239999" })
      .where(eq(bankAccounts.userId, bad.id));
    await giveProceeds(good.id, 20_000);
    await giveProceeds(bad.id, 20_000);
    await requestPayout(t.ctx, {
      userId: good.id,
      method: "bank",
      input: { amount: 10_000 },
      requestKey: "r",
    });
    const returned = await requestPayout(t.ctx, {
      userId: bad.id,
      method: "bank",
      input: { amount: 5000 },
      requestKey: "r",
    });
    const run = await preparePayoutRun(t.ctx, finance);
    const { bytes } = await payoutRunFile(t.ctx, finance, { runId: run.id });
    const file = readZenginTransferFile(bytes);
    expect(file.transfers.map((x) => [x.holderKana, x.amount])).toEqual(
      expect.arrayContaining([["ﾔﾏﾀﾞ ﾀﾛｳ", 10_000]]),
    );
    await markPayoutRunSent(t.ctx, finance, { runId: run.id });
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await syncBankReturns(t.ctx)).toBe(1);
    const [p] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, returned.payout.id));
    expect(p).toMatchObject({ state: "FAILED", failureReason: "口座なし" });
    expect((await getBalance(t.ctx, { userId: bad.id })).proceeds).toBe(20_000);
    expect((await getBalance(t.ctx, { userId: good.id })).proceeds).toBe(20_000 - 10_250);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("needs two different finance operators for a payout above the threshold", async () => {
    const [a, b] = [await makeOperator(t.ctx, ["finance"]), await makeOperator(t.ctx, ["finance"])];
    const m = await member({ bank: true });
    await giveProceeds(m.id, 600_000);
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 500_000 },
      requestKey: "big",
    });
    expect(payout.state).toBe("AWAITING_APPROVAL");
    expect((await approvePayout(t.ctx, a, { payoutId: payout.id })).state).toBe("AWAITING_APPROVAL");
    const twice = await approvePayout(t.ctx, a, { payoutId: payout.id }).catch((e) => e);
    expect(isAppError(twice) && twice.code).toBe("CONFLICT");
    expect((await approvePayout(t.ctx, b, { payoutId: payout.id })).state).toBe("READY");
    // A member may still withdraw a large payout while finance has not released it.
    const { payout: second } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 50_000 },
      requestKey: "small",
    });
    await giveProceeds(m.id, 400_000);
    const { payout: waiting } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 350_000 },
      requestKey: "big2",
    });
    await approvePayout(t.ctx, a, { payoutId: waiting.id });
    const before = (await getBalance(t.ctx, { userId: m.id })).proceeds;
    expect((await withdrawPayout(t.ctx, { userId: m.id, payoutId: waiting.id })).state).toBe("CANCELED");
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(before + 350_250);
    const late = await approvePayout(t.ctx, b, { payoutId: waiting.id }).catch((e) => e);
    expect(isAppError(late) && late.code).toBe("CONFLICT");
    expect(second.state).toBe("READY");
    await expectLedgerInvariants(t.ctx.db);
    await expectLotsMatchBalances();
  });

  it("walks the 180-day clock: reminders at 30, 7 and 1 days, a pause while the office reviews, then an automatic payout", async () => {
    const m = await member({ bank: true });
    await giveProceeds(m.id, 8000);
    const [lot] = await t.ctx.db.select().from(balanceLots).where(eq(balanceLots.userId, m.id));
    const reminders = async () =>
      (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, m.id)))
        .filter((n) => n.payload.event === "deadline_reminder")
        .map((n) => n.payload.days);
    t.clock.set(new Date(lot!.deadlineAt.getTime() - 29 * DAY));
    await syncBalance(t.ctx);
    await syncBalance(t.ctx);
    expect(await reminders()).toEqual([30]);
    // The office reviews the member's identity for 10 days: the clock stops.
    const [check] = await t.ctx.db
      .insert(identityChecks)
      .values({
        userId: m.id,
        provider: "polarify",
        method: "ekyc",
        status: "review",
        providerReference: `r${m.id}`,
        expiresAt: new Date(t.clock.now().getTime() + 30 * DAY),
      })
      .returning();
    await syncBalance(t.ctx);
    t.clock.advance(10 * DAY);
    await t.ctx.db.update(identityChecks).set({ status: "verified" }).where(eq(identityChecks.id, check!.id));
    await syncBalance(t.ctx);
    const [moved] = await t.ctx.db.select().from(balanceLots).where(eq(balanceLots.id, lot!.id));
    expect(moved!.deadlineAt.getTime() - lot!.deadlineAt.getTime()).toBe(10 * DAY);
    t.clock.set(new Date(moved!.deadlineAt.getTime() - 6 * DAY));
    await syncBalance(t.ctx);
    t.clock.set(new Date(moved!.deadlineAt.getTime() - 12 * 60 * 60 * 1000));
    await syncBalance(t.ctx);
    expect(await reminders()).toEqual([30, 7, 1]);
    // The bank account was just replaced: the automatic payout waits out the 24-hour hold too.
    t.clock.set(new Date(moved!.deadlineAt.getTime() + 60_000));
    const heldUntil = new Date(t.clock.now().getTime() + 12 * 60 * 60 * 1000);
    await t.ctx.db.update(bankAccounts).set({ heldUntil }).where(eq(bankAccounts.userId, m.id));
    await syncBalance(t.ctx);
    expect(await t.ctx.db.select().from(payouts).where(eq(payouts.userId, m.id))).toEqual([]);
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(8000);
    t.clock.set(new Date(heldUntil.getTime() + 60_000));
    await syncBalance(t.ctx);
    const [auto] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, m.id));
    expect(auto).toMatchObject({
      automatic: true,
      method: "bank",
      amount: 8000 - 250,
      fee: 250,
      state: "READY",
    });
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(0);
    await expectLedgerInvariants(t.ctx.db);
    await expectLotsMatchBalances();
  });

  it("cancels a waiting voucher so another can be made, and an unused ATM code or a bank payout not yet in a run", async () => {
    const m = await member({ bank: true });
    expect(checkVoucherTopUp("cvs", { store: "10005", amount: "１，０００円" })).toEqual({
      store: "10005",
      amount: 1000,
    });
    const first = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "cvs",
      input: { store: "10005", amount: 1000 },
    });
    expect((await cancelTopUp(t.ctx, { userId: m.id, topUpId: first.id })).state).toBe("CANCELED");
    const second = await startVoucherTopUp(t.ctx, {
      userId: m.id,
      method: "cvs",
      input: { store: "10008", amount: 1000 },
    });
    expect(second.state).toBe("PENDING");
    const stranger = await member();
    const notYours = await cancelTopUp(t.ctx, { userId: stranger.id, topUpId: second.id }).catch((e) => e);
    expect(isAppError(notYours) && notYours.code).toBe("NOT_FOUND");
    await giveProceeds(m.id, 10_000);
    expect(checkPayout("seven", { amount: "2000" })).toEqual({ amount: 2000, fee: 300, total: 2300 });
    const atm = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 2000 },
      requestKey: "c1",
    });
    expect((await withdrawPayout(t.ctx, { userId: m.id, payoutId: atm.payout.id })).state).toBe("CANCELED");
    const bank = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 2000 },
      requestKey: "c2",
    });
    expect((await withdrawPayout(t.ctx, { userId: m.id, payoutId: bank.payout.id })).state).toBe("CANCELED");
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(10_000);
    await expectLotsMatchBalances();
  });

  it("sends proceeds to a linked Kyash account without a fee; a refused transfer comes back", async () => {
    const m = await member();
    const missing = await linkWallet(t.ctx, { userId: m.id, input: { accountId: "1234567890120000" } }).catch(
      (e) => e,
    );
    expect(isAppError(missing) && missing.fields.accountId).toBeTruthy();
    await linkWallet(t.ctx, { userId: m.id, input: { accountId: "1234567890121234" } });
    await giveProceeds(m.id, 5000);
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "kyash",
      input: { amount: 5000 },
      requestKey: "w1",
    });
    expect(payout).toMatchObject({ fee: 0, amount: 5000 });
    t.clock.advance(2 * 60_000);
    await syncBalance(t.ctx);
    expect((await t.ctx.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]!.state).toBe("PAID");
    await linkWallet(t.ctx, { userId: m.id, input: { accountId: "1234567890128888" } });
    await giveProceeds(m.id, 3000);
    // Another account replacing the linked one waits 24 hours, and the member is told by mail.
    const held = await failure(
      requestPayout(t.ctx, { userId: m.id, method: "kyash", input: { amount: 3000 }, requestKey: "w2-held" }),
    );
    expect(held.code).toBe("CONFLICT");
    expect((await t.smtp.lastTo(m.email)).subject).toBe("【Tsugu】売上金の受取先が変更されました");
    t.clock.advance(24 * 60 * 60_000);
    const refused = await requestPayout(t.ctx, {
      userId: m.id,
      method: "kyash",
      input: { amount: 3000 },
      requestKey: "w2",
    });
    t.clock.advance(2 * 60_000);
    await syncBalance(t.ctx);
    expect((await t.ctx.db.select().from(payouts).where(eq(payouts.id, refused.payout.id)))[0]!.state).toBe(
      "FAILED",
    );
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(3000);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("lets finance reject a large payout, discard a prepared run and record a returned transfer by hand", async () => {
    const [a, b] = [await makeOperator(t.ctx, ["finance"]), await makeOperator(t.ctx, ["finance"])];
    const m = await member({ bank: true });
    await giveProceeds(m.id, 700_000);
    const big = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 400_000 },
      requestKey: "f1",
    });
    expect(
      (await rejectPayout(t.ctx, a, { payoutId: big.payout.id, reason: "名義の確認が取れない" })).state,
    ).toBe("REJECTED");
    const small = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 10_000 },
      requestKey: "f2",
    });
    const run = await preparePayoutRun(t.ctx, a);
    await discardPayoutRun(t.ctx, b, { runId: run.id });
    const late = await markPayoutRunSent(t.ctx, a, { runId: run.id }).catch((e) => e);
    expect(isAppError(late) && late.code).toBe("CONFLICT");
    const history = (await t.ctx.db.execute(
      sql`select action from state_history where machine = 'payout_run' and row_id = ${run.id} order by id`,
    )) as unknown;
    const actions = (Array.isArray(history) ? history : (history as { rows: { action: string }[] }).rows).map(
      (r: { action: string }) => r.action,
    );
    expect(actions).toEqual(["create", "discard"]);
    expect((await t.ctx.db.select().from(payouts).where(eq(payouts.id, small.payout.id)))[0]!.state).toBe(
      "READY",
    );
    const again = await preparePayoutRun(t.ctx, b);
    await markPayoutRunSent(t.ctx, b, { runId: again.id });
    const support = await makeOperator(t.ctx, ["support"]);
    const forbidden = await recordBankReturn(t.ctx, support, {
      payoutId: small.payout.id,
      reason: "x",
    }).catch((e) => e);
    expect(isAppError(forbidden) && forbidden.code).toBe("FORBIDDEN");
    const failed = await recordBankReturn(t.ctx, a, {
      payoutId: small.payout.id,
      reason: "組戻し（名義相違）",
    });
    expect(failed).toMatchObject({ state: "FAILED", failureReason: "組戻し（名義相違）" });
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(700_000);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("spends nothing it should not: free points are granted with an expiry and expire on time; the summary and history say so", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const m = await member();
    await grantFreePoints(t.ctx, finance, {
      userId: m.id,
      input: { amount: "500", expiresInDays: "30", reason: "お詫び" },
      requestKey: "g",
    });
    await giveProceeds(m.id, 4000);
    expect(checkTransferPoints({ amount: "1000" })).toEqual({ amount: 1000 });
    await transferToPoints(t.ctx, { userId: m.id, input: { amount: 1000 }, requestKey: "tp" });
    const summary = await getBalanceSummary(t.ctx, { userId: m.id });
    expect(summary).toMatchObject({ proceeds: 3000, points: 1000, freePoints: 500 });
    expect(summary.nextFreePointsExpiry?.amount).toBe(500);
    expect(summary.nextProceedsDeadline?.amount).toBe(3000);
    t.clock.advance(31 * DAY);
    await syncBalance(t.ctx);
    expect((await getBalance(t.ctx, { userId: m.id })).free_points).toBe(0);
    const history = await listTransferHistory(t.ctx, { userId: m.id, limit: 2 });
    expect(history.items.map((h) => h.kind)).toEqual(["free_points_expired", "points_purchase"]);
    expect(history.items[1]).toMatchObject({ proceeds: -1000, points: 1000 });
    const rest = await listTransferHistory(t.ctx, { userId: m.id, before: Number(history.nextCursor) });
    expect(rest.items.map((h) => h.kind)).toEqual(["sale_proceeds", "free_points_granted"]);
    await expectLedgerInvariants(t.ctx.db);
    await expectLotsMatchBalances();
  });

  it("keeps every member account at or above zero", async () => {
    const negative = await t.ctx.db
      .select()
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} is not null and ${ledgerAccounts.balance} < 0`);
    expect(negative).toEqual([]);
  });
});
