import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { items, offers } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { type OfferEvent, offerNotice } from "./offer-notice.ts";
import {
  counterProblem,
  OFFER_ANSWER_MS,
  OFFER_MESSAGES,
  RESERVATION_MS,
  readAmount,
} from "./offer-rules.ts";
import { OFFER_MACHINE, type OfferAction, type OfferRole, type OfferState } from "./offer-states.ts";
import { closeOpenOffers, reservationOf } from "./reservation.ts";

export type OfferAnswer = "accept" | "decline" | "counter";

/** Each answer as the party whose turn it is takes it: the seller to an offer, the buyer to a counter. */
const ACTIONS: Record<"seller" | "buyer", Record<OfferAnswer, OfferAction>> = {
  seller: { accept: "accept", decline: "decline", counter: "counter" },
  buyer: { accept: "accept_counter", decline: "decline_counter", counter: "counter" },
};

/** Who hears of each answer, and what they are told. */
const TOLD: Partial<Record<OfferAction, { to: "buyer" | "seller"; event: OfferEvent }>> = {
  accept: { to: "buyer", event: "accepted" },
  decline: { to: "buyer", event: "declined" },
  counter: { to: "buyer", event: "countered" },
  accept_counter: { to: "seller", event: "counter_accepted" },
  decline_counter: { to: "seller", event: "counter_declined" },
};

export type AnsweredOffer = { id: number; state: OfferState; price: number; agreedPrice: number | null };

/**
 * The seller accepts, declines or counters an offer; the buyer accepts or declines a counter —
 * each within 24 hours. Agreeing reserves the listing for the buyer at the agreed price for 24
 * hours (and closes the listing's other open offers); only a listing on sale can be agreed on. A
 * counter is above the offer and below the current price, within the offer rule. An offer is
 * another member's business: to anyone but its two parties it does not exist.
 */
export async function answerOffer(
  ctx: CoreContext,
  o: { actor: SessionUser; offerId: number; answer: OfferAnswer; input?: { amount?: unknown } },
): Promise<AnsweredOffer> {
  const [peek] = await ctx.db
    .select({ itemId: offers.itemId, buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.id, o.offerId));
  if (!peek || (peek.buyerId !== o.actor.id && peek.sellerId !== o.actor.id)) {
    throw new AppError("NOT_FOUND", { message: OFFER_MESSAGES.notFound });
  }
  const role: OfferRole = peek.sellerId === o.actor.id ? "seller" : "buyer";
  const action = ACTIONS[role][o.answer];
  const result = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    // The listing first, then the offer: the order every purchase and offer takes, so none waits on another.
    const [item] = await tx.select().from(items).where(eq(items.id, peek.itemId)).for("update");
    const [offer] = await tx.select().from(offers).where(eq(offers.id, o.offerId)).for("update");
    if (!item || !offer) throw new AppError("NOT_FOUND", { message: OFFER_MESSAGES.notFound });
    // Refused by the table first (the wrong party, or over already); then the clock and the listing.
    nextState(OFFER_MACHINE, offer.state, action, role);
    const now = ctx.clock.now();
    if (offer.expiresAt.getTime() <= now.getTime()) {
      throw new AppError("CONFLICT", { message: OFFER_MESSAGES.expired });
    }
    const set: Record<string, unknown> = {};
    let price = offer.price;
    if (action === "counter") {
      if (item.state !== "SALE" || item.price === null) {
        throw new AppError("CONFLICT", { message: OFFER_MESSAGES.notOnSale });
      }
      const amount = readAmount(o.input?.amount);
      const problem = counterProblem(amount, {
        offer: offer.price,
        listing: { price: item.price, shippingMethod: item.shippingMethod },
      });
      if (problem) throw new AppError("VALIDATION", { fields: { amount: problem } });
      price = amount!;
      Object.assign(set, { counterPrice: price, expiresAt: new Date(now.getTime() + OFFER_ANSWER_MS) });
    }
    if (action === "accept" || action === "accept_counter") {
      if (item.state !== "SALE" || item.price === null) {
        throw new AppError("CONFLICT", { message: OFFER_MESSAGES.notOnSale });
      }
      if (await reservationOf(txCtx, item.id))
        throw new AppError("CONFLICT", { message: OFFER_MESSAGES.reserved });
      price = action === "accept" ? offer.price : offer.counterPrice!;
      if (price >= item.price) throw new AppError("CONFLICT", { message: OFFER_MESSAGES.priceChanged });
      Object.assign(set, { agreedPrice: price, reservedUntil: new Date(now.getTime() + RESERVATION_MS) });
    }
    if (action === "decline_counter") price = offer.counterPrice ?? offer.price;
    const changed = await changeState(txCtx, {
      machine: OFFER_MACHINE,
      table: offers,
      id: offer.id,
      from: offer.state,
      action,
      actor: { role, id: o.actor.id },
      set,
    });
    if (changed.to === "ACCEPTED") await closeOpenOffers(txCtx, { itemId: item.id, except: offer.id });
    const told = TOLD[action];
    if (told) {
      await offerNotice(txCtx, {
        userId: told.to === "buyer" ? offer.buyerId : offer.sellerId,
        offer,
        event: told.event,
        price,
        side: told.to === "buyer" ? "sent" : "received",
      });
    }
    return {
      id: offer.id,
      state: changed.to,
      price: offer.price,
      agreedPrice: changed.to === "ACCEPTED" ? price : null,
    };
  });
  return result;
}
