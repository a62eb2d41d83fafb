import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buybackBids, buybackCompanies, deviceModels } from "#db/schema/index.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { isAppError } from "../shared/errors.ts";
import { estimateCondition, primaryNg } from "./offer.ts";
import { listQuoteModels, QUOTE_CONDITION_CODES, QUOTE_CONDITIONS, quickQuote } from "./quick-quote.ts";

describe.each(ENGINES)("the instant quote on %s", (engine) => {
  let t: TestCore;
  let phone: number;
  let tablet: number;
  let unpriced: number;
  beforeAll(async () => {
    t = await createTestCore(engine);
    const models = await t.ctx.db
      .insert(deviceModels)
      .values([
        { brandCode: "00001", categoryCode: "05", name: "iPhone 13" },
        { brandCode: "00001", categoryCode: "06", name: "iPad (第9世代)" },
        { brandCode: "00005", categoryCode: "05", name: "Pixel 7" },
      ])
      .returning({ id: deviceModels.id });
    [phone, tablet, unpriced] = models.map((m) => m.id) as [number, number, number];
    const [a, b] = (
      await t.ctx.db
        .insert(buybackCompanies)
        .values([{ name: "見積A株式会社" }, { name: "見積B株式会社" }])
        .returning({ id: buybackCompanies.id })
    ).map((r) => r.id) as [number, number];
    const bid = (o: Omit<typeof buybackBids.$inferInsert, "enabled">) =>
      t.ctx.db.insert(buybackBids).values({ enabled: true, ...o });
    // Two buyers on B/none: only the better one is public, so only it counts.
    await bid({ companyId: a, modelId: phone, grade: "B", ngCondition: "none", price: 40_000 });
    await bid({ companyId: b, modelId: phone, grade: "B", ngCondition: "none", price: 45_000 });
    await bid({ companyId: a, modelId: phone, grade: "B", ngCondition: "battery", price: 36_000 });
    await bid({ companyId: b, modelId: phone, grade: "J", ngCondition: "screen", price: 8_000 });
    // Not live: disabled, or its cap reached.
    await t.ctx.db.insert(buybackBids).values({
      companyId: a,
      modelId: phone,
      grade: "A",
      ngCondition: "none",
      price: 60_000,
      enabled: false,
    });
    await bid({
      companyId: b,
      modelId: phone,
      grade: "C",
      ngCondition: "none",
      price: 30_000,
      quantityCap: 1,
      reserved: 1,
    });
    await bid({ companyId: a, modelId: tablet, grade: "A", ngCondition: "none", price: 20_000 });
  });
  afterAll(() => t.close());

  it("ranges over the best public price of each cell the condition covers", async () => {
    const used = await quickQuote(t.ctx, { modelId: phone, condition: "used" });
    expect(used.range).toEqual({ min: 36_000, max: 45_000 });
    expect(used.model).toMatchObject({ id: phone, name: "iPhone 13", categoryCode: "05" });
    expect(used.answers).toEqual({ appearance: "used" });
    // One cell: one price, as the model's price page shows it.
    expect((await quickQuote(t.ctx, { modelId: phone, condition: "screen" })).range).toEqual({
      min: 8_000,
      max: 8_000,
    });
  });

  it("says no price when no live bid covers the condition, whoever else bids", async () => {
    expect((await quickQuote(t.ctx, { modelId: phone, condition: "like_new" })).range).toBeNull();
    expect((await quickQuote(t.ctx, { modelId: phone, condition: "worn" })).range).toBeNull();
    expect((await quickQuote(t.ctx, { modelId: unpriced, condition: "used" })).range).toBeNull();
    const missing = await quickQuote(t.ctx, { modelId: 999_999, condition: "used" }).catch((e) => e);
    expect(isAppError(missing) && missing.code).toBe("NOT_FOUND");
  });

  it("offers only the models with a price now, category by category", async () => {
    const models = await listQuoteModels(t.ctx);
    expect(models.map((m) => m.id)).toEqual([phone, tablet]);
    expect(models[0]).toMatchObject({ brandName: "Apple", categoryCode: "05" });
  });

  it("each condition's answers lead the estimate to one of its cells", () => {
    const working = { power: "yes", screen: "ok", battery: "ok", camera: "ok", sensor: "ok", network: "○" };
    for (const code of QUOTE_CONDITION_CODES) {
      const { cells, answers } = QUOTE_CONDITIONS[code];
      const base = { appearance: "used", ...working, ...answers };
      const { grade, ngConditions } = estimateCondition(base);
      expect(cells.some(([g, ng]) => g === grade && ng === primaryNg(ngConditions))).toBe(true);
    }
  });
});
