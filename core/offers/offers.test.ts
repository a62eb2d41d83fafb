import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, notifications, offers, stateHistory, transactions } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { changeItemState } from "../catalog/change-item-state.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { blockUser } from "../social/blocks.ts";
import { getPurchaseQuote } from "../trading/get-purchase-quote.ts";
import { purchaseItem } from "../trading/purchase-item.ts";
import { answerOffer } from "./answer-offer.ts";
import { itemOfferStatus, listOffers } from "./list-offers.ts";
import { makeOffer } from "./make-offer.ts";
import { OFFER_JOB_HANDLERS } from "./offer-jobs.ts";
import { lowestOffer, offerProblem, readAmount } from "./offer-rules.ts";

const HOUR = 3600 * 1000;
const RETURN = "http://tsugu.test/ja/items/1/secure/result/";

describe("the offer rule", () => {
  it("is the listing minimum and 90% of the price rounded up, below the price", () => {
    expect(lowestOffer({ price: 18000, shippingMethod: "05" })).toBe(16200);
    expect(lowestOffer({ price: 10001, shippingMethod: "05" })).toBe(9001);
    // 90% of 1,050 is 945, but a courier listing may not go under ¥1,000.
    expect(lowestOffer({ price: 1050, shippingMethod: "10" })).toBe(1000);
    expect(lowestOffer({ price: 55, shippingMethod: "05" })).toBe(50);
    const listing = { price: 18000, shippingMethod: "05" };
    expect(offerProblem(16199, listing)).toEqual({ key: "offers.errors.tooLow", values: { min: 16200 } });
    expect(offerProblem(16200, listing)).toBeNull();
    expect(offerProblem(17999, listing)).toBeNull();
    expect(offerProblem(18000, listing)).toEqual({ key: "offers.errors.notBelow", values: { price: 18000 } });
    expect(offerProblem(null, listing)?.key).toBe("offers.errors.amountRequired");
    expect(offerProblem(1000, { price: 1000, shippingMethod: "10" })?.key).toBe(
      "offers.errors.cannotNegotiate",
    );
  });

  it("reads what people type: full-width digits, commas and yen signs", () => {
    expect(readAmount("１６，５００円")).toBe(16500);
    expect(readAmount("¥16,500")).toBe(16500);
    expect(readAmount(" ")).toBeNull();
    expect(readAmount("16.5")).toBeNaN();
    expect(readAmount("-1")).toBeNaN();
    expect(readAmount(16500.5)).toBeNaN();
  });
});

