import { and, eq } from "drizzle-orm";
import type { CoreContext } from "#core/shared/context.ts";
import { buybackBuyers, deviceModels, users } from "#db/schema/index.ts";
import { makeBuybackApplication, placeBid } from "../helpers/buyback-grading.ts";
import { makeMember } from "../helpers/catalog.ts";
import { imeiFrom } from "../helpers/imei.ts";

/** The model the grading journey's device is, and the price 株式会社リユースモバイル bids for it at grade B. */
export const GRADING_JOURNEY = { model: "iPhone 13 mini", bid: 88_000 } as const;

/**
 * The grading desk's three parcels: one iPhone 13 each (the demo's TAC 99000101), on their way from
 * a member of their own, each device as the application said (the demo's standing bids cover it).
 */
export const GRADING_DESK = {
  seller: "つぐみ",
  model: "iPhone 13",
  imeis: [imeiFrom("99000101770001"), imeiFrom("99000101770002"), imeiFrom("99000101770003")],
} as const;

/**
 * What the grading journey starts from, as the member flow and the buyer portal would leave it: a
 * parcel from taro@ with one iPhone 13 mini on its way, and buyer@'s company bidding on grade B.
 */
export async function prepareGradingJourney(ctx: CoreContext): Promise<void> {
  const [taro] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "taro@tsugu.example"));
  const [buyer] = await ctx.db
    .select({ companyId: buybackBuyers.companyId })
    .from(buybackBuyers)
    .innerJoin(users, eq(users.id, buybackBuyers.userId))
    .where(eq(users.email, "buyer@tsugu.example"));
  const [model] = await ctx.db
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(and(eq(deviceModels.categoryCode, "05"), eq(deviceModels.name, GRADING_JOURNEY.model)));
  if (!taro || !buyer || !model) throw new Error("the demo data has no taro@, buyer@ or iPhone 13 mini");
  await makeBuybackApplication(ctx, {
    userId: taro.id,
    devices: [
      {
        modelId: model.id,
        storageGb: 128,
        answers: { power: "yes", screen: "ok", battery: "ok", network: "○", appearance: "used" },
      },
    ],
    shipped: true,
  });
  await placeBid(ctx, {
    companyId: buyer.companyId,
    modelId: model.id,
    grade: "B",
    price: GRADING_JOURNEY.bid,
  });
  await prepareGradingDesk(ctx);
}

async function prepareGradingDesk(ctx: CoreContext): Promise<void> {
  const [model] = await ctx.db
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(and(eq(deviceModels.brandCode, "00001"), eq(deviceModels.name, GRADING_DESK.model)));
  if (!model) throw new Error("the demo data has no iPhone 13");
  const seller = await makeMember(ctx, { nickname: GRADING_DESK.seller });
  for (const imei of GRADING_DESK.imeis) {
    await makeBuybackApplication(ctx, {
      userId: seller.id,
      devices: [
        {
          modelId: model.id,
          imei,
          storageGb: 128,
          answers: { power: "yes", screen: "ok", battery: "ok", network: "○", appearance: "used" },
        },
      ],
      shipped: true,
    });
  }
}
