import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { purchaseItem } from "./purchase-item.ts";
import { shipItem } from "./ship-item.ts";
import { isYourTurn, tradeStep, tradesUnderWay } from "./trades-under-way.ts";

describe("whose turn it is", () => {
  it("is the seller's to ship and to rate last, the buyer's to rate on arrival", () => {
    expect(isYourTurn("START", "seller", null)).toBe(true);
    expect(isYourTurn("START", "buyer", null)).toBe(false);
    expect(isYourTurn("SHIPPING", "buyer", null)).toBe(true);
    expect(isYourTurn("SHIPPING", "seller", null)).toBe(false);
    expect(isYourTurn("REVIEWED_BY_BUYER", "seller", null)).toBe(true);
    expect(isYourTurn("REVIEWED_BY_BUYER", "buyer", null)).toBe(false);
  });
  it("is the other party's to answer a cancellation request, and nobody's while the office holds it", () => {
    expect(isYourTurn("CANCELING", "seller", "buyer")).toBe(true);
    expect(isYourTurn("CANCELING", "buyer", "buyer")).toBe(false);
    expect(isYourTurn("PENDING", "buyer", null)).toBe(false);
    expect(isYourTurn("PENDING", "seller", null)).toBe(false);
  });
  it("names the step each party is at, in agreement with whose turn it is", () => {
    const cases = [
      ["START", "seller", null, "ship"],
      ["START", "buyer", null, "awaitShipping"],
      ["SHIPPING", "buyer", null, "rate"],
      ["SHIPPING", "seller", null, "awaitRating"],
      ["REVIEWED_BY_BUYER", "seller", null, "rate"],
      ["REVIEWED_BY_BUYER", "buyer", null, "awaitSellerRating"],
      ["CANCELING", "seller", "buyer", "answerCancel"],
      ["CANCELING", "buyer", "buyer", "awaitCancelAnswer"],
      ["PENDING", "buyer", null, "onHold"],
    ] as const;
    for (const [state, side, by, step] of cases) {
      expect(tradeStep(state, side, by)).toBe(step);
      expect(isYourTurn(state, side, by)).toBe(!step.startsWith("await") && step !== "onHold");
    }
  });
});

describe.each(ENGINES)("trades under way on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // A Sunday afternoon in Tokyo, away from the courier's maintenance window.
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(() => t.close());

  it("lists a member's purchases and sales still under way, those waiting for them first", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const bought: number[] = [];
    for (const price of ["3000", "4000"]) {
      const itemId = await listItem(t.ctx, seller, { price, shippingMethod: "10" });
      const r = await purchaseItem(t.ctx, {
        actor: buyer,
        itemId,
        idempotencyKey: randomUUID(),
        input: { paymentMethod: "card", cardToken: await cardToken(t.ctx, "success") },
        returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
      });
      bought.push(r.transactionId);
    }
    const sellerView = await tradesUnderWay(t.ctx, { userId: seller.id });
    expect(sellerView).toMatchObject({ total: 2, yourTurn: 2 });
    expect(sellerView.trades.map((x) => x.side)).toEqual(["seller", "seller"]);
    expect((await tradesUnderWay(t.ctx, { userId: buyer.id })).yourTurn).toBe(0);

    // The first sale ships: it is now the buyer's turn to rate, and the seller waits on it.
    await shipItem(t.ctx, {
      actor: seller,
      transactionId: bought[0]!,
      input: {
        invoiceKind: "01",
        parcelSize: "60",
        shippingType: "00",
        pickupDate: "2026-11-23",
        pickupSlot: "07",
        handlingNotes: ["01"],
      },
    });
    const buyerView = await tradesUnderWay(t.ctx, { userId: buyer.id });
    expect(buyerView).toMatchObject({ total: 2, yourTurn: 1 });
    expect(buyerView.trades[0]).toMatchObject({ id: bought[0], yourTurn: true, side: "buyer", price: 3000 });
    expect(buyerView.trades[0]!.thumbUrl).toMatch(/-thumb\.webp$/);
    const afterShipping = await tradesUnderWay(t.ctx, { userId: seller.id, limit: 1 });
    expect(afterShipping).toMatchObject({ total: 2, yourTurn: 1 });
    expect(afterShipping.trades).toEqual([expect.objectContaining({ id: bought[1], yourTurn: true })]);

    // Someone with nothing under way sees nothing.
    const other = await makeMember(t.ctx);
    expect(await tradesUnderWay(t.ctx, { userId: other.id })).toEqual({ trades: [], total: 0, yourTurn: 0 });
  });
});
