import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuybackAddress,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackItems,
  deviceModels,
} from "#db/schema/index.ts";
import { seller as makeSeller } from "#tests/helpers/balance.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { saveBankAccount } from "../account/save-bank-account.ts";
import { declineOffer } from "../buyback/decline-buyback-offer.ts";
import { makeOffer } from "../buyback/make-offer.ts";
import { transferToPoints } from "../money/balance/transfer-points.ts";
import { getMemberPayout } from "../money/payouts/get-member-payout.ts";
import { markPayoutRunSent } from "../money/payouts/pay-out-to-bank.ts";
import { preparePayoutRun } from "../money/payouts/prepare-payout-run.ts";
import { recordBankReturn } from "../money/payouts/record-bank-return.ts";
import { requestPayout } from "../money/payouts/request-payout.ts";
import { withdrawPayout } from "../money/payouts/withdraw-payout.ts";
import { answerOffer } from "../offers/answer-offer.ts";
import { makeOffer as offerPrice } from "../offers/make-offer.ts";
import { purchaseItem } from "../trading/purchase-item.ts";
import { shipItem } from "../trading/ship-item.ts";
import { toDoList } from "./to-do.ts";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const ADDRESS: BuybackAddress = {
  familyName: "佐藤",
  givenName: "花子",
  familyNameKana: "サトウ",
  givenNameKana: "ハナコ",
  postalCode: "1500001",
  prefectureCode: "13",
  city: "渋谷区",
  street: "神宮前1-2-3",
  building: "",
  phone: "09011112222",
};

