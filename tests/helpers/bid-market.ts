import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  type BuybackAddress,
  type BuybackGrade,
  type BuybackNgCondition,
  buybackApplications,
  buybackBids,
  buybackBuyers,
  buybackCompanies,
  buybackItems,
  deviceModels,
  users,
} from "#db/schema/index.ts";

let counter = 0;

const ADDRESS: BuybackAddress = {
  familyName: "市場",
  givenName: "花子",
  familyNameKana: "シジョウ",
  givenNameKana: "ハナコ",
  postalCode: "1010041",
  prefectureCode: "13",
  city: "千代田区",
  street: "神田須田町1-1",
  building: "",
  phone: "09012345678",
};

/** A buyer company with one buyer account (role business), as an operator's invitation leaves them. */
export async function makeBuyerCompany(
  db: Db,
  name = "テスト買取株式会社",
): Promise<{ companyId: number; userId: number; email: string }> {
  counter += 1;
  const [company] = await db.insert(buybackCompanies).values({ name }).returning({ id: buybackCompanies.id });
  const email = `buyer${counter}-${Date.now()}@example.jp`;
  const [user] = await db
    .insert(users)
    .values({ email, nickname: `バイヤー${counter}`, role: "business" })
    .returning({ id: users.id });
  await db.insert(buybackBuyers).values({ userId: user!.id, companyId: company!.id, setupAt: new Date() });
  return { companyId: company!.id, userId: user!.id, email };
}

/** A device model of a catalogue category. */
export async function makeModel(
  db: Db,
  name: string,
  categoryCode = "05",
  releasedYear = 2021,
): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(deviceModels)
    .values({ brandCode: "00001", categoryCode, name: `${name}`, releasedYear, storageOptions: [128] })
    .returning({ id: deviceModels.id });
  return row!.id;
}

/** A company's standing bid, as the bid list leaves one. */
export async function placeBid(
  db: Db,
  o: {
    companyId: number;
    modelId: number;
    grade: BuybackGrade;
    ngCondition?: BuybackNgCondition;
    price: number | null;
    enabled?: boolean;
    expiresAt?: Date | null;
    quantityCap?: number | null;
    reserved?: number;
    priceSetAt?: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(buybackBids)
    .values({
      companyId: o.companyId,
      modelId: o.modelId,
      grade: o.grade,
      ngCondition: o.ngCondition ?? "none",
      price: o.price,
      enabled: o.enabled ?? o.price !== null,
      expiresAt: o.expiresAt ?? null,
      quantityCap: o.quantityCap ?? null,
      reserved: o.reserved ?? 0,
      priceSetAt: o.priceSetAt ?? new Date(),
    })
    // The demo data may already bid in the cell: the market's bid replaces it.
    .onConflictDoUpdate({
      target: [buybackBids.companyId, buybackBids.modelId, buybackBids.grade, buybackBids.ngCondition],
      set: {
        price: o.price,
        enabled: o.enabled ?? o.price !== null,
        expiresAt: o.expiresAt ?? null,
        quantityCap: o.quantityCap ?? null,
        reserved: o.reserved ?? 0,
        priceSetAt: o.priceSetAt ?? new Date(),
      },
    })
    .returning({ id: buybackBids.id });
  return row!.id;
}

/**
 * Devices sold to a buyer at these bid prices (state 50, decided at `decidedAt`): the accepted
 * prices recommended prices learn from. Fixture rows, written as the end of the real flow leaves
 * them (the member, the application and the device), without the steps in between.
 */
export async function acceptedBuybacks(
  db: Db,
  o: {
    modelId: number;
    grade: BuybackGrade;
    ngConditions?: string[];
    prices: number[];
    decidedAt: Date;
    companyId: number;
    state?: "50" | "60";
  },
): Promise<void> {
  counter += 1;
  const [member] = await db
    .insert(users)
    .values({ email: `seller${counter}-${Date.now()}@example.jp`, nickname: `売り手${counter}` })
    .returning({ id: users.id });
  const [app] = await db
    .insert(buybackApplications)
    .values({ userId: member!.id, shippingMethod: "kit", address: ADDRESS, requestKey: `market-${counter}` })
    .returning({ id: buybackApplications.id });
  if (o.prices.length === 0) return;
  await db.insert(buybackItems).values(
    o.prices.map((price) => ({
      applicationId: app!.id,
      userId: member!.id,
      modelId: o.modelId,
      state: o.state ?? "50",
      grade: o.grade,
      ngConditions: o.ngConditions ?? [],
      diagnostics: {},
      offerCompanyId: o.companyId,
      offerBid: price,
      offerDeductions: [],
      offerAmount: price,
      offeredAt: o.decidedAt,
      decidedAt: o.decidedAt,
    })),
  );
}

/** The model the bid-list journey prices: one the rest of the demo data leaves alone. */
export const MARKET_MODEL = { brandCode: "00007", name: "TORQUE G06" } as const;

/**
 * A small market for the bid-list journey: the demo buyer (buyer@) bids on one model, the second
 * demo buyer (buyer2@) bids on it too, and devices of that model were bought ten days ago by a
 * company with no accounts (so no buyer sees them as products). Grades S and A have enough
 * points for a recommended price; B has three; C and J none. Idempotent.
 */
export async function seedBidMarket(db: Db, now = new Date()): Promise<void> {
  const [model] = await db
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(and(eq(deviceModels.brandCode, MARKET_MODEL.brandCode), eq(deviceModels.name, MARKET_MODEL.name)));
  if (!model) return;
  const [already] = await db
    .select({ id: buybackItems.id })
    .from(buybackItems)
    .where(eq(buybackItems.modelId, model.id));
  if (already) return;
  const companies = await db
    .select({ email: users.email, companyId: buybackBuyers.companyId })
    .from(buybackBuyers)
    .innerJoin(users, eq(users.id, buybackBuyers.userId))
    .where(inArray(users.email, ["buyer@tsugu.example", "buyer2@tsugu.example"]));
  const buyer = companies.find((c) => c.email === "buyer@tsugu.example")?.companyId;
  const buyer2 = companies.find((c) => c.email === "buyer2@tsugu.example")?.companyId;
  if (!buyer || !buyer2) return;
  const [market] = await db
    .insert(buybackCompanies)
    .values({ name: "相場確認用テスト会社" })
    .returning({ id: buybackCompanies.id });
  const at = new Date(now.getTime() - 10 * 24 * 3600 * 1000);
  await placeBid(db, { companyId: buyer, modelId: model.id, grade: "S", price: 52_000 });
  await placeBid(db, { companyId: buyer, modelId: model.id, grade: "A", price: 45_000 });
  await placeBid(db, { companyId: buyer, modelId: model.id, grade: "B", price: 38_000, enabled: false });
  await placeBid(db, { companyId: buyer2, modelId: model.id, grade: "A", price: 46_000 });
  await placeBid(db, { companyId: buyer2, modelId: model.id, grade: "B", price: 37_000 });
  const sold = { modelId: model.id, decidedAt: at, companyId: market!.id };
  await acceptedBuybacks(db, { ...sold, grade: "S", prices: [50_000, 52_000, 54_000, 56_000, 58_000] });
  await acceptedBuybacks(db, {
    ...sold,
    grade: "A",
    prices: [40_000, 42_000, 44_000, 46_000, 48_000, 50_000],
  });
  await acceptedBuybacks(db, { ...sold, grade: "B", prices: [30_000, 31_000] });
}
