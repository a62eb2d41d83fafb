import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { items, offers, users } from "#db/schema/index.ts";
import { firstPhotoKey } from "../catalog/item-card.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { lowestOffer, takesOffers } from "./offer-rules.ts";
import {
  availableOfferActions,
  type OfferAction,
  type OfferRole,
  type OfferState,
  OPEN_OFFER_STATES,
} from "./offer-states.ts";
import { reservationOf } from "./reservation.ts";

export type OfferView = {
  id: number;
  state: OfferState;
  item: { id: number; title: string; price: number | null; state: string; thumbUrl: string | null };
  /** The other party's nickname: the buyer for the seller, the seller for the buyer. */
  counterpart: string;
  listPrice: number;
  price: number;
  counterPrice: number | null;
  agreedPrice: number | null;
  expiresAt: Date;
  reservedUntil: Date | null;
  /** The answers the viewer may give now (none once the 24 hours are over). */
  actions: OfferAction[];
  /** The buyer's agreed offer whose reservation still runs: the purchase is theirs to make. */
  canBuy: boolean;
  /** For a counter price: the lowest and highest the seller may propose. */
  counterRange: { min: number; max: number } | null;
  createdAt: Date;
};

const PAGE = 50;
const buyersOrSellers = alias(users, "counterpart");

/** A member's offers, received (as seller) or sent (as buyer), newest first, with what they may do now. */
export async function listOffers(
  ctx: Pick<CoreContext, "db" | "clock" | "blobs">,
  o: { actor: SessionUser; side: "received" | "sent"; before?: number | undefined },
): Promise<{ items: OfferView[]; nextCursor: string | null }> {
  const role: OfferRole = o.side === "received" ? "seller" : "buyer";
  const mine = role === "seller" ? offers.sellerId : offers.buyerId;
  const theirs = role === "seller" ? offers.buyerId : offers.sellerId;
  const rows = await ctx.db
    .select({
      offer: offers,
      title: items.title,
      itemPrice: items.price,
      itemState: items.state,
      shippingMethod: items.shippingMethod,
      thumbKey: firstPhotoKey(items.id),
      counterpart: buyersOrSellers.nickname,
    })
    .from(offers)
    .innerJoin(items, eq(items.id, offers.itemId))
    .innerJoin(buyersOrSellers, eq(buyersOrSellers.id, theirs))
    .where(and(eq(mine, o.actor.id), o.before ? lt(offers.id, o.before) : undefined))
    .orderBy(desc(offers.id))
    .limit(PAGE + 1);
  const now = ctx.clock.now().getTime();
  const page = rows.slice(0, PAGE).map((r): OfferView => {
    const f = r.offer;
    const open = (OPEN_OFFER_STATES as readonly string[]).includes(f.state);
    const live = !open || f.expiresAt.getTime() > now;
    // An offer the seller's price cut has overtaken can only be declined (or left to expire).
    const overtaken = r.itemPrice === null || f.price >= r.itemPrice;
    const actions = (live ? availableOfferActions(f.state, role) : []).filter(
      (a) => !overtaken || a === "decline" || a === "decline_counter",
    );
    return {
      id: f.id,
      state: f.state,
      item: {
        id: f.itemId,
        title: r.title,
        price: r.itemPrice,
        state: r.itemState,
        thumbUrl: r.thumbKey ? ctx.blobs.url(`${r.thumbKey}-thumb.webp`) : null,
      },
      counterpart: r.counterpart,
      listPrice: f.listPrice,
      price: f.price,
      counterPrice: f.counterPrice,
      agreedPrice: f.agreedPrice,
      expiresAt: f.expiresAt,
      reservedUntil: f.reservedUntil,
      actions,
      canBuy: role === "buyer" && f.state === "ACCEPTED" && (f.reservedUntil?.getTime() ?? 0) > now,
      counterRange:
        actions.includes("counter") && r.itemPrice !== null
          ? {
              min: Math.max(
                f.price + 1,
                lowestOffer({ price: r.itemPrice, shippingMethod: r.shippingMethod }),
              ),
              max: r.itemPrice - 1,
            }
          : null,
      createdAt: f.createdAt,
    };
  });
  return { items: page, nextCursor: rows.length > PAGE ? String(page.at(-1)!.id) : null };
}

export type ItemOfferStatus = {
  /** The listing is reserved for another buyer. */
  reservedForOther: boolean;
  /** The viewer's latest offer that is still alive (waiting, countered or agreed), if any. */
  mine: {
    id: number;
    state: OfferState;
    price: number;
    counterPrice: number | null;
    agreedPrice: number | null;
    expiresAt: Date;
    reservedUntil: Date | null;
  } | null;
  /** The lowest offer the listing takes now, or null when it takes none. */
  lowest: number | null;
};

/** What the item page shows about offers: a reservation, the viewer's own offer, the lowest allowed. */
export async function itemOfferStatus(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { item: { id: number; price: number | null; shippingMethod: string | null }; viewerId: number | null },
): Promise<ItemOfferStatus> {
  const reservation = await reservationOf(ctx, o.item.id);
  const [mine] = o.viewerId
    ? await ctx.db
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.itemId, o.item.id),
            eq(offers.buyerId, o.viewerId),
            inArray(offers.state, [...OPEN_OFFER_STATES, "ACCEPTED"]),
          ),
        )
        .orderBy(desc(offers.id))
        .limit(1)
    : [];
  const now = ctx.clock.now().getTime();
  const alive =
    mine && (mine.state === "ACCEPTED" ? reservation?.offerId === mine.id : mine.expiresAt.getTime() > now);
  const listing =
    o.item.price === null ? null : { price: o.item.price, shippingMethod: o.item.shippingMethod };
  return {
    reservedForOther: reservation !== null && reservation.buyerId !== o.viewerId,
    mine: alive
      ? {
          id: mine.id,
          state: mine.state,
          price: mine.price,
          counterPrice: mine.counterPrice,
          agreedPrice: mine.agreedPrice,
          expiresAt: mine.expiresAt,
          reservedUntil: mine.reservedUntil,
        }
      : null,
    lowest: listing && takesOffers(listing) ? lowestOffer(listing) : null,
  };
}
