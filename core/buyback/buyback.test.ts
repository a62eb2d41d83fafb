import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuybackAddress,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackItems,
  deviceModels,
  stateHistory,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { isAppError } from "../shared/errors.ts";
import { bestBid, bestPricesOfModel, reserveBid } from "./bids.ts";
import { makeOffer } from "./make-offer.ts";
import { computeOffer, estimateCondition, primaryNg } from "./offer.ts";

const ADDRESS: BuybackAddress = {
  familyName: "山田",
  givenName: "太郎",
  familyNameKana: "ヤマダ",
  givenNameKana: "タロウ",
  postalCode: "1010041",
  prefectureCode: "13",
  city: "千代田区",
  street: "神田須田町1-1",
  building: "",
  phone: "09012345678",
};

describe("offers from bids (pure)", () => {
  it("the deductions and the amount add up to the bid", () => {
    const o = computeOffer(30_000, {
      ngConditions: ["battery", "screen", "camera"],
      networkRestriction: "△",
      nonGenuineParts: "battery",
    });
    expect(o.deductions.map((d) => d.code)).toEqual([
      "extra_defect:camera",
      "extra_defect:battery",
      "network_pending",
      "non_genuine_parts",
    ]);
    expect(o.deductions.reduce((s, d) => s + d.amount, 0) + o.amount).toBe(30_000);
    expect(o.amount).toBe(18_000);
  });

  it("prices a device by its worst defect", () => {
    expect(primaryNg([])).toBe("none");
    expect(primaryNg(["battery", "no_power", "screen"])).toBe("no_power");
  });

  it("estimates a grade and defects from the member's answers", () => {
    expect(estimateCondition({ power: "yes", appearance: "like_new" })).toEqual({
      grade: "A",
      ngConditions: [],
    });
    expect(
      estimateCondition({ power: "yes", screen: "cracked", battery: "weak", appearance: "used" }),
    ).toEqual({
      grade: "J",
      ngConditions: ["screen", "battery"],
    });
    expect(estimateCondition({ appearance: "unused", battery: "weak" }).grade).toBe("A");
  });
});

