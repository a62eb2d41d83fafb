import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { items, offers, users } from "#db/schema/index.ts";
import { PUBLIC_STATES } from "../catalog/item-states.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { assertNotBlocked } from "../social/blocking.ts";
import { assertMember } from "../social/members-only.ts";
import { changeState, recordCreation } from "../state/change-state.ts";
import { offerNotice } from "./offer-notice.ts";
import { OFFER_ANSWER_MS, OFFER_MESSAGES, offerProblem, readAmount } from "./offer-rules.ts";
import { OFFER_MACHINE, OPEN_OFFER_STATES } from "./offer-states.ts";
import { reservationOf } from "./reservation.ts";

/** Offers a member may make in an hour, across listings: enough to bargain, too few to pester. */
const OFFERS_PER_HOUR = 20;

export type MadeOffer = { id: number; state: "PENDING"; price: number; expiresAt: Date };

/**
 * A member offers a price on a listing on sale: not their own, not from a seller who blocked
 * them, not while the listing is reserved or their earlier offer there still waits, and within
 * the price rule (`offerProblem`). The seller hears of it (and gets a mail) and has 24 hours.
 */
export async function makeOffer(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; input: { amount?: unknown } },
): Promise<MadeOffer> {
  assertMember(o.actor);
  const buyer = o.actor;
  const offer = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    // Locked: an offer and the seller's acceptance of another one are never decided at once.
    const [item] = await tx.select().from(items).where(eq(items.id, o.itemId)).for("update");
    if (!item || !PUBLIC_STATES.includes(item.state) || item.price === null) throw new AppError("NOT_FOUND");
    if (item.sellerId === buyer.id) throw new AppError("FORBIDDEN", { message: OFFER_MESSAGES.ownItem });
    await assertNotBlocked(txCtx, { ownerId: item.sellerId, actorId: buyer.id });
    if (item.state !== "SALE") throw new AppError("CONFLICT", { message: OFFER_MESSAGES.notOnSale });
    if (await reservationOf(txCtx, item.id)) {
      throw new AppError("CONFLICT", { message: OFFER_MESSAGES.reserved });
    }
    const [open] = await tx
      .select({ id: offers.id, state: offers.state, price: offers.price })
      .from(offers)
      .where(
        and(
          eq(offers.itemId, item.id),
          eq(offers.buyerId, buyer.id),
          inArray(offers.state, OPEN_OFFER_STATES),
        ),
      );
    // An earlier offer the seller's price cut has overtaken (at or above the new price) gives way.
    if (open && open.price < item.price)
      throw new AppError("CONFLICT", { message: OFFER_MESSAGES.alreadyPending });
    const amount = readAmount(o.input.amount);
    const problem = offerProblem(amount, { price: item.price, shippingMethod: item.shippingMethod });
    if (problem) throw new AppError("VALIDATION", { fields: { amount: problem } });
    if (open) {
      await changeState(txCtx, {
        machine: OFFER_MACHINE,
        table: offers,
        id: open.id,
        from: open.state,
        action: "close",
        actor: { role: "system" },
      });
    }
    await consumeRateLimits(txCtx, [{ key: `offer:${buyer.id}`, max: OFFERS_PER_HOUR, windowSeconds: 3600 }]);
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(offers)
      .values({
        itemId: item.id,
        buyerId: buyer.id,
        sellerId: item.sellerId,
        state: "PENDING",
        listPrice: item.price,
        price: amount!,
        expiresAt: new Date(now.getTime() + OFFER_ANSWER_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordCreation(txCtx, {
      machine: OFFER_MACHINE,
      id: row!.id,
      state: "PENDING",
      actor: { role: "buyer", id: buyer.id },
    });
    const [who] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, buyer.id));
    await offerNotice(txCtx, {
      userId: item.sellerId,
      offer: row!,
      event: "received",
      price: row!.price,
      by: who?.nickname ?? "",
      side: "received",
    });
    return row!;
  });
  return { id: offer.id, state: "PENDING", price: offer.price, expiresAt: offer.expiresAt };
}
