import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords } from "#db/schema/index.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { getPurchaseQuote, listPickupSpots } from "./get-purchase-quote.ts";
import { getTransaction } from "./get-transaction.ts";
import { purchaseItem } from "./purchase-item.ts";
import { shipItem } from "./ship-item.ts";

describe.each(ENGINES)("collecting at a pickup spot (delivery method 11) on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // A Sunday afternoon in Tokyo, away from the courier's maintenance window.
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(() => t.close());

  const buy = async (buyer: Awaited<ReturnType<typeof makeBuyer>>, itemId: number, pickupSpotId?: string) =>
    purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: {
        paymentMethod: "card",
        cardToken: await cardToken(t.ctx),
        ...(pickupSpotId && { pickupSpotId }),
      },
      returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
    });

  it("offers the spots near the buyer's address for an easy-delivery item, and keeps the chosen one", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "12000", shippingMethod: "10" });
    const quote = await getPurchaseQuote(t.ctx, { actor: buyer, itemId });
    expect(quote.pickupSpots?.map((s) => s.kind)).toEqual(["office", "familymart", "locker"]);
    expect(quote.pickupSpots?.[0]?.address).toContain("東京都渋谷区神宮前");
    const spot = quote.pickupSpots![1]!;
    expect(await listPickupSpots(t.ctx, { actor: buyer, itemId })).toEqual(quote.pickupSpots);

    const bought = await buy(buyer, itemId, spot.id);
    expect(bought.state).toBe("START");
    const asBuyer = await getTransaction(t.ctx, { actor: buyer, transactionId: bought.transactionId });
    expect(asBuyer).toMatchObject({ deliveryMethod: "11", pickupSpot: spot });
    // The address part stays the buyer's own: the name and phone the counter checks.
    expect(asBuyer.shippingAddress).toMatchObject({ name: "山田 花子", phone: "09012345678" });
    expect(asBuyer.shippingAddress).not.toHaveProperty("pickupSpot");

    // Nekoposu goes into a letterbox, never to a spot; Compact does, and the invoice names the spot.
    const nekoposu = await failure(
      shipItem(t.ctx, {
        actor: seller,
        transactionId: bought.transactionId,
        input: { invoiceKind: "13", shippingType: "02" },
      }),
    );
    expect(said(nekoposu).fields.invoiceKind?.ja).toContain("ネコポスで送れません");
    await shipItem(t.ctx, {
      actor: seller,
      transactionId: bought.transactionId,
      input: { invoiceKind: "12", shippingType: "02" },
    });
    const [invoice] = await t.ctx.db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.provider, "courier"),
          eq(sandboxRecords.reference, `transaction-${bought.transactionId}`),
        ),
      );
    expect((invoice!.data as { request: { pickupSpotId: string } }).request.pickupSpotId).toBe(spot.id);
    const asSeller = await getTransaction(t.ctx, { actor: seller, transactionId: bought.transactionId });
    expect(asSeller).toMatchObject({
      state: "SHIPPING",
      deliveryMethod: "11",
      pickupSpot: { name: spot.name },
    });
  });

  it("delivers to the address when no spot is chosen", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "3000", shippingMethod: "10" });
    const bought = await buy(buyer, itemId);
    const view = await getTransaction(t.ctx, { actor: buyer, transactionId: bought.transactionId });
    expect(view).toMatchObject({ deliveryMethod: "10", pickupSpot: null });
  });

  it("refuses a spot for an item not sent by easy delivery, and a spot that is not near the buyer", async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const byPost = await listItem(t.ctx, seller, { price: "3000", shippingMethod: "05" });
    expect((await getPurchaseQuote(t.ctx, { actor: buyer, itemId: byPost })).pickupSpots).toBeNull();
    expect(await listPickupSpots(t.ctx, { actor: buyer, itemId: byPost })).toBeNull();
    expect((await failure(listPickupSpots(t.ctx, { actor: buyer, itemId: 999_999_999 }))).code).toBe(
      "NOT_FOUND",
    );
    const notOffered = await failure(buy(buyer, byPost, "spot_office_0123456789"));
    expect(notOffered.code).toBe("VALIDATION");
    expect(said(notOffered).fields.pickupSpotId?.ja).toContain("受け取りスポットでは受け取れません");

    const easy = await listItem(t.ctx, seller, { price: "3000", shippingMethod: "10" });
    const elsewhere = await failure(buy(buyer, easy, "spot_office_ffffffffff"));
    expect(said(elsewhere).fields.pickupSpotId?.en).toContain("was not found");
    const malformed = await failure(buy(buyer, easy, "../../etc"));
    expect(malformed.code).toBe("VALIDATION");
    // Nothing was sold by the refused attempts.
    expect((await getPurchaseQuote(t.ctx, { actor: buyer, itemId: easy })).refusal).toBeNull();
  });
});
