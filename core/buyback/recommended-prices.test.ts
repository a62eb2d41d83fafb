import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedBuybacks, makeBuyerCompany, makeModel, placeBid } from "#tests/helpers/bid-market.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { isAppError } from "../shared/errors.ts";
import { recommendedPrices, recommendFromSample } from "./recommended-prices.ts";

describe("a recommended price from one cell's sample (pure)", () => {
  it.each([
    // accepted prices, live bids, kind → price, basis
    [[10, 20, 30, 40, 50, 60, 70, 80], [], "bullish", 60, "accepted_p75"],
    [[10, 20, 30, 40, 50, 60, 70, 80], [], "bearish", 45, "accepted_median"],
    [[30, 10, 20, 50, 40], [], "bearish", 30, "accepted_median"],
    [[30, 10, 20, 50, 40], [], "bullish", 40, "accepted_p75"],
    [[100, 100, 100], [150, 90], "bullish", 150, "best_bid"],
    [[100, 100, 100], [150, 90], "bearish", 90, "second_bid"],
    [[100, 110, 120], [105, 130], "bearish", 105, "second_bid"],
    [[100, 110, 120, 130, 140], [105], "bearish", 120, "accepted_median"],
    [[], [500, 400, 300, 200, 100], "bullish", 500, "best_bid"],
    [[], [500, 400, 300, 200, 100], "bearish", 400, "second_bid"],
    [[101, 103], [99, 98, 97], "bearish", 98, "second_bid"],
    [[101, 102, 103, 104], [200], "bearish", 102, "accepted_median"],
  ] as const)("accepted %j, bids %j, %s → %d (%s)", (accepted, bids, kind, price, basis) => {
    expect(recommendFromSample({ accepted, bids }, kind)).toEqual({
      enough: true,
      price,
      basis,
      points: accepted.length + bids.length,
    });
  });

  it("says not enough data under five points, whatever they are", () => {
    expect(recommendFromSample({ accepted: [1, 2, 3], bids: [4] }, "bullish")).toEqual({
      enough: false,
      price: null,
      basis: null,
      points: 4,
    });
    expect(recommendFromSample({ accepted: [], bids: [] }, "bearish")).toMatchObject({
      enough: false,
      points: 0,
    });
  });
});

