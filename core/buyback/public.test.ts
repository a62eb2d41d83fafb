import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  type BuybackAddress,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackItems,
  buybackSpots,
  deviceModels,
} from "#db/schema/index.ts";
import { seedDemoBuybackSpots } from "#db/seed/buyback-spots.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { isAppError } from "../shared/errors.ts";
import { parseTimeCursor } from "../social/cursor.ts";
import { getPublicResult } from "./get-public-result.ts";
import { listPublicResults, listPublicResultsForSitemap } from "./list-public-results.ts";
import { getModelPrices, listPriceCategories, listPriceModels } from "./public-prices.ts";
import { saveSpot } from "./save-spot.ts";
import { setSpotActive } from "./set-spot-active.ts";
import { listActiveSpots, listAllSpots } from "./spots.ts";

const ADDRESS: BuybackAddress = {
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  postalCode: "1500001",
  prefectureCode: "13",
  city: "渋谷区",
  street: "神宮前1-2-3",
  building: "",
  phone: "09011112222",
};

const SPOT = {
  name: "Tsugu 買取カウンター 横浜",
  postalCode: "２２０−０００５",
  prefectureCode: "14",
  address: "横浜市西区南幸2-1-1",
  hours: "10:00〜19:00\r\n土日 11:00〜18:00",
  closedDays: "水曜日",
  phone: "045-123-4567",
  note: "",
  position: "2",
};

const failure = (e: unknown) => (isAppError(e) ? { code: e.code, fields: Object.keys(e.fields) } : e);