describe.each(ENGINES)("offers on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });
  const jobs = () => createJobRunner({ ctx: t.ctx, handlers: OFFER_JOB_HANDLERS });
  const offerRow = async (id: number) => (await t.ctx.db.select().from(offers).where(eq(offers.id, id)))[0]!;
  const buy = async (buyer: Awaited<ReturnType<typeof makeBuyer>>, itemId: number) =>
    purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
      returnUrl: RETURN,
    });
  const kindsOf = async (userId: number) =>
    (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId)))
      .filter((n) => n.kind === "offer")
      .map((n) => n.payload.event);

  it("offer, counter, accept: reserved for the buyer, who buys at the counter price; others are refused", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const other = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "18000" });

    const made = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: "16,500" } });
    expect(made).toMatchObject({ state: "PENDING", price: 16500 });
    const otherOffer = await makeOffer(t.ctx, { actor: other, itemId, input: { amount: 16300 } });
    expect(await kindsOf(seller.id)).toEqual(["received", "received"]);
    // The seller must answer, so the offer goes out by mail too.
    await jobs().runDue();
    const mail = await t.smtp.lastTo(seller.email);
    expect(mail.subject).toBe("【Tsugu】「iPhone 13 128GB ミッドナイト 画面割れ」にオファーが届きました");
    expect(mail.text).toContain("16,300円のオファーが届きました");
    expect(mail.text).toContain("http://tsugu.test/ja/mypage/offers/");

    const received = await listOffers(t.ctx, { actor: seller, side: "received" });
    const row = received.items.find((r) => r.id === made.id)!;
    expect(row.actions).toEqual(["accept", "decline", "counter"]);
    expect(row.counterRange).toEqual({ min: 16501, max: 17999 });
    expect(row.counterpart).toBe(buyer.nickname);

    // A counter at or below the offer, or at the price, is refused with the range.
    const low = await failure(
      answerOffer(t.ctx, { actor: seller, offerId: made.id, answer: "counter", input: { amount: 16500 } }),
    );
    expect(said(low).fields.amount?.ja).toBe("オファー額の16,500円より高い金額を入力してください");
    const high = await failure(
      answerOffer(t.ctx, { actor: seller, offerId: made.id, answer: "counter", input: { amount: 18000 } }),
    );
    expect(said(high).fields.amount?.en).toBe("Enter an amount below ¥18,000");
    // The buyer cannot answer their own offer; strangers do not see it.
    expect(
      (await failure(answerOffer(t.ctx, { actor: buyer, offerId: made.id, answer: "counter" }))).code,
    ).toBe("FORBIDDEN");
    expect(
      (await failure(answerOffer(t.ctx, { actor: other, offerId: made.id, answer: "accept" }))).code,
    ).toBe("NOT_FOUND");
    expect((await offerRow(made.id)).state).toBe("PENDING");

    const countered = await answerOffer(t.ctx, {
      actor: seller,
      offerId: made.id,
      answer: "counter",
      input: { amount: "17000" },
    });
    expect(countered.state).toBe("COUNTERED");
    expect(await kindsOf(buyer.id)).toEqual(["countered"]);
    const accepted = await answerOffer(t.ctx, { actor: buyer, offerId: made.id, answer: "accept" });
    expect(accepted).toMatchObject({ state: "ACCEPTED", agreedPrice: 17000 });
    expect(await kindsOf(seller.id)).toEqual(["received", "received", "counter_accepted"]);
    // The other buyer's offer closed with the reservation, and they were told.
    expect((await offerRow(otherOffer.id)).state).toBe("CLOSED");
    expect(await kindsOf(other.id)).toEqual(["closed"]);

    // Everyone else sees it reserved and cannot buy or offer; the buyer sees their price.
    const status = await itemOfferStatus(t.ctx, {
      item: { id: itemId, price: 18000, shippingMethod: "05" },
      viewerId: other.id,
    });
    expect(status.reservedForOther).toBe(true);
    expect((await getPurchaseQuote(t.ctx, { actor: other, itemId })).refusal).toBe("reserved");
    const quote = await getPurchaseQuote(t.ctx, { actor: buyer, itemId });
    expect(quote).toMatchObject({ refusal: null, listPrice: 18000, item: { price: 17000 } });
    const refused = await failure(buy(other, itemId));
    expect(refused.code).toBe("CONFLICT");
    expect(said(refused).message.ja).toBe(
      "この商品は他の方との取引予約中のため、現在はオファー・購入できません",
    );
    const again = await failure(makeOffer(t.ctx, { actor: other, itemId, input: { amount: 17000 } }));
    expect(said(again).message.en).toBe(
      "This listing is reserved for another buyer, so it cannot be offered on or bought now",
    );

    const bought = await buy(buyer, itemId);
    expect(bought.state).toBe("START");
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, bought.transactionId));
    expect(tx).toMatchObject({ price: 17000, paidCard: 17000, fee: 850, proceeds: 16150 });
    expect(await offerRow(made.id)).toMatchObject({
      state: "PURCHASED",
      transactionId: bought.transactionId,
    });
    const history = await t.ctx.db
      .select({ action: stateHistory.action })
      .from(stateHistory)
      .where(and(eq(stateHistory.machine, "offer"), eq(stateHistory.rowId, made.id)))
      .orderBy(stateHistory.id);
    expect(history.map((h) => h.action)).toEqual(["create", "counter", "accept_counter", "purchase"]);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("refuses each offer that breaks a rule, with a message, and changes nothing", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "18000" });
    const offer = (actor = buyer, amount: unknown = 17000, id = itemId) =>
      failure(makeOffer(t.ctx, { actor, itemId: id, input: { amount } }));

    const own = await offer(seller);
    expect([own.code, said(own).message.ja]).toEqual(["FORBIDDEN", "ご自身の商品にはオファーできません"]);
    const low = await offer(buyer, "16199");
    expect(low.code).toBe("VALIDATION");
    expect(said(low).fields.amount).toEqual({
      ja: "16,200円以上の金額を入力してください（この商品の最低価格です）",
      en: "Enter at least ¥16,200 (the lowest offer this listing accepts)",
    });
    expect(said(await offer(buyer, "abc")).fields.amount?.ja).toBe("金額は1円単位の数字で入力してください");
    expect(said(await offer(buyer, "")).fields.amount?.ja).toBe("金額を入力してください");
    expect(said(await offer(buyer, 18000)).fields.amount?.ja).toBe("18,000円より安い金額を入力してください");
    expect((await offer(buyer, 1, 999_999_999)).code).toBe("NOT_FOUND");
    const operator = await makeOperator(t.ctx);
    expect((await offer(operator)).code).toBe("FORBIDDEN");

    await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 17000 } });
    const twice = await offer(buyer, 17500);
    expect([twice.code, said(twice).message.ja]).toEqual([
      "CONFLICT",
      "この商品へのオファーはすでに回答待ちです。回答が届くまでお待ちください",
    ]);

    const blocked = await makeBuyer(t.ctx);
    await blockUser(t.ctx, { actor: seller, userId: blocked.id });
    expect((await offer(blocked)).code).toBe("FORBIDDEN");

    const stopped = await listItem(t.ctx, seller, { price: "18000" });
    await changeItemState(t.ctx, { actor: seller, itemId: stopped, action: "stop_selling" });
    const notOnSale = await offer(buyer, 17000, stopped);
    expect([notOnSale.code, said(notOnSale).message.en]).toEqual([
      "CONFLICT",
      "This listing is not on sale now, so it takes no offers",
    ]);
    const cheap = await listItem(t.ctx, seller, { price: "50" });
    expect(said(await offer(buyer, 49, cheap)).fields.amount?.ja).toBe(
      "この商品はこれ以上値下げできないため、オファーできません",
    );
    const rows = await t.ctx.db.select().from(offers).where(eq(offers.buyerId, buyer.id));
    expect(rows).toHaveLength(1);
  });

  it("ends unanswered offers after 24 hours, and refuses answers after that", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "20000" });
    const made = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 18000 } });
    t.clock.advance(24 * HOUR);
    // Before the queue has run, the clock already closes the door.
    const late = await failure(answerOffer(t.ctx, { actor: seller, offerId: made.id, answer: "accept" }));
    expect(said(late).message.ja).toBe("回答期限の24時間を過ぎたため、このオファーは終了しました");
    expect((await listOffers(t.ctx, { actor: seller, side: "received" })).items[0]!.actions).toEqual([]);
    await jobs().runDue();
    expect((await offerRow(made.id)).state).toBe("EXPIRED");
    expect(await kindsOf(buyer.id)).toContain("expired");
    // A new offer may be made once the old one is over.
    const next = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 18500 } });
    expect(next.state).toBe("PENDING");
  });

  it("lets a reservation lapse after 24 hours unbought: on sale to everyone at its price again", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const other = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "20000" });
    const made = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 18000 } });
    await answerOffer(t.ctx, { actor: seller, offerId: made.id, answer: "accept" });
    expect(await kindsOf(buyer.id)).toEqual(["accepted"]);
    await jobs().runDue();
    expect((await t.smtp.lastTo(buyer.email)).subject).toBe(
      "【Tsugu】「iPhone 13 128GB ミッドナイト 画面割れ」のオファーが成立しました",
    );
    t.clock.advance(24 * HOUR);
    await jobs().runDue();
    expect((await offerRow(made.id)).state).toBe("LAPSED");
    // The buyer pays the listing's price now, like anyone else.
    expect((await getPurchaseQuote(t.ctx, { actor: buyer, itemId })).item.price).toBe(20000);
    const bought = await buy(other, itemId);
    const [tx] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, bought.transactionId));
    expect(tx!.price).toBe(20000);
  });

  it("of two buyers paying at once for a reserved listing, only the reserved buyer wins", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const other = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "20000" });
    const made = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 18000 } });
    await answerOffer(t.ctx, { actor: seller, offerId: made.id, answer: "accept" });
    const [mine, theirs] = await Promise.allSettled([buy(buyer, itemId), buy(other, itemId)]);
    expect(mine.status).toBe("fulfilled");
    expect(theirs.status).toBe("rejected");
    const sold = await t.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId));
    expect(sold.map((s) => [s.buyerId, s.price])).toEqual([[buyer.id, 18000]]);
    expect((await t.ctx.db.select({ s: items.state }).from(items).where(eq(items.id, itemId)))[0]!.s).toBe(
      "SOLD",
    );
    await expectLedgerInvariants(t.ctx.db);
  });

  it("closes open offers when the listing is sold, and lets a seller's price cut overtake an offer", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const other = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "20000" });
    const made = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 18000 } });
    // The seller cuts the price to the offer: the offer can no longer be accepted, only declined…
    await t.ctx.db.update(items).set({ price: 18000 }).where(eq(items.id, itemId));
    const row = (await listOffers(t.ctx, { actor: seller, side: "received" })).items[0]!;
    expect(row.actions).toEqual(["decline"]);
    const refused = await failure(answerOffer(t.ctx, { actor: seller, offerId: made.id, answer: "accept" }));
    expect(refused.code).toBe("CONFLICT");
    // … and the buyer may make a new one under the new price, which replaces it.
    const next = await makeOffer(t.ctx, { actor: buyer, itemId, input: { amount: 17000 } });
    expect((await offerRow(made.id)).state).toBe("CLOSED");
    await buy(other, itemId);
    expect((await offerRow(next.id)).state).toBe("CLOSED");
    expect(await kindsOf(buyer.id)).toContain("closed");
  });
});