describe.each(ENGINES)("recommended prices from the market on %s", (engine) => {
  let t: TestCore;
  let buyer: Awaited<ReturnType<typeof makeBuyerCompany>>;
  let phone: number;
  let tablet: number;
  let rival1: number;
  let rival2: number;
  const NOW = new Date("2026-11-10T03:00:00.000Z");
  const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 3600 * 1000);

  beforeAll(async () => {
    t = await createTestCore(engine);
    t.clock.set(NOW);
    buyer = await makeBuyerCompany(t.ctx.db, "自社");
    rival1 = (await makeBuyerCompany(t.ctx.db, "他社1")).companyId;
    rival2 = (await makeBuyerCompany(t.ctx.db, "他社2")).companyId;
    phone = await makeModel(t.ctx.db, "Xperia 10 V", "05", 2023);
    tablet = await makeModel(t.ctx.db, "iPad Air (第5世代)", "06", 2022);
    // Grade A, no defects: six prices paid in the window…
    await acceptedBuybacks(t.ctx.db, {
      modelId: phone,
      grade: "A",
      prices: [20_000, 22_000, 24_000, 26_000, 28_000, 30_000],
      decidedAt: daysAgo(10),
      companyId: rival1,
    });
    // …and what must not count: older than 90 days, another NG condition, a device not bought.
    await acceptedBuybacks(t.ctx.db, {
      modelId: phone,
      grade: "A",
      prices: [90_000, 90_000],
      decidedAt: daysAgo(91),
      companyId: rival1,
    });
    await acceptedBuybacks(t.ctx.db, {
      modelId: phone,
      grade: "A",
      ngConditions: ["battery"],
      prices: [5_000],
      decidedAt: daysAgo(5),
      companyId: rival1,
    });
    await acceptedBuybacks(t.ctx.db, {
      modelId: phone,
      grade: "A",
      prices: [1],
      decidedAt: daysAgo(5),
      companyId: rival1,
      state: "60",
    });
    // Live bids: two count; a disabled one, an expired one and one of another NG condition do not.
    await placeBid(t.ctx.db, { companyId: rival1, modelId: phone, grade: "A", price: 27_500 });
    await placeBid(t.ctx.db, { companyId: rival2, modelId: phone, grade: "A", price: 25_000 });
    await placeBid(t.ctx.db, {
      companyId: buyer.companyId,
      modelId: phone,
      grade: "A",
      price: 99_000,
      enabled: false,
    });
    await placeBid(t.ctx.db, {
      companyId: buyer.companyId,
      modelId: phone,
      grade: "B",
      price: 99_000,
      expiresAt: daysAgo(1),
    });
    await placeBid(t.ctx.db, {
      companyId: rival2,
      modelId: phone,
      grade: "A",
      ngCondition: "screen",
      price: 99_000,
    });
    // Grade B: only three points, not enough.
    await acceptedBuybacks(t.ctx.db, {
      modelId: phone,
      grade: "B",
      prices: [15_000, 16_000, 17_000],
      decidedAt: daysAgo(3),
      companyId: rival2,
    });
  });
  afterAll(() => t.close());

  it("bullish: the higher of the accepted prices' 75th percentile and the best live bid", async () => {
    const r = await recommendedPrices(t.ctx, {
      userId: buyer.userId,
      input: { category: "05", ng: "none", kind: "bullish" },
    });
    expect([r.windowDays, r.minSample, r.since.toISOString()]).toEqual([90, 5, daysAgo(90).toISOString()]);
    const a = r.cells.find((c) => c.modelId === phone && c.grade === "A");
    // Accepted 20,000…30,000 → P75 = 28,000; best bid 27,500.
    expect(a).toEqual({
      modelId: phone,
      grade: "A",
      price: 28_000,
      basis: "accepted_p75",
      accepted: 6,
      bids: 2,
    });
    const b = r.cells.find((c) => c.modelId === phone && c.grade === "B");
    expect(b).toEqual({ modelId: phone, grade: "B", price: null, basis: null, accepted: 3, bids: 0 });
    // Every grade of every model of the category, and nothing of another category.
    expect(r.cells).toHaveLength(5);
    expect(r.cells.some((c) => c.modelId === tablet)).toBe(false);
  });

  it("bearish: the lower of the accepted prices' median and the second-best live bid", async () => {
    const r = await recommendedPrices(t.ctx, {
      userId: buyer.userId,
      input: { category: "05", ng: "none", kind: "bearish" },
    });
    // Median of 20,000…30,000 = 25,000; second-best bid 25,000 — equal: the median is taken first.
    expect(r.cells.find((c) => c.grade === "A")).toMatchObject({ price: 25_000, basis: "accepted_median" });
  });

  it("per NG condition: the battery defect's single price is not enough", async () => {
    const r = await recommendedPrices(t.ctx, {
      userId: buyer.userId,
      input: { category: "05", ng: "battery", kind: "bullish" },
    });
    expect(r.cells.find((c) => c.grade === "A")).toMatchObject({ price: null, accepted: 1, bids: 0 });
  });

  it("is for buyers only, and refuses an unknown kind", async () => {
    const member = await makeMember(t.ctx);
    const denied = await recommendedPrices(t.ctx, {
      userId: member.id,
      input: { category: "05", ng: "none", kind: "bullish" },
    }).catch((e: unknown) => e);
    expect(isAppError(denied) && denied.code).toBe("FORBIDDEN");
    const bad = await recommendedPrices(t.ctx, {
      userId: buyer.userId,
      input: { category: "05", ng: "none", kind: "sideways" as "bullish" },
    }).catch((e: unknown) => e);
    expect(isAppError(bad) && bad.code).toBe("VALIDATION");
  });
});
