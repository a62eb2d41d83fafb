import { count, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type BuybackGrade, type BuybackNgCondition, buybackBids, deviceModels } from "#db/schema/index.ts";
import { seedDemoBuyerCompanies } from "#db/seed/demo-buyback.ts";

/** Two buyers' prices for a few models, the first buyer a little higher on the better grades. */
const PRICES: Record<string, [BuybackGrade, BuybackNgCondition, number, number][]> = {
  "iPhone 13": [
    ["S", "none", 62_000, 60_000],
    ["A", "none", 52_000, 53_000],
    ["B", "none", 45_000, 44_000],
    ["C", "none", 36_000, 35_000],
    ["J", "screen", 18_000, 17_500],
    ["J", "battery", 24_000, 23_000],
    ["J", "no_power", 8_000, 9_000],
  ],
  "Pixel 8": [
    ["A", "none", 38_000, 37_000],
    ["B", "none", 31_000, 32_000],
    ["J", "screen", 12_000, 11_000],
  ],
};

/**
 * Standing bids for the browser journeys when the demo data has none yet: the buyback's estimates
 * and offers come from live bids only, so a journey needs some.
 */
export async function seedE2eBuybackBids(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(buybackBids);
  if (n > 0) return;
  const { companyIds } = await seedDemoBuyerCompanies(db);
  const companies = Object.values(companyIds);
  if (companies.length < 2) return;
  const models = await db
    .select({ id: deviceModels.id, name: deviceModels.name })
    .from(deviceModels)
    .where(inArray(deviceModels.name, Object.keys(PRICES)));
  for (const model of models) {
    for (const [grade, ngCondition, first, second] of PRICES[model.name] ?? []) {
      await db.insert(buybackBids).values(
        [first, second].map((price, i) => ({
          companyId: companies[i] as number,
          modelId: model.id,
          grade,
          ngCondition,
          price,
          enabled: true,
        })),
      );
    }
  }
}
