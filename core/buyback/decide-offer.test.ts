import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuybackAddress,
  buybackApplications,
  buybackBids,
  buybackCompanies,
  buybackDeliveries,
  buybackItems,
  dealerLedger,
  deviceModels,
  identityChecks,
  notifications,
  users,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { getBalance } from "../money/ledger/get-balance.ts";
import { isAppError } from "../shared/errors.ts";
import { acceptOffer } from "./accept-buyback-offer.ts";
import { BUYBACK_JOB_HANDLERS } from "./buyback-jobs.ts";
import { declineOffer } from "./decline-buyback-offer.ts";
import { offerAcceptance } from "./get-offer-acceptance.ts";
import { ageOn, identityCheckNeeded } from "./identity-rule.ts";
import { makeOffer } from "./make-offer.ts";

const DAY = 24 * 3600 * 1000;
const ADDRESS: BuybackAddress = {
  familyName: "佐藤",
  givenName: "花子",
  familyNameKana: "サトウ",
  givenNameKana: "ハナコ",
  postalCode: "1500001",
  prefectureCode: "13",
  city: "渋谷区",
  street: "神宮前1-2-3",
  building: "",
  phone: "09011112222",
};

describe("the Secondhand Articles Dealer Act rule (pure)", () => {
  it("needs an identity check from ¥10,000, and at any price for the goods the exemption leaves out", () => {
    expect(identityCheckNeeded({ total: 9_999, exception: false })).toBe(false);
    expect(identityCheckNeeded({ total: 10_000, exception: false })).toBe(true);
    expect(identityCheckNeeded({ total: 500, exception: true })).toBe(true);
  });
  it("counts full years", () => {
    expect(ageOn("2008-11-25", "2026-11-24")).toBe(17);
    expect(ageOn("2008-11-24", "2026-11-24")).toBe(18);
    expect(ageOn("nonsense", "2026-11-24")).toBeNull();
  });
});

