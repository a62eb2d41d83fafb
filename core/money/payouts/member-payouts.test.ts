import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seller as makeSeller, SELLER_ACCOUNT_NUMBER } from "#tests/helpers/balance.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { getMemberPayout } from "./get-member-payout.ts";
import { payoutOptions } from "./get-payout-options.ts";
import { markPayoutRunSent } from "./pay-out-to-bank.ts";
import { preparePayoutRun } from "./prepare-payout-run.ts";
import { quotePayout } from "./quote-payout.ts";
import { requestPayout } from "./request-payout.ts";
import { SANDBOX_KYASH_ACCOUNTS } from "./sandbox-wallet.ts";
import { linkWallet } from "./wallet-link.ts";

describe.each(ENGINES)("a member's payouts on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // Sunday 22 November 2026, noon in Tokyo; Monday the 23rd is a national holiday.
    t = await createTestCore(engine, "2026-11-22T03:00:00Z");
  });
  afterAll(() => t.close());

  const seller = (proceeds: number, o: { bank?: boolean } = {}) => makeSeller(t.ctx, proceeds, o);

  it("offers at most what the proceeds cover after the fee, in whole thousands at the ATM", async () => {
    const m = await seller(10_250, { bank: true });
    expect(await payoutOptions(t.ctx, { userId: m.id, method: "bank" })).toMatchObject({
      proceeds: 10_250,
      fee: 250,
      largest: 10_000,
      destination: { kind: "bank", accountNumberMasked: "****567", holderName: "ヤマダ　タロウ" },
    });
    expect(await payoutOptions(t.ctx, { userId: m.id, method: "seven" })).toMatchObject({
      fee: 300,
      step: 1000,
      largest: 9000,
      destination: null,
    });
    const poor = await seller(250);
    expect((await payoutOptions(t.ctx, { userId: poor.id, method: "bank" })).largest).toBe(0);
  });

  it("quotes the confirm step: sums, the usual banking day, and refusals that move nothing", async () => {
    const m = await seller(10_000, { bank: true });
    expect(
      await quotePayout(t.ctx, { userId: m.id, method: "bank", input: { amount: "3,000" } }),
    ).toMatchObject({
      amount: 3000,
      fee: 250,
      total: 3250,
      proceeds: 10_000,
      needsApproval: false,
      // Sunday, then Monday's holiday: Tuesday is the first banking day, and the run is for the next.
      usualTransferDate: "2026-11-25",
    });
    const short = await failure(
      quotePayout(t.ctx, { userId: m.id, method: "bank", input: { amount: 9800 } }),
    );
    expect(said(short).fields.amount?.ja).toBe(
      "売上金が足りません。手数料250円を含めて10,050円が必要です（出金できる売上金：10,000円）",
    );
    const noWallet = await failure(
      quotePayout(t.ctx, { userId: m.id, method: "kyash", input: { amount: 1000 } }),
    );
    expect(said(noWallet).message.ja).toContain("Kyashアカウントが登録されていません");
    const noBank = await seller(10_000);
    const refused = await failure(
      quotePayout(t.ctx, { userId: noBank.id, method: "bank", input: { amount: 1000 } }),
    );
    expect(refused.code).toBe("CONFLICT");
  });

  it("shows a payout only to its owner, with the run's banking day once it is in one", async () => {
    const m = await seller(10_000, { bank: true });
    const other = await makeMember(t.ctx);
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 2000 },
      requestKey: "member-view-1",
    });
    const view = await getMemberPayout(t.ctx, { userId: m.id, payoutId: payout.id });
    expect(view).toMatchObject({
      method: "bank",
      amount: 2000,
      fee: 250,
      state: "READY",
      total: 2250,
      automatic: false,
      failureReason: null,
      atm: null,
      cancellable: true,
      transferDate: { date: "2026-11-25", exact: false },
      destination: { kind: "bank", bankCode: "0001", bankName: "みずほ銀行", accountNumberMasked: "****567" },
    });
    expect(JSON.stringify(view)).not.toContain(SELLER_ACCOUNT_NUMBER);
    expect((await failure(getMemberPayout(t.ctx, { userId: other.id, payoutId: payout.id }))).code).toBe(
      "NOT_FOUND",
    );
    const finance = await makeOperator(t.ctx, ["finance"]);
    const run = await preparePayoutRun(t.ctx, finance);
    await markPayoutRunSent(t.ctx, finance, { runId: run.id });
    expect(await getMemberPayout(t.ctx, { userId: m.id, payoutId: payout.id })).toMatchObject({
      state: "SENT",
      cancellable: false,
      transferDate: { date: run.transferDate, exact: true },
    });
  });

  it("brings ATM codes and wallet transfers up to date when their receipt is read", async () => {
    const m = await seller(20_000);
    const seven = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 5000 },
      requestKey: "member-view-2",
    });
    const issued = await getMemberPayout(t.ctx, { userId: m.id, payoutId: seven.payout.id });
    expect(issued).toMatchObject({ state: "ISSUED", cancellable: true, sandboxAtm: true });
    expect(issued.atm?.code).toMatch(/^\d{10}$/);
    expect(issued.atm?.confirmation).toMatch(/^\d{4}$/);
    expect(issued.atm?.expiresAt).toBeInstanceOf(Date);
    await linkWallet(t.ctx, { userId: m.id, input: { accountId: SANDBOX_KYASH_ACCOUNTS.ok } });
    const kyash = await requestPayout(t.ctx, {
      userId: m.id,
      method: "kyash",
      input: { amount: 1000 },
      requestKey: "member-view-3",
    });
    expect(await getMemberPayout(t.ctx, { userId: m.id, payoutId: kyash.payout.id })).toMatchObject({
      state: "READY",
      cancellable: false,
      destination: { kind: "kyash", accountIdMasked: "**** **** **** 1234" },
    });
    // A day on: the code expired (its money is back), the transfer arrived.
    t.clock.advance(25 * 60 * 60 * 1000);
    // The code is shown only while it can be used.
    expect(await getMemberPayout(t.ctx, { userId: m.id, payoutId: seven.payout.id })).toMatchObject({
      state: "EXPIRED",
      atm: null,
    });
    expect((await getMemberPayout(t.ctx, { userId: m.id, payoutId: kyash.payout.id })).state).toBe("PAID");
  });
});
