import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cancellationRequests,
  items,
  journalEntries,
  notifications,
  payments,
  purchaseAttempts,
  sandboxRecords,
  transactions,
} from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer, sandboxChargeEvent } from "#tests/helpers/trading.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { getBalance } from "../money/ledger/get-balance.ts";
import { receivePaymentWebhook } from "../money/payments/receive-webhook.ts";
import { decideSandboxChallenge, SANDBOX_SIGNATURE_HEADER } from "../money/payments/sandbox-gateway.ts";
import { listSavedCards } from "../money/payments/saved-cards.ts";
import { topUpPurpose } from "../money/top-ups/card-top-up.ts";
import { isAppError } from "../shared/errors.ts";
import { blockUser } from "../social/blocks.ts";
import { cancelTransaction } from "./cancel-transaction.ts";
import { finishSecurePurchase } from "./finish-secure-purchase.ts";
import { getItemTransaction, getTransaction } from "./get-transaction.ts";
import { holdTransaction } from "./hold-transaction.ts";
import { listReviews, reviewCounts } from "./list-reviews.ts";
import { purchaseItem } from "./purchase-item.ts";
import { purchasePurpose } from "./purchase-payment.ts";
import { rateTransaction } from "./rate-transaction.ts";
import { reconcilePurchases, STALE_ATTEMPT_MS } from "./reconcile-purchases.ts";
import { renewDropOffCode } from "./renew-drop-off-code.ts";
import { shipItem } from "./ship-item.ts";
import { sendTradeMailHandler } from "./trade-mails.ts";
import { TRADING_JOB_HANDLERS } from "./trading-jobs.ts";
import { postTransactionMessage } from "./transaction-messages.ts";
import { AUTO_COMPLETE_DAYS } from "./transaction-states.ts";

const RETURN = "http://tsugu.test/ja/items/1/secure/result/";
const purposes = { purchase: purchasePurpose, top_up: topUpPurpose };

