import { and, eq, gt, inArray, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { offers } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { changeState } from "../state/change-state.ts";
import { offerNotice } from "./offer-notice.ts";
import { OFFER_MACHINE, OPEN_OFFER_STATES } from "./offer-states.ts";

export type Reservation = { offerId: number; buyerId: number; price: number; until: Date };

/**
 * The agreed offer that holds a listing now, or null. One whose 24 hours are over holds nothing,
 * even before the job queue has marked it lapsed.
 */
export async function reservationOf(
  ctx: Pick<CoreContext, "db" | "clock">,
  itemId: number,
): Promise<Reservation | null> {
  const [row] = await ctx.db
    .select({
      id: offers.id,
      buyerId: offers.buyerId,
      price: offers.agreedPrice,
      until: offers.reservedUntil,
    })
    .from(offers)
    .where(
      and(eq(offers.itemId, itemId), eq(offers.state, "ACCEPTED"), gt(offers.reservedUntil, ctx.clock.now())),
    )
    .limit(1);
  if (!row?.price || !row.until) return null;
  return { offerId: row.id, buyerId: row.buyerId, price: row.price, until: row.until };
}

/**
 * Closes the listing's offers still waiting for an answer (all but `except`), telling each buyer:
 * the listing was sold or reserved for someone else. Call in the database transaction that did it.
 */
export async function closeOpenOffers(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; except?: number },
): Promise<void> {
  const open = await ctx.db
    .select({ id: offers.id, state: offers.state, buyerId: offers.buyerId, price: offers.price })
    .from(offers)
    .where(
      and(
        eq(offers.itemId, o.itemId),
        inArray(offers.state, OPEN_OFFER_STATES),
        o.except ? ne(offers.id, o.except) : undefined,
      ),
    );
  for (const offer of open) {
    await changeState(ctx, {
      machine: OFFER_MACHINE,
      table: offers,
      id: offer.id,
      from: offer.state,
      action: "close",
      actor: { role: "system" },
    });
    await offerNotice(ctx, {
      userId: offer.buyerId,
      offer: { id: offer.id, itemId: o.itemId },
      event: "closed",
      price: offer.price,
      side: "sent",
    });
  }
}

/**
 * The reserved buyer bought the item (`transactionId`): their offer is done, and every other
 * offer still open on the listing closes. In the purchase's database transaction.
 */
export async function settleReservation(
  ctx: { db: Db; clock: CoreContext["clock"] },
  o: { itemId: number; offerId: number | null; transactionId: number },
): Promise<void> {
  if (o.offerId) {
    await changeState(ctx, {
      machine: OFFER_MACHINE,
      table: offers,
      id: o.offerId,
      from: "ACCEPTED",
      action: "purchase",
      actor: { role: "system" },
      set: { transactionId: o.transactionId },
    });
  }
  await closeOpenOffers(ctx, { itemId: o.itemId });
}
