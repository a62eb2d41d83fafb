import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { makeOffer } from "#core/offers/make-offer.ts";
import { lowestOffer, takesOffers } from "#core/offers/offer-rules.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { items, offers } from "../schema/index.ts";
import { demoActor } from "./demo-accounts.ts";

/** A member's first listing on sale that takes offers, in a fixed order. */
async function listingOf(ctx: CoreContext, sellerId: number) {
  const rows = await ctx.db
    .select({ id: items.id, price: items.price, shippingMethod: items.shippingMethod })
    .from(items)
    .where(and(eq(items.sellerId, sellerId), eq(items.state, "SALE"), isNotNull(items.price)))
    .orderBy(asc(items.id))
    .limit(20);
  return rows.find((r) => takesOffers({ price: r.price!, shippingMethod: r.shippingMethod })) ?? null;
}

/** A round offer between the lowest allowed and the price: what a person would type. */
function roundOffer(listing: { price: number | null; shippingMethod: string | null }): number {
  const price = listing.price!;
  const lowest = lowestOffer({ price, shippingMethod: listing.shippingMethod });
  const round = Math.ceil(lowest / 100) * 100;
  return round < price ? round : lowest;
}

/**
 * Offers waiting on はなこ's offers page, made through the use case: one received on her listing
 * (from たろう) and one she sent on たろう's. Does nothing once there is any offer.
 */
export async function seedDemoOffers(ctx: CoreContext): Promise<number> {
  const [existing] = await ctx.db.select({ n: count() }).from(offers);
  if ((existing?.n ?? 0) > 0) return 0;
  const [hanako, taro] = await Promise.all([
    demoActor(ctx, "hanako@tsugu.example"),
    demoActor(ctx, "taro@tsugu.example"),
  ]);
  if (!hanako || !taro) return 0;
  let made = 0;
  for (const [buyer, seller] of [
    [taro, hanako],
    [hanako, taro],
  ] as const) {
    const listing = await listingOf(ctx, seller.id);
    if (!listing) continue;
    await makeOffer(ctx, { actor: buyer, itemId: listing.id, input: { amount: roundOffer(listing) } });
    made += 1;
  }
  return made;
}