describe.each(ENGINES)("buying on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // A Sunday afternoon in Tokyo (05:00Z = 14:00 JST), away from the courier's maintenance window.
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });
  const jobs = () => createJobRunner({ ctx: t.ctx, handlers: TRADING_JOB_HANDLERS });
  const buy = async (
    buyer: Awaited<ReturnType<typeof makeBuyer>>,
    itemId: number,
    kind: "success" | "declined" | "challenge" = "success",
  ) =>
    purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx, kind) },
      returnUrl: RETURN,
    });
  const itemState = async (id: number) =>
    (await t.ctx.db.select({ s: items.state }).from(items).where(eq(items.id, id)))[0]!.s;
  /** The provider, as a process that dies right after it held the card sees it: no answer comes back. */
  const dyingAfterHold = () => {
    const real = t.ctx.payments;
    return {
      ...real,
      authorize: async (o: Parameters<typeof real.authorize>[0]) => {
        await real.authorize(o);
        throw new Error("killed");
      },
    };
  };
  const attemptOf = async (itemId: number) =>
    (await t.ctx.db.select().from(purchaseAttempts).where(eq(purchaseAttempts.itemId, itemId)))[0]!;

  it("buys with a card, ships by courier pickup, both rate, and pays the seller price − 5% − the courier's fee", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "18001", shippingMethod: "10" });
    const bought = await buy(buyer, itemId);
    expect(bought).toMatchObject({ state: "START", redirectUrl: null });
    expect(await itemState(itemId)).toBe("SOLD");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ escrow: 18001, payment: 0 });
    const sellerNotes = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(sellerNotes.map((n) => n.kind)).toContain("purchase");
    // The seller must act, so the notice goes out by mail as well.
    await createJobRunner({ ctx: t.ctx, handlers: [sendTradeMailHandler] }).runDue();
    const mail = await t.smtp.lastTo(seller.email);
    expect(mail.subject).toBe("【Tsugu】「iPhone 13 128GB ミッドナイト 画面割れ」が購入されました");
    expect(mail.text).toContain(`http://tsugu.test/ja/items/${itemId}/transactions/`);

    const shipped = await shipItem(t.ctx, {
      actor: seller,
      transactionId: bought.transactionId,
      input: {
        invoiceKind: "01",
        parcelSize: "60",
        shippingType: "00",
        pickupDate: "2026-11-23",
        pickupSlot: "07",
        handlingNotes: ["01"],
      },
    });
    expect(shipped.state).toBe("SHIPPING");
    const view = await getTransaction(t.ctx, { actor: buyer, transactionId: bought.transactionId });
    expect(view.shipment?.invoiceNumber).toMatch(/^\d{12}$/);
    expect(view.shipment?.fee).toBe(700);

    await postTransactionMessage(t.ctx, {
      actor: buyer,
      transactionId: bought.transactionId,
      input: { body: "届きました" },
    });
    expect(
      (
        await rateTransaction(t.ctx, {
          actor: buyer,
          transactionId: bought.transactionId,
          input: { rating: "good", comment: "ありがとうございました" },
        })
      ).state,
    ).toBe("REVIEWED_BY_BUYER");
    expect((await getBalance(t.ctx, { userId: seller.id })).proceeds).toBe(0);
    expect(
      (
        await rateTransaction(t.ctx, {
          actor: seller,
          transactionId: bought.transactionId,
          input: { rating: "good", comment: "" },
        })
      ).state,
    ).toBe("COMPLETED");
    // 5% of 18,001 is 900.05: the fee is rounded down to 900. The postage is included in the
    // price, so the courier's 700 for a 60-size parcel comes out of the proceeds too.
    expect((await getBalance(t.ctx, { userId: seller.id })).proceeds).toBe(18001 - 900 - 700);
    const sellerView = await getTransaction(t.ctx, { actor: seller, transactionId: bought.transactionId });
    expect(sellerView).toMatchObject({ fee: 900, courierFee: 700, proceeds: 16401, postage: "INCLUDED" });
    const [courier] = await t.ctx.db
      .select({ kind: journalEntries.kind })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `transaction:${bought.transactionId}:courier`));
    expect(courier?.kind).toBe("courier_fee");
    await expectLedgerInvariants(t.ctx.db);
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ escrow: 0, payment: 0 });
    expect((await listReviews(t.ctx, { userId: seller.id })).counts.good).toBe(1);
    expect(await reviewCounts(t.ctx, { userId: seller.id })).toEqual({ good: 1, normal: 0, bad: 0 });
    expect(await reviewCounts(t.ctx, { userId: buyer.id })).toEqual({ good: 1, normal: 0, bad: 0 });
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, bought.transactionId));
    expect(payment!.state).toBe("COMPLETED");
    await expectLedgerInvariants(t.ctx.db);

    // The item's transaction page finds the same view for either party, and nothing for anyone else.
    const byId = await getTransaction(t.ctx, { actor: seller, transactionId: bought.transactionId });
    expect(await getItemTransaction(t.ctx, { actor: seller, itemId })).toEqual(byId);
    expect(byId).toMatchObject({
      itemId,
      title: "iPhone 13 128GB ミッドナイト 画面割れ",
      photoUrl: expect.stringMatching(/-thumb\.webp$/),
      role: "seller",
      paymentState: "COMPLETED",
      buyer: { id: buyer.id, nickname: buyer.nickname },
      seller: { id: seller.id, nickname: seller.nickname },
      shipment: { invoiceNumber: view.shipment?.invoiceNumber },
      cancellation: null,
    });
    expect(byId.reviews).toHaveLength(2);
    expect(byId.messages.map((m) => m.body)).toEqual(["届きました"]);
    expect((await getItemTransaction(t.ctx, { actor: buyer, itemId })).role).toBe("buyer");
    const stranger = await makeMember(t.ctx);
    expect((await failure(getItemTransaction(t.ctx, { actor: stranger, itemId }))).code).toBe("NOT_FOUND");
    expect(await reviewCounts(t.ctx, { userId: stranger.id })).toEqual({ good: 0, normal: 0, bad: 0 });
  });

  it("holds the item during 3-D Secure, and completes the purchase when the buyer passes", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const started = await buy(buyer, itemId, "challenge");
    expect(started.state).toBe("AUTH");
    expect(started.redirectUrl).toMatch(/\/sandbox\/payments\/challenge\/ch_[0-9a-f]{24}\/\?return=/);
    expect(await itemState(itemId)).toBe("SOLD");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    expect((await finishSecurePurchase(t.ctx, { actor: buyer, itemId })).state).toBe("AUTH");
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    expect((await finishSecurePurchase(t.ctx, { actor: buyer, itemId })).state).toBe("START");
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBe(18000);
  });

  it("cancels the purchase and relists the item when 3-D Secure fails or is abandoned", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const failed = await buy(buyer, itemId, "challenge");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(failed.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: false });
    const error = await failure(finishSecurePurchase(t.ctx, { actor: buyer, itemId }));
    expect(error.code).toBe("PAYMENT_FAILED");
    expect(said(error).message.ja).toBe("3Dセキュア認証ができなかったため、購入を取り消しました");
    expect(await itemState(itemId)).toBe("SALE");
    expect((await t.ctx.payments.getCharge(chargeId))?.status).toBe("failed");

    const abandoned = await buy(buyer, itemId, "challenge");
    expect(abandoned.state).toBe("AUTH");
    t.clock.advance(29 * 60 * 1000);
    await jobs().runDue();
    expect(await itemState(itemId)).toBe("SOLD");
    t.clock.advance(60 * 1000);
    await jobs().runDue();
    expect(await itemState(itemId)).toBe("SALE");
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, abandoned.transactionId));
    expect(row!.state).toBe("INVALID");
  });

  it("saves a new card the buyer asked to keep once its payment settles, once, and only a new card", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const withSaved = await failure(
      purchaseItem(t.ctx, {
        actor: buyer,
        itemId,
        idempotencyKey: randomUUID(),
        input: { paymentMethod: "card", savedCardId: "car_0123456789" },
        returnUrl: RETURN,
        saveCardToken: await cardToken(t.ctx),
      }),
    );
    expect(withSaved.code).toBe("BAD_REQUEST");
    const waiting = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx, "challenge") },
      returnUrl: RETURN,
      saveCardToken: await cardToken(t.ctx, "challenge"),
    });
    expect(await listSavedCards(t.ctx, { userId: buyer.id })).toEqual([]);
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(waiting.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    // Back from the issuer twice (a reload): the card is saved once.
    await finishSecurePurchase(t.ctx, { actor: buyer, itemId });
    await finishSecurePurchase(t.ctx, { actor: buyer, itemId });
    expect(await listSavedCards(t.ctx, { userId: buyer.id })).toMatchObject([{ last4: "3220" }]);
  });

  it("refuses a declined card, an own, sold, draft or blocked purchase, and changes nothing", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const declined = await failure(buy(buyer, itemId, "declined"));
    expect([declined.code, said(declined).message.ja]).toEqual([
      "PAYMENT_FAILED",
      "カードが承認されませんでした。別のカードをお試しください",
    ]);
    expect(await itemState(itemId)).toBe("SALE");
    const ownItem = await listItem(t.ctx, buyer);
    expect(said(await failure(buy(buyer, ownItem))).message.ja).toBe("ご自身の商品は購入できません");
    const blocked = await makeBuyer(t.ctx);
    await blockUser(t.ctx, { actor: seller, userId: blocked.id });
    expect((await failure(buy(blocked, itemId))).code).toBe("FORBIDDEN");
    await buy(buyer, itemId);
    const sold = await failure(buy(await makeBuyer(t.ctx), itemId));
    expect([sold.code, said(sold).message.ja, sold.status]).toEqual([
      "CONFLICT",
      "この商品は売り切れました",
      409,
    ]);
    const noAddress = await failure(buy(await makeMember(t.ctx), await listItem(t.ctx, seller)));
    expect(said(noAddress).fields.address?.ja).toBe("配送先住所を登録してから購入してください");
    await expectLedgerInvariants(t.ctx.db);
  });

  it("answers the same idempotency key with the same result, 10 times at once; another body is a conflict", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const key = randomUUID();
    const input = { paymentMethod: "card", cardToken: await cardToken(t.ctx) };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        purchaseItem(t.ctx, { actor: buyer, itemId, idempotencyKey: key, input, returnUrl: RETURN }),
      ),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await t.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId))).toHaveLength(1);
    const other = await failure(
      purchaseItem(t.ctx, {
        actor: buyer,
        itemId,
        idempotencyKey: key,
        input: { ...input, cardToken: await cardToken(t.ctx) },
        returnUrl: RETURN,
      }),
    );
    expect(other.code).toBe("CONFLICT");
    expect(said(other).message.en).toBe(
      "This purchase was already submitted with different details. Please reload the page",
    );
  });

  // 100 purchases at once take about 7 s alone; a machine busy with the rest of the suite has
  // taken 52 s.
  it("lets exactly one of 100 concurrent buyers win; the other 99 are sold out and their cards voided", {
    timeout: 120_000,
  }, async () => {
    const seller = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const buyers = await Promise.all(Array.from({ length: 100 }, () => makeBuyer(t.ctx)));
    const tokens = await Promise.all(buyers.map(() => cardToken(t.ctx)));
    const outcomes = await Promise.allSettled(
      buyers.map((buyer, i) =>
        purchaseItem(t.ctx, {
          actor: buyer,
          itemId,
          idempotencyKey: randomUUID(),
          input: { paymentMethod: "card", cardToken: tokens[i] },
          returnUrl: RETURN,
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    for (const l of lost)
      expect({ code: l.reason.code, status: l.reason.status }).toEqual({ code: "CONFLICT", status: 409 });
    const buyerIds = new Set(buyers.map((b) => b.id));
    const attempts = await t.ctx.db
      .select({ state: payments.state, buyerId: payments.buyerId })
      .from(payments);
    const mine = attempts.filter((p) => buyerIds.has(p.buyerId));
    expect(mine.filter((p) => p.state === "COMPLETED")).toHaveLength(1);
    expect(mine.filter((p) => p.state === "VOIDED")).toHaveLength(99);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("after a crash between the provider's success and our commit, reconciliation leaves one paid sale and one charge", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    // The process "dies" right after the provider authorised the card: the call never returns.
    const crashing = dyingAfterHold();
    await expect(
      purchaseItem(
        { ...t.ctx, payments: crashing },
        {
          actor: buyer,
          itemId,
          idempotencyKey: randomUUID(),
          input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
          returnUrl: RETURN,
        },
      ),
    ).rejects.toThrow("killed");
    expect(await itemState(itemId)).toBe("SALE");
    expect(await reconcilePurchases(t.ctx)).toBe(0);
    t.clock.advance(STALE_ATTEMPT_MS + 1000);
    // Two servers reconciling at once: one of them resumes the attempt.
    const resumed = await Promise.all([reconcilePurchases(t.ctx), reconcilePurchases(t.ctx)]);
    expect(resumed[0]! + resumed[1]!).toBe(1);
    expect(await reconcilePurchases(t.ctx)).toBe(0);
    const sales = await t.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId));
    expect(sales.map((s) => s.state)).toEqual(["START"]);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.transactionId, sales[0]!.id));
    const charges = (
      await t.ctx.db.select().from(sandboxRecords).where(eq(sandboxRecords.provider, "sandbox-pay.charge"))
    ).filter((r) => (r.data as { reference: string }).reference === payment!.reference);
    expect(charges.map((c) => c.state)).toEqual(["captured"]);
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBe(18000);
    const entries = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `transaction:${sales[0]!.id}:escrow`));
    expect(entries).toHaveLength(1);
  });

  it("a request reconciliation cannot resume is reported after the others are done, and resumed next round", async () => {
    const seller = await makeMember(t.ctx);
    const real = t.ctx.payments;
    // Two requests die right after the provider held each card.
    const crashing = dyingAfterHold();
    const sales = [];
    for (const name of ["first", "second"]) {
      const buyer = await makeBuyer(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      const request = {
        actor: buyer,
        itemId,
        idempotencyKey: randomUUID(),
        input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
        returnUrl: RETURN,
      };
      await expect(purchaseItem({ ...t.ctx, payments: crashing }, request)).rejects.toThrow("killed");
      sales.push({ name, itemId });
    }
    const [payment] = await t.ctx.db
      .select({ reference: payments.reference })
      .from(payments)
      .where(eq(payments.attemptId, (await attemptOf(sales[0]!.itemId)).id));
    // While reconciling, the provider cannot be reached about the first request's charge.
    const unreachable = {
      ...real,
      findCharge: async (reference: string, since: Date) => {
        if (reference === payment!.reference) throw new Error("provider unreachable");
        return real.findCharge(reference, since);
      },
    };
    t.clock.advance(STALE_ATTEMPT_MS + 1000);
    // Both the request and its payment wait for the provider; the round reports them when done.
    const failed = await reconcilePurchases({ ...t.ctx, payments: unreachable }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AggregateError);
    expect((failed as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      "provider unreachable",
      "provider unreachable",
    ]);
    // The second was resumed all the same; the first waits, untouched, for the next round.
    expect(await itemState(sales[1]!.itemId)).toBe("SOLD");
    expect(await itemState(sales[0]!.itemId)).toBe("SALE");
    expect((await attemptOf(sales[0]!.itemId)).state).toBe("started");
    t.clock.advance(STALE_ATTEMPT_MS + 1000);
    expect(await reconcilePurchases(t.ctx)).toBe(1);
    expect(await itemState(sales[0]!.itemId)).toBe("SOLD");
    expect((await attemptOf(sales[0]!.itemId)).state).toBe("finished");
    await expectLedgerInvariants(t.ctx.db);
  });

  it("applies a provider event once however often it comes, and refuses a bad signature", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const started = await buy(buyer, itemId, "challenge");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    // The buyer never comes back; the provider's event arrives after the charge was finished.
    await t.ctx.payments.finishThreeDSecure(chargeId);
    const { body, headers } = sandboxChargeEvent(t.ctx, chargeId);
    const bad = await failure(
      receivePaymentWebhook(t.ctx, {
        provider: "sandbox",
        headers: { [SANDBOX_SIGNATURE_HEADER]: "t=1,v1=00" },
        body,
        purposes,
      }),
    );
    expect(bad.status).toBe(401);
    const [before] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, started.transactionId));
    expect(before!.state).toBe("AUTH");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        receivePaymentWebhook(t.ctx, { provider: "sandbox", headers, body, purposes }),
      ),
    );
    // One delivery applies it; the nine repeats are replays, refused (401).
    expect(results.filter((r) => r.status === "fulfilled" && r.value.applied)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === "rejected" && isAppError(r.reason) && r.reason.status === 401),
    ).toHaveLength(9);
    const [after] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, started.transactionId));
    expect(after!.state).toBe("START");
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBe(18000);
  });

  it("refuses steps out of order or by the wrong party, and cancels only when both agree", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const stranger = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const { transactionId } = await buy(buyer, itemId);
    expect((await failure(shipItem(t.ctx, { actor: buyer, transactionId, input: {} }))).code).toBe(
      "FORBIDDEN",
    );
    expect(
      (
        await failure(
          rateTransaction(t.ctx, { actor: buyer, transactionId, input: { rating: "good", comment: "" } }),
        )
      ).code,
    ).toBe("CONFLICT");
    expect((await failure(getTransaction(t.ctx, { actor: stranger, transactionId }))).code).toBe("NOT_FOUND");
    // Asking needs a reason of the asker's side.
    const noReason = await failure(
      cancelTransaction(t.ctx, { actor: buyer, transactionId, step: "request" }),
    );
    expect(said(noReason).fields.reason?.ja).toBe("キャンセルの理由を選んでください");
    const sellersReason = await failure(
      cancelTransaction(t.ctx, {
        actor: buyer,
        transactionId,
        step: "request",
        request: { reason: "cannot_ship" },
      }),
    );
    expect(said(sellersReason).fields.reason?.en).toBe(
      "This reason is not available to you. Please choose another",
    );
    expect(
      (
        await cancelTransaction(t.ctx, {
          actor: buyer,
          transactionId,
          step: "request",
          request: { reason: "ordered_by_mistake", note: "  色を間違えました  " },
        })
      ).state,
    ).toBe("CANCELING");
    // The seller sees who asked and why.
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).cancellation).toMatchObject({
      requestedBy: "buyer",
      reason: "ordered_by_mistake",
      note: "色を間違えました",
    });
    expect(
      (await failure(cancelTransaction(t.ctx, { actor: buyer, transactionId, step: "agree" }))).code,
    ).toBe("FORBIDDEN");
    expect((await cancelTransaction(t.ctx, { actor: seller, transactionId, step: "agree" })).state).toBe(
      "CANCELED",
    );
    // The request is answered and kept, with its reason.
    const kept = await t.ctx.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.transactionId, transactionId));
    expect(kept).toMatchObject([
      { requestedBy: "buyer", requesterId: buyer.id, reason: "ordered_by_mistake", answer: "agreed" },
    ]);
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).cancellation).toBeNull();
    expect(await itemState(itemId)).toBe("SALE");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ escrow: 0, payment: 0 });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.transactionId, transactionId));
    expect(payment!.state).toBe("REFUNDED");
    await expectLedgerInvariants(t.ctx.db);
  });

  it("lets an operator hold and release a transaction", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const { transactionId } = await buy(buyer, await listItem(t.ctx, seller));
    const operator = await makeOperator(t.ctx, ["trust_safety"]);
    expect((await failure(holdTransaction(t.ctx, { actor: seller, transactionId, hold: true }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await holdTransaction(t.ctx, { actor: operator, transactionId, hold: true })).state).toBe(
      "PENDING",
    );
    expect(
      (await failure(shipItem(t.ctx, { actor: seller, transactionId, input: { trackingNumber: "1234" } })))
        .code,
    ).toBe("CONFLICT");
    expect((await holdTransaction(t.ctx, { actor: operator, transactionId, hold: false })).state).toBe(
      "START",
    );
    // Both parties were told the office paused the sale, and that it goes on.
    for (const party of [buyer, seller]) {
      const events = (
        await t.ctx.db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, party.id))
          .orderBy(notifications.id)
      )
        .map((n) => n.payload.event)
        .filter((e) => e === "held" || e === "released");
      expect(events).toEqual(["held", "released"]);
    }
  });

  it("checks the pickup rules of §5 and the courier's maintenance window", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const { transactionId } = await buy(
      buyer,
      await listItem(t.ctx, seller, { price: "3000", shippingMethod: "10" }),
    );
    const ship = (input: Record<string, unknown>) =>
      failure(shipItem(t.ctx, { actor: seller, transactionId, input }));
    const nekoposu = await ship({
      invoiceKind: "13",
      shippingType: "00",
      pickupDate: "2026-11-23",
      pickupSlot: "07",
    });
    expect(said(nekoposu).fields.invoiceKind?.en).toBe("Nekoposu is not eligible for the pickup service");
    const saved = t.clock.now();
    t.clock.set("2026-11-22T08:30:00Z"); // 17:30 in Tokyo
    const late = await ship({
      invoiceKind: "12",
      shippingType: "00",
      pickupDate: "2026-11-22",
      pickupSlot: "10",
    });
    expect(said(late).fields.pickupDate?.ja).toBe(
      "本日の受付は終了しました。明日以降の日付を選択してください",
    );
    t.clock.set("2026-11-30T18:30:00Z"); // 3:30 on the 1st in Tokyo
    const maintenance = await ship({ invoiceKind: "12", shippingType: "02" });
    expect(said(maintenance).message.ja).toContain("メンテナンス");
    t.clock.set(saved);
    const ok = await shipItem(t.ctx, {
      actor: seller,
      transactionId,
      input: { invoiceKind: "12", shippingType: "02" },
    });
    expect(ok.state).toBe("SHIPPING");
    const view = await getTransaction(t.ctx, { actor: seller, transactionId });
    expect(view.shipment?.qrCode).toMatch(/^TSUGU-QR-/);
  });

  it("mails the buyer, once paid, what happens next and where to follow it", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { leadTime: "02" });
    const { transactionId } = await buy(buyer, itemId);
    await createJobRunner({ ctx: t.ctx, handlers: [sendTradeMailHandler] }).runDue();
    const mail = await t.smtp.lastTo(buyer.email);
    expect(mail.subject).toBe(
      "【Tsugu】「iPhone 13 128GB ミッドナイト 画面割れ」のご購入ありがとうございます",
    );
    expect(mail.text).toContain("出品者が2〜3日で発送します");
    expect(mail.text).toContain("受取評価");
    expect(mail.text).toContain(`http://tsugu.test/ja/items/${itemId}/transactions/`);
    // The page says the same: the promised days, counted from the purchase.
    const view = await getTransaction(t.ctx, { actor: buyer, transactionId });
    expect(view).toMatchObject({ leadTime: "02", step: { current: "shipping", done: false } });
    expect(view.shipBy!.getTime() - view.createdAt.getTime()).toBe(3 * 24 * 3600 * 1000);
    expect(view.photoUrl).toMatch(/-thumb\.webp$/);
  });

  it("checks a tracking number against the carrier's format, and keeps it plain", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const { transactionId } = await buy(buyer, await listItem(t.ctx, seller, { shippingMethod: "05" }));
    const short = await failure(
      shipItem(t.ctx, { actor: seller, transactionId, input: { trackingNumber: "1234-5678-901" } }),
    );
    expect(short.code).toBe("VALIDATION");
    expect(said(short).fields.trackingNumber?.ja).toBe(
      "ヤマト運輸の伝票番号は12桁の数字です（例: 1234-5678-9012）",
    );
    const typo = await failure(
      shipItem(t.ctx, { actor: seller, transactionId, input: { trackingNumber: "1234-5678-9014" } }),
    );
    expect(said(typo).fields.trackingNumber?.en).toBe(
      "This tracking number is not valid. Please compare it with your receipt",
    );
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("START");
    await shipItem(t.ctx, {
      actor: seller,
      transactionId,
      input: { trackingNumber: "１２３４－５６７８－９０１３" },
    });
    const view = await getTransaction(t.ctx, { actor: buyer, transactionId });
    expect(view.shipment?.trackingNumber).toBe("123456789013");
    expect(view.step).toEqual({ current: "receipt", done: false });
  });

  it("keeps a refused cancellation with its answer, and lets the sale go on", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const { transactionId } = await buy(buyer, await listItem(t.ctx, seller));
    await cancelTransaction(t.ctx, {
      actor: seller,
      transactionId,
      step: "request",
      request: { reason: "cannot_ship", note: "" },
    });
    expect((await getTransaction(t.ctx, { actor: buyer, transactionId })).cancellation).toMatchObject({
      requestedBy: "seller",
      reason: "cannot_ship",
      note: "",
    });
    expect((await cancelTransaction(t.ctx, { actor: buyer, transactionId, step: "refuse" })).state).toBe(
      "START",
    );
    expect((await getTransaction(t.ctx, { actor: buyer, transactionId })).cancellation).toBeNull();
    // A second request is possible once the first is answered.
    await cancelTransaction(t.ctx, {
      actor: buyer,
      transactionId,
      step: "request",
      request: { reason: "other", note: "連絡がつきません" },
    });
    const rows = await t.ctx.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.transactionId, transactionId))
      .orderBy(cancellationRequests.id);
    expect(rows.map((r) => [r.requestedBy, r.reason, r.answer])).toEqual([
      ["seller", "cannot_ship", "refused"],
      ["buyer", "other", null],
    ]);
  });

  it("gives a drop-off code that works for 7 days, and a new one once it has run out", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const { transactionId } = await buy(
      buyer,
      await listItem(t.ctx, seller, { price: "3000", shippingMethod: "10" }),
    );
    await shipItem(t.ctx, { actor: seller, transactionId, input: { invoiceKind: "12", shippingType: "03" } });
    const first = (await getTransaction(t.ctx, { actor: seller, transactionId })).shipment!;
    expect(first.qrCode).toMatch(/^TSUGU-QR-\d{12}-\d{6}$/);
    // The courier's invoice number carries its 7DR check digit, as a real one does.
    expect(Number(first.invoiceNumber!.slice(0, 11)) % 7).toBe(Number(first.invoiceNumber!.slice(11)));
    expect(first.qrExpiresAt!.getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const early = await failure(renewDropOffCode(t.ctx, { actor: seller, transactionId }));
    expect(said(early).message.ja).toBe("QRコードはまだ有効です");
    expect((await failure(renewDropOffCode(t.ctx, { actor: buyer, transactionId }))).code).toBe("FORBIDDEN");
    const saved = t.clock.now();
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const renewed = await renewDropOffCode(t.ctx, { actor: seller, transactionId });
    t.clock.set(saved);
    expect(renewed.qrCode).not.toBe(first.qrCode);
    expect(renewed.qrCode.startsWith(`TSUGU-QR-${first.invoiceNumber}-`)).toBe(true);
    const after = (await getTransaction(t.ctx, { actor: seller, transactionId })).shipment!;
    expect(after).toMatchObject({ qrCode: renewed.qrCode, invoiceNumber: first.invoiceNumber });
    expect(after.qrExpiresAt!.getTime()).toBe(renewed.qrExpiresAt.getTime());
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("SHIPPING");
    // A pickup has no code to renew.
    const other = await buy(buyer, await listItem(t.ctx, seller, { price: "3000", shippingMethod: "10" }));
    await shipItem(t.ctx, {
      actor: seller,
      transactionId: other.transactionId,
      input: { invoiceKind: "12", shippingType: "01" },
    });
    expect(
      (await failure(renewDropOffCode(t.ctx, { actor: seller, transactionId: other.transactionId }))).code,
    ).toBe("NOT_FOUND");
  });

  it("buys with points, refuses too few, and completes on its own when nobody rates", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    const key = () => randomUUID();
    const poor = await failure(
      purchaseItem(t.ctx, {
        actor: buyer,
        itemId,
        idempotencyKey: key(),
        input: { paymentMethod: "points" },
        returnUrl: RETURN,
      }),
    );
    expect(said(poor).message.ja).toBe("残高が足りません");
    expect(await itemState(itemId)).toBe("SALE");
    const { postEntry } = await import("../money/ledger/post-entry.ts");
    await postEntry(t.ctx, {
      idempotencyKey: `test-points-${buyer.id}`,
      kind: "points_top_up",
      lines: [
        { account: { userId: null, kind: "card_clearing" }, amount: -1500 },
        { account: { userId: buyer.id, kind: "points" }, amount: 1500 },
      ],
    });
    const bought = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: key(),
      input: { paymentMethod: "points" },
      returnUrl: RETURN,
    });
    expect(bought.state).toBe("START");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ points: 500, escrow: 1000 });
    await shipItem(t.ctx, {
      actor: seller,
      transactionId: bought.transactionId,
      input: { trackingNumber: "1234-5678-9013" },
    });
    t.clock.advance(AUTO_COMPLETE_DAYS * 24 * 3600 * 1000);
    await jobs().runDue();
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, bought.transactionId)));
    expect(row!.state).toBe("COMPLETED");
    expect((await getBalance(t.ctx, { userId: seller.id })).proceeds).toBe(950);
  });

  it("keeps each side's rating window: the buyer's timer never ends the seller's", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const { transactionId } = await buy(buyer, await listItem(t.ctx, seller));
    await shipItem(t.ctx, { actor: seller, transactionId, input: { trackingNumber: "123456789013" } });
    const day = 24 * 3600 * 1000;
    t.clock.advance(8 * day);
    await rateTransaction(t.ctx, { actor: buyer, transactionId, input: { rating: "good", comment: "" } });
    // Day 9 after shipping: the buyer's window ends, but the buyer has rated; the seller has 9 days.
    t.clock.advance(1 * day + 1000);
    await jobs().runDue();
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("REVIEWED_BY_BUYER");
    t.clock.advance(8 * day);
    await jobs().runDue();
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("COMPLETED");
    await expectLedgerInvariants(t.ctx.db);
  });

  it("stops a transaction's timers while it is on hold and starts them afresh on release", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const operator = await makeOperator(t.ctx, ["trust_safety"]);
    const { transactionId } = await buy(buyer, await listItem(t.ctx, seller));
    await shipItem(t.ctx, { actor: seller, transactionId, input: { trackingNumber: "123456789013" } });
    const day = 24 * 3600 * 1000;
    t.clock.advance(5 * day);
    await holdTransaction(t.ctx, { actor: operator, transactionId, hold: true });
    t.clock.advance(10 * day);
    await jobs().runDue();
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("PENDING");
    await holdTransaction(t.ctx, { actor: operator, transactionId, hold: false });
    t.clock.advance(8 * day);
    await jobs().runDue();
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("SHIPPING");
    t.clock.advance(1 * day + 1000);
    await jobs().runDue();
    expect((await getTransaction(t.ctx, { actor: seller, transactionId })).state).toBe("COMPLETED");
  });

  it("records every state change of a sale in the append-only history", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller);
    const { transactionId } = await buy(buyer, itemId);
    const { stateHistoryOf } = await import("../state/change-state.ts");
    const { TRANSACTION_MACHINE } = await import("./transaction-states.ts");
    const { ITEM_MACHINE } = await import("../catalog/item-states.ts");
    const steps = async (machine: Parameters<typeof stateHistoryOf>[1], id: number) =>
      (await stateHistoryOf(t.ctx.db, machine, id)).map(
        (h) => `${h.fromState ?? "∅"}→${h.toState} ${h.action} ${h.actorRole}`,
      );
    expect(await steps(TRANSACTION_MACHINE, transactionId)).toEqual([
      "∅→AUTH create system",
      "AUTH→START pay system",
    ]);
    expect(await steps(ITEM_MACHINE, itemId)).toEqual([
      "∅→DRAFT create seller",
      "DRAFT→SALE publish seller",
      "SALE→SOLD sell system",
    ]);
    const { sql } = await import("drizzle-orm");
    await expect(t.ctx.db.execute(sql`update state_history set reason = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from state_history`)).rejects.toThrow();
  });

  it("queues a reconciliation at once when a server starts, and one per period however many servers run", async () => {
    const { jobs: jobTable } = await import("#db/schema/index.ts");
    const { scheduleReconciliation, DEFAULT_RECONCILE_TIMING } = await import("./reconcile-purchases.ts");
    const { lte, and: both } = await import("drizzle-orm");
    const queued = async (due: boolean) =>
      (
        await t.ctx.db
          .select()
          .from(jobTable)
          .where(
            both(
              eq(jobTable.name, "trading.reconcile-purchases"),
              eq(jobTable.state, "pending"),
              due ? lte(jobTable.runAt, t.clock.now()) : undefined,
            ),
          )
      ).length;
    const before = await queued(false);
    // Three servers start at once: each reconciles now, and the next round is queued once.
    for (let i = 0; i < 3; i++)
      await scheduleReconciliation(t.ctx, DEFAULT_RECONCILE_TIMING, { atStart: true });
    expect(await queued(true)).toBeGreaterThanOrEqual(3);
    expect((await queued(false)) - before).toBe(4);
  });
});
