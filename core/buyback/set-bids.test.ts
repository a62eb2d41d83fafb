import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, buybackBids } from "#db/schema/index.ts";
import { makeBuyerCompany, makeModel, placeBid } from "#tests/helpers/bid-market.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { type AppError, isAppError, localizeError } from "../shared/errors.ts";
import type { TSaveBids } from "./bid-input.ts";
import { bestBid } from "./bids.ts";
import { listBids } from "./list-bids.ts";
import { setBids } from "./set-bids.ts";

const DAY = 24 * 3600 * 1000;

async function refused(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

type Cell = {
  grade: "S" | "A" | "B" | "C" | "J";
  price: string | number | null;
  enabled: boolean;
  bidId?: number;
};
const row = (modelId: number, cells: Cell[], more: Partial<TSaveBids["rows"][number]> = {}) => ({
  modelId,
  ngCondition: "none" as const,
  quantityCap: null,
  expiresOn: null,
  cells,
  ...more,
});

describe.each(ENGINES)("saving the bid price list on %s", (engine) => {
  let t: TestCore;
  let a: Awaited<ReturnType<typeof makeBuyerCompany>>;
  let b: Awaited<ReturnType<typeof makeBuyerCompany>>;
  let iphone13: number;
  let iphone14: number;
  let ipad: number;

  beforeAll(async () => {
    t = await createTestCore(engine);
    // 2026-11-10 12:00 in Tokyo.
    t.clock.set("2026-11-10T03:00:00.000Z");
    a = await makeBuyerCompany(t.ctx.db, "買取A株式会社");
    b = await makeBuyerCompany(t.ctx.db, "買取B株式会社");
    iphone13 = await makeModel(t.ctx.db, "iPhone 13", "05", 2021);
    iphone14 = await makeModel(t.ctx.db, "iPhone 14", "05", 2022);
    ipad = await makeModel(t.ctx.db, "iPad (第9世代)", "06", 2021);
  });
  afterAll(() => t.close());

  const bidsOf = (companyId: number, modelId: number) =>
    t.ctx.db
      .select()
      .from(buybackBids)
      .where(and(eq(buybackBids.companyId, companyId), eq(buybackBids.modelId, modelId)))
      .orderBy(buybackBids.grade);

  it("saves checked prices as live bids, skips empty cells, and writes who changed what to the audit log", async () => {
    const saved = await setBids(t.ctx, {
      userId: a.userId,
      input: {
        rows: [
          row(iphone13, [
            { grade: "S", price: "52,000", enabled: true },
            { grade: "A", price: "４５０００円", enabled: true },
            { grade: "B", price: 38_000, enabled: false },
            { grade: "C", price: "", enabled: false },
            { grade: "J", price: null, enabled: false },
          ]),
        ],
      },
    });
    expect(saved).toEqual({ created: 3, updated: 0, unchanged: 0 });
    const rows = await bidsOf(a.companyId, iphone13);
    expect(rows.map((r) => [r.grade, r.price, r.enabled])).toEqual([
      ["A", 45_000, true],
      ["B", 38_000, false],
      ["S", 52_000, true],
    ]);
    expect(rows.every((r) => r.updatedBy === a.userId)).toBe(true);
    const now = t.clock.now();
    expect(
      (await bestBid(t.ctx.db, { modelId: iphone13, grade: "A", ngCondition: "none", now }))?.price,
    ).toBe(45_000);
    // An unchecked price is kept but is no bid.
    expect(await bestBid(t.ctx.db, { modelId: iphone13, grade: "B", ngCondition: "none", now })).toBeNull();
    const a45 = rows.find((r) => r.grade === "A")!;
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "buyback_bid"), eq(auditLog.targetId, String(a45.id))));
    expect(entry?.actorId).toBe(a.userId);
    expect(entry?.action).toBe("buyback_bids:save");
    expect(entry?.changes).toMatchObject({
      price: [null, 45_000],
      enabled: [null, true],
      grade: [null, "A"],
    });
  });

  it("refuses a checked cell without a price with the §5 message, in Japanese and English, and changes nothing", async () => {
    const before = await bidsOf(a.companyId, iphone13);
    const error = await refused(
      setBids(t.ctx, {
        userId: a.userId,
        input: {
          rows: [
            row(iphone13, [
              { grade: "S", price: "60000", enabled: true },
              { grade: "C", price: "", enabled: true },
            ]),
          ],
        },
      }),
    );
    expect(error.code).toBe("VALIDATION");
    expect(localizeError(error, "ja").fields).toEqual({
      "rows.0.cells.1.enabled": "金額を入力してからチェックしてください",
    });
    expect(localizeError(error, "en").fields).toEqual({
      "rows.0.cells.1.enabled": "If money is not input, it can not be checked",
    });
    expect(await bidsOf(a.companyId, iphone13)).toEqual(before);
  });

  it.each([["-100"], [-100], ["1.5"], [1.5], ["0"], ["10000000"], ["abc"], ["1e5"]])(
    "refuses the price %j (whole yen 1–9,999,999 only)",
    async (price) => {
      const error = await refused(
        setBids(t.ctx, {
          userId: a.userId,
          input: { rows: [row(iphone14, [{ grade: "A", price, enabled: true }])] },
        }),
      );
      expect(error.code).toBe("VALIDATION");
      expect(localizeError(error, "ja").fields["rows.0.cells.0.price"]).toBe(
        "金額は1円から9,999,999円までの整数で入力してください",
      );
      expect(await bidsOf(a.companyId, iphone14)).toEqual([]);
    },
  );

  it("refuses a cap that is negative, a decimal, or below the devices already held on the bids", async () => {
    for (const cap of ["-1", 2.5, "x"]) {
      const error = await refused(
        setBids(t.ctx, {
          userId: a.userId,
          input: {
            rows: [row(iphone14, [{ grade: "A", price: 1000, enabled: true }], { quantityCap: cap })],
          },
        }),
      );
      expect(localizeError(error, "en").fields["rows.0.quantityCap"]).toBe(
        "Enter the quantity cap as a whole number from 0 to 99,999 (leave it empty for no cap)",
      );
    }
    await t.ctx.db
      .update(buybackBids)
      .set({ reserved: 3 })
      .where(and(eq(buybackBids.companyId, a.companyId), eq(buybackBids.grade, "S")));
    const error = await refused(
      setBids(t.ctx, {
        userId: a.userId,
        input: { rows: [row(iphone13, [{ grade: "S", price: 52_000, enabled: true }], { quantityCap: 2 })] },
      }),
    );
    expect(localizeError(error, "ja").fields["rows.0.quantityCap"]).toBe(
      "この機種はすでに3台が査定中または買取済みのため、上限台数は3以上にしてください",
    );
    const ok = await setBids(t.ctx, {
      userId: a.userId,
      input: { rows: [row(iphone13, [{ grade: "S", price: 52_000, enabled: true }], { quantityCap: "3" })] },
    });
    expect(ok.updated).toBe(1);
    expect((await bidsOf(a.companyId, iphone13)).find((r) => r.grade === "S")?.quantityCap).toBe(3);
  });

  it("takes an expiry 1 to 30 days ahead (Tokyo dates), standing through that day; keeps one already set", async () => {
    for (const day of ["2026-11-10", "2026-12-11", "2026-13-01", "11/20"]) {
      const error = await refused(
        setBids(t.ctx, {
          userId: a.userId,
          input: { rows: [row(iphone14, [{ grade: "A", price: 1000, enabled: true }], { expiresOn: day })] },
        }),
      );
      expect(Object.keys(localizeError(error, "ja").fields)).toEqual(["rows.0.expiresOn"]);
    }
    await setBids(t.ctx, {
      userId: a.userId,
      input: {
        rows: [row(iphone14, [{ grade: "A", price: 20_000, enabled: true }], { expiresOn: "2026-12-10" })],
      },
    });
    const [bid] = await bidsOf(a.companyId, iphone14);
    expect(bid?.expiresAt?.toISOString()).toBe("2026-12-10T15:00:00.000Z");
    // Weeks later the same expiry, now under a day away, is still accepted as it stands.
    t.clock.set("2026-12-10T10:00:00.000Z");
    const again = await setBids(t.ctx, {
      userId: a.userId,
      input: {
        rows: [row(iphone14, [{ grade: "A", price: 21_000, enabled: true }], { expiresOn: "2026-12-10" })],
      },
    });
    expect(again.updated).toBe(1);
    t.clock.set("2026-12-11T00:00:00.000Z");
    expect(
      await bestBid(t.ctx.db, { modelId: iphone14, grade: "A", ngCondition: "none", now: t.clock.now() }),
    ).toBeNull();
    t.clock.set("2026-11-10T03:00:00.000Z");
  });

  it("moves price_set_at only when the price changes, so an equal earlier bid keeps winning", async () => {
    const model = await makeModel(t.ctx.db, "Pixel 8", "05", 2023);
    const save = (userId: number, price: number, enabled = true) =>
      setBids(t.ctx, { userId, input: { rows: [row(model, [{ grade: "B", price, enabled }])] } });
    await save(a.userId, 30_000);
    t.clock.advance(60_000);
    await save(b.userId, 30_000);
    t.clock.advance(60_000);
    // A stops and restarts its bid at the same price: it keeps its place.
    await save(a.userId, 30_000, false);
    await save(a.userId, 30_000, true);
    const now = t.clock.now();
    expect(
      (await bestBid(t.ctx.db, { modelId: model, grade: "B", ngCondition: "none", now }))?.companyId,
    ).toBe(a.companyId);
    // A changes its price and back: now B's price was set first.
    await save(a.userId, 29_000);
    await save(a.userId, 30_000);
    expect(
      (await bestBid(t.ctx.db, { modelId: model, grade: "B", ngCondition: "none", now: t.clock.now() }))
        ?.companyId,
    ).toBe(b.companyId);
    const unchanged = await save(b.userId, 30_000);
    expect(unchanged).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it("never touches another company's bid: naming it is not found, and saving the same cell makes the buyer's own", async () => {
    const theirs = await placeBid(t.ctx.db, {
      companyId: b.companyId,
      modelId: ipad,
      grade: "A",
      price: 40_000,
    });
    const error = await refused(
      setBids(t.ctx, {
        userId: a.userId,
        input: {
          rows: [row(ipad, [{ grade: "A", price: 1, enabled: false, bidId: theirs }])],
        },
      }),
    );
    expect(error.code).toBe("NOT_FOUND");
    expect(localizeError(error, "ja").message).toBe(
      "この入札は見つかりません。変更できるのは自社の入札だけです",
    );
    const [still] = await bidsOf(b.companyId, ipad);
    expect([still?.price, still?.enabled]).toEqual([40_000, true]);
    expect(await bidsOf(a.companyId, ipad)).toEqual([]);
    await setBids(t.ctx, {
      userId: a.userId,
      input: { rows: [row(ipad, [{ grade: "A", price: 35_000, enabled: true }])] },
    });
    expect((await bidsOf(b.companyId, ipad))[0]?.price).toBe(40_000);
    expect((await bidsOf(a.companyId, ipad))[0]?.price).toBe(35_000);
  });

  it("refuses an unknown model, a repeated row, and anyone who is not a buyer", async () => {
    const unknown = await refused(
      setBids(t.ctx, {
        userId: a.userId,
        input: { rows: [row(99_999_999, [{ grade: "A", price: 1000, enabled: true }])] },
      }),
    );
    expect(localizeError(unknown, "en").fields).toEqual({ "rows.0.modelId": "This model does not exist" });
    const twice = await refused(
      setBids(t.ctx, {
        userId: a.userId,
        input: {
          rows: [
            row(iphone14, [{ grade: "A", price: 1000, enabled: true }]),
            row(iphone14, [{ grade: "S", price: 1000, enabled: true }]),
          ],
        },
      }),
    );
    expect(Object.keys(localizeError(twice, "en").fields)).toEqual(["rows.1.modelId"]);
    const member = await makeMember(t.ctx);
    const forbidden = await refused(
      setBids(t.ctx, {
        userId: member.id,
        input: { rows: [row(iphone14, [{ grade: "A", price: 1000, enabled: true }])] },
      }),
    );
    expect(forbidden.code).toBe("FORBIDDEN");
    expect((await refused(listBids(t.ctx, { userId: member.id, input: {} }))).code).toBe("FORBIDDEN");
  });

  it("clears a bid: an emptied, unchecked cell keeps no price", async () => {
    const model = await makeModel(t.ctx.db, "Galaxy S23", "05", 2023);
    await setBids(t.ctx, {
      userId: a.userId,
      input: { rows: [row(model, [{ grade: "C", price: 9000, enabled: true }])] },
    });
    const cleared = await setBids(t.ctx, {
      userId: a.userId,
      input: { rows: [row(model, [{ grade: "C", price: "", enabled: false }])] },
    });
    expect(cleared.updated).toBe(1);
    const [bid] = await bidsOf(a.companyId, model);
    expect([bid?.price, bid?.enabled]).toEqual([null, false]);
    const list = await listBids(t.ctx, { userId: a.userId, input: { category: "05" } });
    expect(list.rows.map((r) => r.id)).not.toContain(model);
    expect(list.others.map((m) => m.id)).toContain(model);
  });

  it("lists only the buyer's own bids, the category's other models, and one model on its own", async () => {
    const listA = await listBids(t.ctx, { userId: a.userId, input: { category: "06" } });
    expect(listA.rows.map((r) => [r.name, r.cells.A.price, r.cells.A.status])).toEqual([
      ["iPad (第9世代)", 35_000, "live"],
    ]);
    const listB = await listBids(t.ctx, { userId: b.userId, input: { category: "06", ng: "none" } });
    expect(listB.rows.map((r) => [r.name, r.cells.A.price])).toEqual([["iPad (第9世代)", 40_000]]);
    const phones = await listBids(t.ctx, { userId: b.userId, input: { category: "05" } });
    // B priced Pixel 8 only; newest first within the maker.
    expect(phones.rows.map((r) => r.name)).toEqual(["Pixel 8"]);
    expect(phones.others.map((m) => m.name)).toEqual(["Galaxy S23", "iPhone 14", "iPhone 13"]);
    const one = await listBids(t.ctx, {
      userId: b.userId,
      input: { category: "05", model: String(iphone13) },
    });
    expect(one.rows.map((r) => [r.name, r.cells.S.price])).toEqual([["iPhone 13", null]]);
    expect(one.others).toEqual([]);
    const cameras = await listBids(t.ctx, { userId: a.userId, input: { category: "07" } });
    expect([cameras.models, cameras.rows, cameras.others]).toEqual([[], [], []]);
    expect(cameras.categories.find((c) => c.code === "05")?.modelCount).toBe(4);
    const elsewhere = await refused(
      listBids(t.ctx, { userId: a.userId, input: { category: "06", model: String(iphone13) } }),
    );
    expect(elsewhere.code).toBe("NOT_FOUND");
  });

  it("shows why a checked bid does not count: expired or its cap reached", async () => {
    const model = await makeModel(t.ctx.db, "iPhone 12", "05", 2020);
    const now = t.clock.now();
    await placeBid(t.ctx.db, {
      companyId: b.companyId,
      modelId: model,
      grade: "S",
      price: 10,
      expiresAt: new Date(now.getTime() - DAY),
    });
    await placeBid(t.ctx.db, {
      companyId: b.companyId,
      modelId: model,
      grade: "A",
      price: 10,
      quantityCap: 1,
      reserved: 1,
    });
    const list = await listBids(t.ctx, { userId: b.userId, input: { category: "05", model: String(model) } });
    expect([list.rows[0]?.cells.S.status, list.rows[0]?.cells.A.status, list.rows[0]?.quantityCap]).toEqual([
      "expired",
      "full",
      1,
    ]);
  });
});