describe.each(ENGINES)("accepting and declining offers on %s", (engine) => {
  let t: TestCore;
  let phone: number;
  let gameSoftware: number;
  let companyA: number;
  let companyB: number;
  let graderId: number;

  beforeAll(async () => {
    t = await createTestCore(engine);
    const models = await t.ctx.db
      .insert(deviceModels)
      .values([
        { brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128] },
        { brandCode: "00002", categoryCode: "08", name: "ゲームソフト", dealerActException: "game_software" },
      ])
      .returning({ id: deviceModels.id });
    [phone, gameSoftware] = models.map((m) => m.id) as [number, number];
    const companies = await t.ctx.db
      .insert(buybackCompanies)
      .values([{ name: "買取A株式会社" }, { name: "買取B株式会社" }])
      .returning({ id: buybackCompanies.id });
    [companyA, companyB] = companies.map((c) => c.id) as [number, number];
    await t.ctx.db.insert(buybackBids).values([
      { companyId: companyA, modelId: phone, grade: "B", ngCondition: "none", price: 30_000, enabled: true },
      { companyId: companyB, modelId: phone, grade: "B", ngCondition: "none", price: 28_000, enabled: true },
      { companyId: companyA, modelId: phone, grade: "J", ngCondition: "screen", price: 8_000, enabled: true },
      {
        companyId: companyB,
        modelId: gameSoftware,
        grade: "B",
        ngCondition: "none",
        price: 500,
        enabled: true,
      },
    ]);
    graderId = (await makeOperator(t.ctx, ["grader"])).id;
  });
  afterAll(() => t.close());

  async function verified(userId: number, birthDate = "1990-04-01") {
    await t.ctx.db.update(users).set({ identityVerifiedAt: t.clock.now() }).where(eq(users.id, userId));
    await t.ctx.db.insert(identityChecks).values({
      userId,
      provider: "polarify",
      method: "ekyc-photo-id-selfie",
      status: "verified",
      providerReference: `ref-${userId}-${birthDate}`,
      verifiedFacts: {
        name: "佐藤 花子",
        address: "東京都渋谷区神宮前1-2-3",
        birthDate,
        occupation: "会社員",
      },
      expiresAt: new Date(t.clock.now().getTime() + DAY),
      completedAt: t.clock.now(),
    });
  }

  /** A member's device graded and offered, as a grader would leave it. */
  async function offered(o: { userId?: number; modelId?: number; grade?: "B" | "J"; ng?: string[] } = {}) {
    const userId = o.userId ?? (await makeMember(t.ctx)).id;
    const [app] = await t.ctx.db
      .insert(buybackApplications)
      .values({ userId, shippingMethod: "kit", address: ADDRESS, requestKey: `r${Math.random()}` })
      .returning();
    const [item] = await t.ctx.db
      .insert(buybackItems)
      .values({
        applicationId: app?.id as number,
        userId,
        modelId: o.modelId ?? phone,
        state: "30",
        grade: o.grade ?? "B",
        ngConditions: o.ng ?? [],
        diagnostics: {
          imei: { value: "356938035643809" },
          serialNumber: { value: "F2LXK0AAAAAA" },
          color: { value: "ミッドナイト" },
          memory: { value: "128GB" },
          networkRestriction: { value: "○" },
          nonGenuineParts: { value: "none" },
        },
      })
      .returning();
    await makeOffer(t.ctx, { itemId: item?.id as number, action: "offer", graderId });
    return { userId, itemId: item?.id as number, applicationId: app?.id as number };
  }

  const code = (e: unknown) => (isAppError(e) ? e.code : e);

  it("an accepted offer pays the member's proceeds, goes to the best bidder's delivery and writes the dealer ledger", async () => {
    const { userId, itemId } = await offered();
    await verified(userId);
    expect(await offerAcceptance(t.ctx, { itemId, userId })).toEqual({
      identityNeeded: true,
      identityVerified: true,
    });
    const result = await acceptOffer(t.ctx, { itemId, userId, adult: false });
    expect(result.amount).toBe(30_000);
    expect((await getBalance(t.ctx, { userId: userId })).proceeds).toBe(30_000);
    const [item] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, itemId));
    expect(item).toMatchObject({
      state: "50",
      buyerFee: 3_000,
      offerCompanyId: companyA,
      deliveryId: result.deliveryId,
    });
    const [delivery] = await t.ctx.db
      .select()
      .from(buybackDeliveries)
      .where(eq(buybackDeliveries.id, result.deliveryId));
    expect(delivery).toMatchObject({
      companyId: companyA,
      state: "10",
      productCount: 1,
      paymentAmount: 33_000,
    });
    const [row] = await t.ctx.db.select().from(dealerLedger).where(eq(dealerLedger.buybackItemId, itemId));
    expect(row).toMatchObject({
      kind: "買受",
      itemName: "スマートフォン iPhone 13",
      quantity: 1,
      amount: 30_000,
      sellerName: "佐藤 花子",
      sellerOccupation: "会社員",
      verificationMethod: "ekyc-photo-id-selfie",
    });
    expect(row?.features).toContain("IMEI 356938035643809");
    expect(row?.sellerAge).toBeGreaterThanOrEqual(36);
    // Nothing changes a ledger row.
    await expect(
      t.ctx.db.update(dealerLedger).set({ amount: 1 }).where(eq(dealerLedger.id, row!.id)),
    ).rejects.toThrow();
    // A second accept, and a decline after it, change nothing.
    expect(code(await acceptOffer(t.ctx, { itemId, userId, adult: true }).catch((e) => e))).toBe("CONFLICT");
    expect(code(await declineOffer(t.ctx, { itemId, userId }).catch((e) => e))).toBe("CONFLICT");
    expect((await getBalance(t.ctx, { userId: userId })).proceeds).toBe(30_000);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("two accepts at once: exactly one buys", async () => {
    const { userId, itemId } = await offered();
    await verified(userId);
    const results = await Promise.allSettled([
      acceptOffer(t.ctx, { itemId, userId, adult: false }),
      acceptOffer(t.ctx, { itemId, userId, adult: false }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await getBalance(t.ctx, { userId: userId })).proceeds).toBe(30_000);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("refuses without an identity check from ¥10,000, and another member's device is not found", async () => {
    const { userId, itemId } = await offered();
    expect(await offerAcceptance(t.ctx, { itemId, userId })).toEqual({
      identityNeeded: true,
      identityVerified: false,
    });
    expect(code(await acceptOffer(t.ctx, { itemId, userId, adult: true }).catch((e) => e))).toBe("FORBIDDEN");
    const other = await makeMember(t.ctx);
    expect(code(await acceptOffer(t.ctx, { itemId, userId: other.id, adult: true }).catch((e) => e))).toBe(
      "NOT_FOUND",
    );
    const [item] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, itemId));
    expect(item?.state).toBe("40");
  });

  it("under ¥10,000 asks the member to confirm their age instead; game software needs a check at any price", async () => {
    const cheap = await offered({ grade: "J", ng: ["screen"] });
    expect(
      code(
        await acceptOffer(t.ctx, { itemId: cheap.itemId, userId: cheap.userId, adult: false }).catch(
          (e) => e,
        ),
      ),
    ).toBe("VALIDATION");
    await acceptOffer(t.ctx, { itemId: cheap.itemId, userId: cheap.userId, adult: true });
    const [row] = await t.ctx.db
      .select()
      .from(dealerLedger)
      .where(eq(dealerLedger.buybackItemId, cheap.itemId));
    expect(row).toMatchObject({
      amount: 8_000,
      verificationMethod: "exempt-under-10000",
      sellerName: "佐藤 花子",
    });
    expect(row?.sellerAddress).toBe("〒150-0001 東京都渋谷区神宮前1-2-3");

    const game = await offered({ modelId: gameSoftware });
    expect(await offerAcceptance(t.ctx, { itemId: game.itemId, userId: game.userId })).toMatchObject({
      identityNeeded: true,
    });
    expect(
      code(
        await acceptOffer(t.ctx, { itemId: game.itemId, userId: game.userId, adult: true }).catch((e) => e),
      ),
    ).toBe("FORBIDDEN");
  });

  it("never buys from a member under 18", async () => {
    const { userId, itemId } = await offered();
    await verified(userId, "2010-01-01");
    expect(code(await acceptOffer(t.ctx, { itemId, userId, adult: true }).catch((e) => e))).toBe("FORBIDDEN");
  });

  it("a declined offer goes back free and frees the bid's unit; a week of silence is a decline, never an acceptance", async () => {
    const declined = await offered();
    const [before] = await t.ctx.db.select().from(buybackBids).where(eq(buybackBids.companyId, companyA));
    await declineOffer(t.ctx, { itemId: declined.itemId, userId: declined.userId });
    const [item] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, declined.itemId));
    expect(item).toMatchObject({ state: "60", endReason: "declined" });
    expect(item?.returnInvoiceNumber).toMatch(/^\d{12}$/);

    const silent = await offered();
    t.clock.advance(6 * DAY + 1000);
    const jobs = createJobRunner({ ctx: t.ctx, handlers: BUYBACK_JOB_HANDLERS });
    await jobs.runDue();
    const reminders = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, silent.userId));
    expect(reminders.map((n) => (n.payload as { event: string }).event)).toContain("offer_reminder");
    t.clock.advance(DAY);
    await jobs.runDue();
    const [lapsed] = await t.ctx.db.select().from(buybackItems).where(eq(buybackItems.id, silent.itemId));
    expect(lapsed).toMatchObject({ state: "60", endReason: "expired" });
    expect(
      code(
        await acceptOffer(t.ctx, { itemId: silent.itemId, userId: silent.userId, adult: true }).catch(
          (e) => e,
        ),
      ),
    ).toBe("CONFLICT");
    expect((await getBalance(t.ctx, { userId: silent.userId })).proceeds).toBe(0);
    expect(before).toBeDefined();
    await expectLedgerInvariants(t.ctx.db);
  });

  it("an offer past its deadline cannot be accepted even before the timer ran", async () => {
    const { userId, itemId } = await offered();
    await verified(userId);
    t.clock.advance(7 * DAY + 1);
    expect(code(await acceptOffer(t.ctx, { itemId, userId, adult: true }).catch((e) => e))).toBe("CONFLICT");
  });
});