describe.each(ENGINES)("bids and offers on %s", (engine) => {
  let t: TestCore;
  let modelId: number;
  let companies: number[];
  beforeAll(async () => {
    t = await createTestCore(engine);
    const [model] = await t.ctx.db
      .insert(deviceModels)
      .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128] })
      .returning({ id: deviceModels.id });
    modelId = model?.id as number;
    const rows = await t.ctx.db
      .insert(buybackCompanies)
      .values([{ name: "買取A株式会社" }, { name: "買取B株式会社" }, { name: "買取C株式会社" }])
      .returning({ id: buybackCompanies.id });
    companies = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  async function bid(companyId: number, price: number, more: Partial<typeof buybackBids.$inferInsert> = {}) {
    const [row] = await t.ctx.db
      .insert(buybackBids)
      .values({
        companyId,
        modelId,
        grade: "B",
        ngCondition: "none",
        price,
        enabled: true,
        priceSetAt: t.clock.now(),
        ...more,
      })
      .onConflictDoUpdate({
        target: [buybackBids.companyId, buybackBids.modelId, buybackBids.grade, buybackBids.ngCondition],
        set: { price, enabled: true, priceSetAt: t.clock.now(), ...more },
      })
      .returning();
    return row as typeof buybackBids.$inferSelect;
  }

  async function gradedItem(grade: "A" | "B" = "B") {
    const member = await makeMember(t.ctx);
    const [app] = await t.ctx.db
      .insert(buybackApplications)
      .values({ userId: member.id, shippingMethod: "kit", address: ADDRESS, requestKey: `k${member.id}` })
      .returning();
    const [item] = await t.ctx.db
      .insert(buybackItems)
      .values({
        applicationId: app?.id as number,
        userId: member.id,
        modelId,
        state: "30",
        grade,
        ngConditions: [],
        diagnostics: { networkRestriction: { value: "△" }, nonGenuineParts: { value: "none" } },
      })
      .returning();
    return item as typeof buybackItems.$inferSelect;
  }

  it("the best price wins; of equal prices the one set first; disabled, expired and full bids never count", async () => {
    const [a, b, c] = companies as [number, number, number];
    await bid(a, 30_000);
    t.clock.advance(1000);
    await bid(b, 30_000);
    await bid(c, 40_000, { enabled: false });
    const now = t.clock.now();
    expect((await bestBid(t.ctx.db, { modelId, grade: "B", ngCondition: "none", now }))?.companyId).toBe(a);
    await bid(c, 45_000, { expiresAt: new Date(now.getTime() - 1) });
    expect((await bestBid(t.ctx.db, { modelId, grade: "B", ngCondition: "none", now }))?.companyId).toBe(a);
    await bid(c, 45_000, { expiresAt: null, quantityCap: 0 });
    expect((await bestBid(t.ctx.db, { modelId, grade: "B", ngCondition: "none", now }))?.price).toBe(30_000);
    expect(await bestPricesOfModel(t.ctx.db, modelId, now)).toEqual([
      expect.objectContaining({ grade: "B", ngCondition: "none", price: 30_000 }),
    ]);
    expect(await bestBid(t.ctx.db, { modelId, grade: "A", ngCondition: "none", now })).toBeNull();
  });

  it("a grade with no bid gets no offer; a bid makes the offer with its deductions and holds a unit", async () => {
    const grader = await makeOperator(t.ctx, ["grader"]);
    const noBid = await gradedItem("A");
    expect(await makeOffer(t.ctx, { itemId: noBid.id, action: "offer", graderId: grader.id })).toEqual({
      offered: false,
    });
    const [a] = companies as [number];
    const capped = await bid(a, 30_000, { quantityCap: 1, reserved: 0 });
    const item = await gradedItem();
    const outcome = await makeOffer(t.ctx, { itemId: item.id, action: "offer", graderId: grader.id });
    expect(outcome).toMatchObject({
      offered: true,
      companyId: a,
      breakdown: { bid: 30_000, amount: 27_000 },
    });
    const [after] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, item.id));
    expect(after).toMatchObject({ state: "40", offerAmount: 27_000, offerCompanyId: a });
    const [held] = await t.ctx.db.select().from(buybackBids).where(eq(buybackBids.id, capped.id));
    expect(held?.reserved).toBe(1);
    // The cap is reached: the next device goes to the next best bid.
    const next = await gradedItem();
    const second = await makeOffer(t.ctx, { itemId: next.id, action: "offer", graderId: grader.id });
    expect(second).toMatchObject({ offered: true, companyId: companies[1] });
    expect(await reserveBid(t.ctx.db, capped.id, t.clock.now())).toBe(false);
    const history = await t.ctx.db.select().from(stateHistory).where(eq(stateHistory.rowId, item.id));
    expect(history.map((h) => [h.machine, h.fromState, h.toState])).toContainEqual([
      "buyback_item",
      "30",
      "40",
    ]);
  });

  it("a regrade with no bid for the new grade is refused and the old offer stands", async () => {
    const grader = await makeOperator(t.ctx, ["grader"]);
    const item = await gradedItem();
    await makeOffer(t.ctx, { itemId: item.id, action: "offer", graderId: grader.id });
    await t.ctx.db.update(buybackItems).set({ grade: "A" }).where(eq(buybackItems.id, item.id));
    const refused = await t.ctx.db
      .transaction((tx) =>
        makeOffer({ ...t.ctx, db: tx }, { itemId: item.id, action: "regrade", graderId: grader.id }),
      )
      .catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("CONFLICT");
    const [after] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, item.id));
    expect(after?.offerBidId).not.toBeNull();
  });
});
