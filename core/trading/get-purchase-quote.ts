import { and, desc, eq } from "drizzle-orm";
import { items, payments, transactions } from "#db/schema/index.ts";
import { type Address, getAddress } from "../account/get-address.ts";
import { SHIPPING_METHOD } from "../catalog/codes.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { SavedCard } from "../money/payments/gateway.ts";
import { readProviderStatus } from "../money/payments/payment-status.ts";
import { listSavedCards } from "../money/payments/saved-cards.ts";
import { reservationOf } from "../offers/reservation.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { isBlockedBy } from "../social/blocking.ts";
import { assertMember } from "../social/members-only.ts";
import { type PaymentParts, spendableBalance, splitPrice } from "./checkout-balance.ts";
import type { PickupSpot } from "./pickup-spots.ts";

export type PurchaseQuote = {
  /** `price`: what the purchase charges (the agreed price of the member's offer, when one reserves it). */
  item: { id: number; title: string; price: number; postage: string; state: string };
  /** The listing's own price, when the member's agreed offer lowers it; else null. */
  listPrice: number | null;
  /**
   * Why this member cannot buy (`stopped`: the seller took it off sale; `reserved`: an agreed offer
   * keeps it for another buyer), or null when they can.
   */
  refusal: "own" | "blocked" | "sold" | "stopped" | "reserved" | null;
  address: Address | null;
  cards: SavedCard[];
  /** Free points the member can spend now (unexpired). */
  freePoints: number;
  /** Paid points. */
  points: number;
  /**
   * The price split over the balance as it would be spent: free points, then paid points, the
   * rest (`card`) by card. `card` 0: the balance covers it and points alone can pay.
   */
  withPoints: PaymentParts;
  /**
   * For an item sent by らくらくTsugu便: the courier's pickup spots near the member's address, where
   * the parcel can wait to be collected instead of being delivered; null for other items or
   * without an address.
   */
  pickupSpots: PickupSpot[] | null;
  /** The provider's key for tokenising a new card in the browser. */
  publicKey: string;
  provider: string;
};

/** What the purchase page shows: the item, its price, where it goes and how the member can pay. */
export async function getPurchaseQuote(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<PurchaseQuote> {
  assertMember(o.actor);
  const [item] = await ctx.db.select().from(items).where(eq(items.id, o.itemId)).limit(1);
  if (!item || item.price === null || item.state === "DRAFT" || item.state === "PRIVATE") {
    throw new AppError("NOT_FOUND");
  }
  const reservation = item.state === "SALE" ? await reservationOf(ctx, item.id) : null;
  const mine = reservation?.buyerId === o.actor.id ? reservation : null;
  const price = mine?.price ?? item.price;
  const refusal =
    item.sellerId === o.actor.id
      ? "own"
      : (await isBlockedBy(ctx, { blockerId: item.sellerId, userId: o.actor.id }))
        ? "blocked"
        : item.state === "SOLD"
          ? "sold"
          : item.state !== "SALE"
            ? "stopped"
            : reservation && !mine
              ? "reserved"
              : null;
  const [address, cards, balance] = await Promise.all([
    getAddress(ctx, o.actor.id),
    listSavedCards(ctx, { userId: o.actor.id }),
    spendableBalance(ctx.db, { userId: o.actor.id, now: ctx.clock.now() }),
  ]);
  return {
    item: {
      id: item.id,
      title: item.title,
      price,
      postage: item.postage ?? "INCLUDED",
      state: item.state,
    },
    listPrice: mine ? item.price : null,
    refusal,
    address,
    cards,
    freePoints: balance.freePoints,
    points: balance.points,
    withPoints: splitPrice(price, balance),
    pickupSpots: await spotsNear(ctx, item.shippingMethod, address),
    publicKey: ctx.payments.publicKey,
    provider: ctx.payments.name,
  };
}

/**
 * The spots where a member may collect an item instead of having it delivered (delivery method
 * 11): the courier's, near their address; for an item that is not sent by らくらくTsugu便, or a member
 * without an address, none (null). Only the listing's shipping method and the address decide it.
 */
export async function listPickupSpots(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<PickupSpot[] | null> {
  assertMember(o.actor);
  const [item] = await ctx.db
    .select({ shippingMethod: items.shippingMethod, price: items.price, state: items.state })
    .from(items)
    .where(eq(items.id, o.itemId))
    .limit(1);
  if (!item || item.price === null || item.state === "DRAFT" || item.state === "PRIVATE") {
    throw new AppError("NOT_FOUND");
  }
  return spotsNear(ctx, item.shippingMethod, await getAddress(ctx, o.actor.id));
}

function spotsNear(
  ctx: CoreContext,
  shippingMethod: string | null,
  address: Address | null,
): Promise<PickupSpot[] | null> {
  if (!address || shippingMethod !== SHIPPING_METHOD.EASY_DELIVERY) return Promise.resolve(null);
  return ctx.courier.pickupSpots(address);
}

/** Where the buyer of an item waiting for 3-D Secure goes to authenticate, or null if nothing waits. */
export async function getSecureStep(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; returnUrl: string },
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ chargeId: payments.chargeId, chargeStatus: payments.chargeStatus })
    .from(transactions)
    .innerJoin(payments, eq(payments.transactionId, transactions.id))
    .where(
      and(
        eq(transactions.itemId, o.itemId),
        eq(transactions.buyerId, o.actor.id),
        eq(transactions.state, "AUTH"),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(1);
  if (!row?.chargeId || readProviderStatus(row.chargeStatus) !== "awaiting_3ds") return null;
  return ctx.payments.challengeUrl(row.chargeId, o.returnUrl);
}
