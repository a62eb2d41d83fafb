import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deviceModels, items } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { brandMarketPrices, MARKET_RULES, marketPrice, modelMarketPrices } from "./market-prices.ts";

const NOW = "2026-11-22T03:00:00Z";
const daysAgo = (days: number) => new Date(new Date(NOW).getTime() - days * 24 * 3600 * 1000);

describe.each(ENGINES)("market prices on %s", (engine) => {
  let t: TestCore;
  let iphone13: number;
  let pixel8: number;
  let seller: Awaited<ReturnType<typeof makeMember>>;

  /** A listing of the model that sold at a price on a day (or one still on sale). */
  async function sale(o: { modelId: number; condition: string; price: number; soldDaysAgo: number | null }) {
    const id = await listItem(t.ctx, seller, {
      modelId: String(o.modelId),
      condition: o.condition as "USED",
      price: String(o.price),
      brandCode: o.modelId === iphone13 ? "00001" : "00005",
    });
    if (o.soldDaysAgo !== null) {
      await t.ctx.db
        .update(items)
        .set({ state: "SOLD", soldAt: daysAgo(o.soldDaysAgo) })
        .where(eq(items.id, id));
    }
  }

  beforeAll(async () => {
    t = await createTestCore(engine, NOW);
    await seedDeviceModels(t.ctx.db);
    const models = await t.ctx.db.select().from(deviceModels);
    iphone13 = models.find((m) => m.name === "iPhone 13")!.id;
    pixel8 = models.find((m) => m.name === "Pixel 8")!.id;
    seller = await makeMember(t.ctx);
    // Eight junk iPhone 13s sold in the window: four in the last 30 days, four in the 60 before.
    const window: [number, number][] = [
      [10_000, 80],
      [12_000, 70],
      [13_000, 60],
      [15_000, 40],
      [16_000, 25],
      [18_000, 20],
      [20_000, 10],
      [30_000, 2],
    ];
    for (const [price, soldDaysAgo] of window) {
      await sale({ modelId: iphone13, condition: "DEFECTIVE", price, soldDaysAgo });
    }
    // Not counted: sold before the window, still on sale, or another condition.
    await sale({ modelId: iphone13, condition: "DEFECTIVE", price: 49_000, soldDaysAgo: 91 });
    await sale({ modelId: iphone13, condition: "DEFECTIVE", price: 1_000, soldDaysAgo: null });
    for (const price of [40_000, 42_000, 45_000]) {
      await sale({ modelId: iphone13, condition: "USED", price, soldDaysAgo: 5 });
    }
    // Five Pixel 8s sold at one price: flat.
    for (const soldDaysAgo of [50, 45, 40, 10, 5]) {
      await sale({ modelId: pixel8, condition: "USED", price: 30_000, soldDaysAgo });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives the median and quartiles of the sales in the window, to the yen", async () => {
    const m = await marketPrice(t.ctx, { modelId: iphone13, condition: "DEFECTIVE" });
    // Quartiles by linear interpolation: position (n − 1) × p among the sorted prices.
    expect(m).toEqual({
      modelId: iphone13,
      condition: "DEFECTIVE",
      count: 8,
      enough: true,
      median: 15_500,
      q1: 12_750,
      q3: 18_500,
      // The last 30 days' median (16,000, 18,000, 20,000, 30,000 → 19,000) against the 60 before
      // (10,000, 12,000, 13,000, 15,000 → 12,500): up 52%.
      trend: { direction: "up", changePercent: 52 },
      windowDays: MARKET_RULES.windowDays,
    });
  });

  it("shows no figures below five sales, only how many there were", async () => {
    const m = await marketPrice(t.ctx, { modelId: iphone13, condition: "USED" });
    expect(m).toMatchObject({ count: 3, enough: false, median: null, q1: null, q3: null, trend: null });
    const none = await marketPrice(t.ctx, { modelId: iphone13, condition: "UNUSABLE" });
    expect(none).toMatchObject({ count: 0, enough: false, median: null });
  });

  it("calls an unchanged market flat", async () => {
    const m = await marketPrice(t.ctx, { modelId: pixel8, condition: "USED" });
    expect(m).toMatchObject({ count: 5, median: 30_000, q1: 30_000, q3: 30_000 });
    expect(m.trend).toEqual({ direction: "flat", changePercent: 0 });
  });

  it("moves with time: a sale leaves the window after 90 days", async () => {
    t.clock.set(new Date(new Date(NOW).getTime() + 11 * 24 * 3600 * 1000));
    try {
      const m = await marketPrice(t.ctx, { modelId: iphone13, condition: "DEFECTIVE" });
      expect(m.count).toBe(7);
      expect(m.median).toBe(16_000);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("lists a model's conditions and a brand's models", async () => {
    const conditions = await modelMarketPrices(t.ctx, { modelId: iphone13 });
    expect(conditions.map((c) => [c.condition, c.count])).toEqual([
      ["DEFECTIVE", 8],
      ["USED", 3],
    ]);
    const apple = await brandMarketPrices(t.ctx, { brandCode: "00001" });
    expect(apple.map((r) => r.modelName)).toEqual(["iPhone 13"]);
    expect(apple[0]!.prices.map((p) => p.median)).toEqual([15_500, null]);
    expect(await brandMarketPrices(t.ctx, { brandCode: "00017" })).toEqual([]);
  });
});