describe.each(ENGINES)("public buyback reads on %s", (engine) => {
  let t: TestCore;
  let phone: number;
  let phone2: number;
  let unpriced: number;
  let tablet: number;
  let companies: number[];
  beforeAll(async () => {
    t = await createTestCore(engine);
    const models = await t.ctx.db
      .insert(deviceModels)
      .values([
        { brandCode: "00001", categoryCode: "05", name: "iPhone 13", releasedYear: 2021 },
        { brandCode: "00005", categoryCode: "05", name: "Pixel 7", releasedYear: 2022 },
        { brandCode: "00004", categoryCode: "05", name: "Galaxy S21", releasedYear: 2021 },
        { brandCode: "00001", categoryCode: "06", name: "iPad (第9世代)", releasedYear: 2021 },
      ])
      .returning({ id: deviceModels.id });
    [phone, phone2, unpriced, tablet] = models.map((m) => m.id) as [number, number, number, number];
    const rows = await t.ctx.db
      .insert(buybackCompanies)
      .values([{ name: "買取A株式会社" }, { name: "買取B株式会社" }])
      .returning({ id: buybackCompanies.id });
    companies = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  async function bid(o: Partial<typeof buybackBids.$inferInsert> & { modelId: number; price: number }) {
    const at = t.clock.now();
    await t.ctx.db.insert(buybackBids).values({
      companyId: companies[0]!,
      grade: "A",
      ngCondition: "none",
      enabled: true,
      priceSetAt: at,
      updatedAt: at,
      ...o,
    });
  }

  describe("prices", () => {
    beforeAll(async () => {
      const [a, b] = companies as [number, number];
      await bid({ companyId: a, modelId: phone, grade: "A", price: 52_000 });
      t.clock.advance(60_000);
      await bid({ companyId: b, modelId: phone, grade: "A", price: 55_000 });
      await bid({ companyId: a, modelId: phone, grade: "J", ngCondition: "screen", price: 18_000 });
      // Never counted: disabled, expired, or full.
      await bid({ companyId: b, modelId: phone, grade: "S", price: 99_000, enabled: false });
      await bid({
        companyId: a,
        modelId: phone,
        grade: "S",
        price: 98_000,
        expiresAt: new Date(t.clock.now().getTime() - 1),
      });
      await bid({ companyId: a, modelId: phone2, grade: "B", price: 30_000, quantityCap: 2, reserved: 2 });
      t.clock.advance(60_000);
      await bid({ companyId: b, modelId: phone2, grade: "B", price: 21_000 });
      await bid({ companyId: a, modelId: tablet, grade: "C", price: 9_000 });
    });

    it("counts the models with a live price per category, in catalogue order", async () => {
      expect(await listPriceCategories(t.ctx)).toEqual([
        { categoryCode: "05", pricedModels: 2 },
        { categoryCode: "06", pricedModels: 1 },
        { categoryCode: "07", pricedModels: 0 },
        { categoryCode: "08", pricedModels: 0 },
        { categoryCode: "11", pricedModels: 0 },
        { categoryCode: "99", pricedModels: 0 },
      ]);
    });

    it("lists a category's models with their top live price, highest first, then the unpriced", async () => {
      const models = await listPriceModels(t.ctx, { categoryCode: "05" });
      expect(models.map((m) => [m.name, m.brandName, m.topPrice, m.pricedCells])).toEqual([
        ["iPhone 13", "Apple", 55_000, 2],
        ["Pixel 7", "Google", 21_000, 1],
        ["Galaxy S21", "Samsung", null, 0],
      ]);
      expect(models[1]?.updatedAt?.getTime()).toBe(t.clock.now().getTime());
      expect(models[2]?.updatedAt).toBeNull();
      const priced = await listPriceModels(t.ctx, { categoryCode: "05", priced: true });
      expect(priced.map((m) => m.id)).toEqual([phone, phone2]);
    });

    it("answers a model's best live price per grade and NG condition, and nothing made up", async () => {
      const view = await getModelPrices(t.ctx, { modelId: phone, categoryCode: "05" });
      expect(view.model).toMatchObject({
        id: phone,
        name: "iPhone 13",
        categoryCode: "05",
        brandName: "Apple",
      });
      expect(view.prices.map((p) => [p.grade, p.ngCondition, p.price])).toEqual([
        ["A", "none", 55_000],
        ["J", "screen", 18_000],
      ]);
      expect(view.topPrice).toBe(55_000);
      const empty = await getModelPrices(t.ctx, { modelId: unpriced, categoryCode: "05" });
      expect(empty).toMatchObject({ prices: [], topPrice: null, updatedAt: null });
    });

    it("refuses an unknown category, an unknown model and a model of another category", async () => {
      for (const o of [
        { modelId: phone, categoryCode: "06" },
        { modelId: 999_999, categoryCode: "05" },
        { modelId: phone, categoryCode: "xx" },
      ]) {
        expect(failure(await getModelPrices(t.ctx, o).catch((e: unknown) => e))).toEqual({
          code: "NOT_FOUND",
          fields: [],
        });
      }
      expect(
        failure(await listPriceModels(t.ctx, { categoryCode: "5" }).catch((e: unknown) => e)),
      ).toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("results", () => {
    let member: number;
    let application: number;
    beforeAll(async () => {
      member = (await makeMember(t.ctx)).id;
      const [app] = await t.ctx.db
        .insert(buybackApplications)
        .values({ userId: member, shippingMethod: "kit", address: ADDRESS, requestKey: "results" })
        .returning();
      application = app!.id;
    });

    async function item(o: Partial<typeof buybackItems.$inferInsert>) {
      const [row] = await t.ctx.db
        .insert(buybackItems)
        .values({ applicationId: application, userId: member, modelId: phone, state: "50", ...o })
        .returning({ id: buybackItems.id });
      return row!.id;
    }

    it("lists completed buybacks newest first, a page at a time, with nothing about the seller", async () => {
      const base = new Date("2026-10-01T03:00:00Z").getTime();
      const done = (n: number, more: Partial<typeof buybackItems.$inferInsert> = {}) =>
        item({
          grade: "B",
          ngConditions: ["battery"],
          offerBid: 40_000,
          offerDeductions: [],
          offerAmount: 40_000 - n,
          decidedAt: new Date(base + n * 3_600_000),
          imei: "356789012345678",
          ...more,
        });
      const first = await done(1);
      const second = await done(2, { offerDeductions: [{ code: "network_pending", amount: 4_000 }] });
      // Two decided in the same moment: the cursor still sees both.
      const third = await done(3);
      const fourth = await done(3);
      // Not completed: offered, ended, or bought without the facts a result shows.
      await item({ state: "40", grade: "A", offerAmount: 50_000 });
      await item({ state: "60", grade: "A", offerAmount: 50_000, decidedAt: new Date(base) });
      await item({ state: "50", grade: null, offerAmount: 1, decidedAt: new Date(base) });

      const page1 = await listPublicResults(t.ctx, { limit: 3 });
      expect(page1.items.map((r) => r.id)).toEqual([fourth, third, second]);
      expect(page1.nextCursor).not.toBeNull();
      const page2 = await listPublicResults(t.ctx, { limit: 3, before: parseTimeCursor(page1.nextCursor) });
      expect(page2).toEqual({ items: [expect.objectContaining({ id: first })], nextCursor: null });
      const shown = page1.items[2]!;
      expect(shown).toEqual({
        id: second,
        modelId: phone,
        modelName: "iPhone 13",
        brandName: "Apple",
        categoryCode: "05",
        storageGb: null,
        grade: "B",
        ngConditions: ["battery"],
        amount: 39_998,
        bid: 40_000,
        deductions: [{ code: "network_pending", amount: 4_000 }],
        decidedAt: new Date(base + 2 * 3_600_000),
      });
      expect(JSON.stringify(page1)).not.toMatch(/imei|userId|356789012345678/);
      expect((await listPublicResultsForSitemap(t.ctx, { offset: 0, limit: 10 })).map((r) => r.id)).toEqual([
        fourth,
        third,
        second,
        first,
      ]);
    });

    it("shows one completed buyback, and 404 for any other device", async () => {
      const bought = await item({
        grade: "A",
        offerBid: 50_000,
        offerAmount: 50_000,
        decidedAt: new Date("2026-10-02T00:00:00Z"),
      });
      expect(await getPublicResult(t.ctx, { id: bought })).toMatchObject({
        id: bought,
        amount: 50_000,
        grade: "A",
      });
      const offered = await item({ state: "40", grade: "A", offerAmount: 50_000 });
      for (const id of [offered, 99_999_999]) {
        expect(failure(await getPublicResult(t.ctx, { id }).catch((e: unknown) => e))).toMatchObject({
          code: "NOT_FOUND",
        });
      }
    });
  });

  describe("drop-off spots", () => {
    it("seeds the demo spots once, in prefecture order", async () => {
      expect(await seedDemoBuybackSpots(t.ctx.db)).toBeGreaterThanOrEqual(5);
      expect(await seedDemoBuybackSpots(t.ctx.db)).toBe(0);
      const spots = await listActiveSpots(t.ctx);
      const codes = spots.map((s) => s.prefectureCode);
      expect(codes).toEqual([...codes].sort());
      expect(new Set(codes)).toEqual(new Set(["01", "04", "13", "23", "27", "40"]));
    });

    it("lets operators with buyback:manage add, edit, close and reopen a spot, audited", async () => {
      const admin = await makeOperator(t.ctx, ["admin"]);
      const spot = await saveSpot(t.ctx, { actor: admin, id: null, input: SPOT, meta: { requestId: "r1" } });
      expect(spot).toMatchObject({
        postalCode: "2200005",
        prefectureCode: "14",
        hours: "10:00〜19:00\n土日 11:00〜18:00",
        phone: "045-123-4567",
        position: 2,
        active: true,
      });
      const edited = await saveSpot(t.ctx, {
        actor: admin,
        id: spot.id,
        input: { ...SPOT, closedDays: "水曜日・年末年始" },
      });
      expect(edited.closedDays).toBe("水曜日・年末年始");
      // The same values again change nothing and write no entry.
      await saveSpot(t.ctx, {
        actor: admin,
        id: spot.id,
        input: { ...SPOT, closedDays: "水曜日・年末年始" },
      });
      await setSpotActive(t.ctx, { actor: admin, id: spot.id, active: false });
      await setSpotActive(t.ctx, { actor: admin, id: spot.id, active: false });
      expect((await listActiveSpots(t.ctx)).map((s) => s.id)).not.toContain(spot.id);
      expect((await listAllSpots(t.ctx, { actor: admin })).map((s) => s.id)).toContain(spot.id);
      await setSpotActive(t.ctx, { actor: admin, id: spot.id, active: true });
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "buyback_spot"), eq(auditLog.targetId, String(spot.id))))
        .orderBy(auditLog.id);
      expect(audits.map((a) => a.action)).toEqual([
        "buyback:spot-create",
        "buyback:spot-update",
        "buyback:spot-close",
        "buyback:spot-open",
      ]);
      expect(audits[1]?.changes).toEqual({ closedDays: ["水曜日", "水曜日・年末年始"] });
      expect(audits[0]?.requestId).toBe("r1");
    });

    it("refuses bad input field by field, other roles and unknown spots, changing nothing", async () => {
      const admin = await makeOperator(t.ctx, ["admin"]);
      const before = await t.ctx.db.select().from(buybackSpots);
      const bad = await saveSpot(t.ctx, {
        actor: admin,
        id: null,
        input: {
          ...SPOT,
          name: "",
          postalCode: "12-34",
          prefectureCode: "48",
          hours: " ",
          phone: "12345",
          position: "-1",
          note: "あ".repeat(301),
        },
      }).catch((e: unknown) => e);
      expect(failure(bad)).toEqual({
        code: "VALIDATION",
        fields: ["name", "postalCode", "prefectureCode", "hours", "phone", "note", "position"],
      });
      const grader = await makeOperator(t.ctx, ["grader"]);
      expect(
        failure(await saveSpot(t.ctx, { actor: grader, id: null, input: SPOT }).catch((e: unknown) => e)),
      ).toMatchObject({ code: "FORBIDDEN" });
      const member = await makeMember(t.ctx);
      expect(
        failure(await setSpotActive(t.ctx, { actor: member, id: 1, active: false }).catch((e: unknown) => e)),
      ).toMatchObject({ code: "FORBIDDEN" });
      expect(
        failure(await saveSpot(t.ctx, { actor: admin, id: 999_999, input: SPOT }).catch((e: unknown) => e)),
      ).toMatchObject({ code: "NOT_FOUND" });
      expect(await t.ctx.db.select().from(buybackSpots)).toEqual(before);
    });
  });
});