describe.each(ENGINES)("the member's to-do list on %s", (engine) => {
  let t: TestCore;
  let phone: number;
  let graderId: number;

  beforeAll(async () => {
    // A Sunday afternoon in Tokyo, away from the courier's maintenance window.
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
    const [model] = await t.ctx.db
      .insert(deviceModels)
      .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128] })
      .returning({ id: deviceModels.id });
    phone = model!.id;
    const [company] = await t.ctx.db
      .insert(buybackCompanies)
      .values({ name: "買取A株式会社" })
      .returning({ id: buybackCompanies.id });
    await t.ctx.db.insert(buybackBids).values({
      companyId: company!.id,
      modelId: phone,
      grade: "B",
      ngCondition: "none",
      price: 30_000,
      enabled: true,
    });
    graderId = (await makeOperator(t.ctx, ["grader"])).id;
  });
  afterAll(() => t.close());

  /** A device of the member's, received and graded, then offered as a grader would. */
  async function offered(userId: number): Promise<number> {
    const [app] = await t.ctx.db
      .insert(buybackApplications)
      .values({ userId, shippingMethod: "kit", address: ADDRESS, requestKey: randomUUID() })
      .returning();
    const [item] = await t.ctx.db
      .insert(buybackItems)
      .values({
        applicationId: app!.id,
        userId,
        modelId: phone,
        state: "30",
        grade: "B",
        ngConditions: [],
        diagnostics: {
          imei: { value: "356938035643809" },
          serialNumber: { value: "F2LXK0AAAAAA" },
          color: { value: "ミッドナイト" },
          memory: { value: "128GB" },
          networkRestriction: { value: "○" },
          nonGenuineParts: { value: "none" },
        },
      })
      .returning();
    await makeOffer(t.ctx, { itemId: item!.id, action: "offer", graderId });
    return item!.id;
  }

  it("merges a sale to ship, a buyback offer and cash at the ATM, oldest first; each leaves once done", async () => {
    const m = await makeSeller(t.ctx, 20_000);
    const buyer = await makeBuyer(t.ctx);
    expect(await toDoList(t.ctx, { userId: m.id })).toEqual({ items: [], total: 0 });

    // An hour apart: a sale, then the buyback offer, then cash at the ATM.
    const itemId = await listItem(t.ctx, m, { price: "3000", shippingMethod: "10", title: "売れたiPhone" });
    const sale = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx, "success") },
      returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
    });
    t.clock.advance(HOUR);
    const buybackItemId = await offered(m.id);
    t.clock.advance(HOUR);
    const seven = await requestPayout(t.ctx, {
      userId: m.id,
      method: "seven",
      input: { amount: 5000 },
      requestKey: "to-do-seven",
    });
    await getMemberPayout(t.ctx, { userId: m.id, payoutId: seven.payout.id });

    const list = await toDoList(t.ctx, { userId: m.id });
    expect(list.total).toBe(3);
    expect(list.items.map((i) => i.kind)).toEqual(["trade", "buybackOffer", "atmCode"]);
    expect(list.items[0]).toMatchObject({
      kind: "trade",
      step: "ship",
      side: "seller",
      title: "売れたiPhone",
      transactionId: sale.transactionId,
      path: `/items/${itemId}/transactions/seller/`,
      due: null,
    });
    expect(list.items[1]).toMatchObject({
      kind: "buybackOffer",
      buybackItemId,
      modelName: "iPhone 13",
      amount: 30_000,
      path: `/buyback/transactions/${buybackItemId}/`,
    });
    expect(list.items[1]!.due!.getTime()).toBe(t.clock.now().getTime() - HOUR + 7 * DAY);
    expect(list.items[2]).toMatchObject({
      kind: "atmCode",
      payoutId: seven.payout.id,
      amount: 5000,
      path: `/balance/transfer-seven/finish/?id=${seven.payout.id}`,
    });
    expect(list.items[2]!.due).toBeInstanceOf(Date);
    // The home page asks for its first few.
    expect(await toDoList(t.ctx, { userId: m.id, limit: 2 })).toMatchObject({ total: 3 });
    expect((await toDoList(t.ctx, { userId: m.id, limit: 2 })).items).toHaveLength(2);
    // Nothing of hers is on the buyer's list: it is the seller's turn.
    expect((await toDoList(t.ctx, { userId: buyer.id })).items).toEqual([]);

    // Shipped: now the buyer has something to do (rate), and the seller no longer has.
    await shipItem(t.ctx, {
      actor: m,
      transactionId: sale.transactionId,
      input: {
        invoiceKind: "01",
        parcelSize: "60",
        shippingType: "00",
        pickupDate: "2026-11-23",
        pickupSlot: "07",
        handlingNotes: ["01"],
      },
    });
    expect((await toDoList(t.ctx, { userId: buyer.id })).items).toEqual([
      expect.objectContaining({ kind: "trade", step: "rate", side: "buyer" }),
    ]);
    await declineOffer(t.ctx, { itemId: buybackItemId, userId: m.id });
    await withdrawPayout(t.ctx, { userId: m.id, payoutId: seven.payout.id });
    expect(await toDoList(t.ctx, { userId: m.id })).toEqual({ items: [], total: 0 });
  });

  it("names a payout the bank returned until another is asked for, and proceeds near their deadline", async () => {
    const m = await makeSeller(t.ctx, 30_000, { bank: true });
    const { payout } = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 5000 },
      requestKey: "to-do-bank-1",
    });
    const finance = await makeOperator(t.ctx, ["finance"]);
    const run = await preparePayoutRun(t.ctx, finance);
    await markPayoutRunSent(t.ctx, finance, { runId: run.id });
    t.clock.advance(DAY);
    await recordBankReturn(t.ctx, finance, { payoutId: payout.id, reason: "口座なし" });
    expect((await toDoList(t.ctx, { userId: m.id })).items).toEqual([
      expect.objectContaining({
        kind: "payoutReturned",
        payoutId: payout.id,
        state: "FAILED",
        amount: 5000,
        path: `/balance/transfer-bank/finish/?id=${payout.id}`,
      }),
    ]);
    // Asked for again: the returned one is dealt with.
    const again = await requestPayout(t.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 1000 },
      requestKey: "to-do-bank-2",
    });
    expect((await toDoList(t.ctx, { userId: m.id })).items).toEqual([]);
    await withdrawPayout(t.ctx, { userId: m.id, payoutId: again.payout.id });

    // 160 days on, the proceeds' deadline is 19 days away: the amount and the day are named.
    t.clock.advance(159 * DAY);
    const near = await toDoList(t.ctx, { userId: m.id });
    expect(near.items).toEqual([
      expect.objectContaining({ kind: "proceedsDeadline", amount: 30_000, path: "/balance/transfer-bank/" }),
    ]);
    const due = near.items[0]!.due!;
    expect(Math.round((due.getTime() - t.clock.now().getTime()) / DAY)).toBe(20);
    await transferToPoints(t.ctx, { userId: m.id, input: { amount: 30_000 }, requestKey: "to-do-points" });
    expect((await toDoList(t.ctx, { userId: m.id })).items).toEqual([]);
  });

  it("asks for a bank account when proceeds passed their deadline with none to pay them to", async () => {
    const m = await makeSeller(t.ctx, 8_000);
    t.clock.advance(181 * DAY);
    const list = await toDoList(t.ctx, { userId: m.id });
    expect(list.items).toEqual([
      expect.objectContaining({ kind: "bankAccountNeeded", amount: 8_000, path: "/settings/bank-account/" }),
    ]);
    await saveBankAccount(t.ctx, {
      userId: m.id,
      input: {
        bankCode: "0005",
        branchCode: "001",
        accountType: "1",
        accountNumber: "1234567",
        holderName: "ヤマダ　ハナコ",
      },
    });
    expect((await toDoList(t.ctx, { userId: m.id })).items).toEqual([]);
    // Someone else never sees it.
    expect((await toDoList(t.ctx, { userId: (await makeMember(t.ctx)).id })).items).toEqual([]);
  });

  it("asks the seller to answer a price offer, then the buyer to answer the counter and to buy at it", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "20000" });
    const offer = await offerPrice(t.ctx, { actor: buyer, itemId, input: { amount: 18_500 } });
    expect((await toDoList(t.ctx, { userId: seller.id })).items).toEqual([
      expect.objectContaining({
        kind: "offer",
        step: "answerOffer",
        amount: 18_500,
        path: "/mypage/offers/",
      }),
    ]);
    expect((await toDoList(t.ctx, { userId: buyer.id })).items).toEqual([]);

    await answerOffer(t.ctx, {
      actor: seller,
      offerId: offer.id,
      answer: "counter",
      input: { amount: 19_000 },
    });
    expect((await toDoList(t.ctx, { userId: seller.id })).items).toEqual([]);
    expect((await toDoList(t.ctx, { userId: buyer.id })).items).toEqual([
      expect.objectContaining({
        kind: "offer",
        step: "answerCounter",
        amount: 19_000,
        path: "/mypage/offers/?side=sent",
      }),
    ]);

    await answerOffer(t.ctx, { actor: buyer, offerId: offer.id, answer: "accept" });
    const [hold] = (await toDoList(t.ctx, { userId: buyer.id })).items;
    expect(hold).toMatchObject({ kind: "offer", step: "buy", amount: 19_000, path: `/items/${itemId}/buy/` });
    expect(Math.round((hold!.due!.getTime() - t.clock.now().getTime()) / HOUR)).toBe(24);
    // Once the hold has run out it is nothing the buyer can do, even before the job closes it.
    t.clock.advance(DAY + 1000);
    expect((await toDoList(t.ctx, { userId: buyer.id })).items).toEqual([]);
  });
});
