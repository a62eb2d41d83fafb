import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { getBalance } from "../money/ledger/get-balance.ts";
import { getTransaction } from "./get-transaction.ts";
import { purchaseItem } from "./purchase-item.ts";
import { rateTransaction } from "./rate-transaction.ts";
import { shipItem } from "./ship-item.ts";

describe.each(ENGINES)("the courier's fee on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // A Sunday afternoon in Tokyo, away from the courier's maintenance window.
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });

  /** A sale by card of a listing shipped with らくらくTsugu便 ("10"), at `price` with `postage`. */
  async function sale(price: number, postage: "INCLUDED" | "ARRIVAL") {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: String(price), shippingMethod: "10", postage });
    const bought = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx) },
      returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
    });
    return { seller, buyer, id: bought.transactionId };
  }
  const ship = (seller: SessionUser, id: number, invoiceKind: string, parcelSize?: string) =>
    shipItem(t.ctx, {
      actor: seller,
      transactionId: id,
      input: { invoiceKind, ...(parcelSize ? { parcelSize } : {}), shippingType: "01" },
    });
  async function complete(s: { seller: SessionUser; buyer: SessionUser; id: number }) {
    for (const actor of [s.buyer, s.seller]) {
      await rateTransaction(t.ctx, { actor, transactionId: s.id, input: { rating: "good", comment: "" } });
    }
  }

  it("takes the label's fee from the proceeds when the postage is in the price, and says so on the sale", async () => {
    const s = await sale(3000, "INCLUDED");
    await ship(s.seller, s.id, "12");
    const before = await getTransaction(t.ctx, { actor: s.seller, transactionId: s.id });
    expect(before).toMatchObject({ fee: 150, courierFee: 350, proceeds: 3000 - 150 - 350 });
    // The buyer is not told what the seller pays.
    expect(await getTransaction(t.ctx, { actor: s.buyer, transactionId: s.id })).toMatchObject({
      postage: "INCLUDED",
    });
    await complete(s);
    expect((await getBalance(t.ctx, { userId: s.seller.id })).proceeds).toBe(2500);
    expect(await getBalance(t.ctx, { userId: s.buyer.id })).toMatchObject({ escrow: 0 });
  });

  it("charges the seller nothing when the buyer pays on arrival", async () => {
    const s = await sale(3000, "ARRIVAL");
    await ship(s.seller, s.id, "01", "80");
    const view = await getTransaction(t.ctx, { actor: s.buyer, transactionId: s.id });
    expect(view).toMatchObject({ postage: "ARRIVAL", courierFee: 0 });
    expect(view.shipment?.fee).toBe(800);
    await complete(s);
    expect((await getBalance(t.ctx, { userId: s.seller.id })).proceeds).toBe(3000 - 150);
  });

  it("refuses a label dearer than the proceeds, naming the size's fee, and takes a cheaper one", async () => {
    // The lowest price a courier listing takes (¥1,000) leaves 950 of proceeds.
    const s = await sale(1000, "INCLUDED");
    const refused = said(await failure(ship(s.seller, s.id, "01", "160")));
    expect(refused.fields.parcelSize?.ja).toBe(
      "この大きさの送料（1,600円）が販売利益（950円）を上回るため選べません。小さいサイズで送れないときは、この画面から事務局にご相談ください",
    );
    expect(said(await failure(ship(s.seller, s.id, "01", "100"))).fields.parcelSize?.en).toContain(
      "(¥1,000)",
    );
    expect((await ship(s.seller, s.id, "01", "80")).state).toBe("SHIPPING");
    await complete(s);
    expect((await getBalance(t.ctx, { userId: s.seller.id })).proceeds).toBe(1000 - 50 - 800);
  });
});
