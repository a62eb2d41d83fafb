import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { offers } from "#db/schema/index.ts";
import { handleJob, type JobHandler } from "../jobs/define-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { changeState, stillInState } from "../state/change-state.ts";
import { expireOffer, lapseReservation } from "./offer-job-defs.ts";
import { offerNotice, sendOfferMailHandler } from "./offer-notice.ts";
import { OFFER_MACHINE, type OfferAction } from "./offer-states.ts";

type Timer = { id: number; state: string; since: number };

/** Moves an offer whose time is up, if nothing has happened to it since the timer was set. */
async function timeUp(ctx: CoreContext, p: Timer, action: OfferAction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const [offer] = await tx.select().from(offers).where(eq(offers.id, p.id)).for("update");
    if (!offer || !(await stillInState(tx as unknown as Db, OFFER_MACHINE, p))) return;
    await changeState(txCtx, {
      machine: OFFER_MACHINE,
      table: offers,
      id: offer.id,
      from: offer.state,
      action,
      actor: { role: "system" },
    });
    if (action === "expire") {
      // Both parties see it end: the one who waited, and the one who did not answer.
      for (const [userId, side] of [
        [offer.buyerId, "sent"],
        [offer.sellerId, "received"],
      ] as const) {
        await offerNotice(txCtx, { userId, offer, event: "expired", price: offer.price, side });
      }
    }
  });
}

/** Nobody answered the offer or the counter within 24 hours. */
const expireOfferHandler = handleJob(expireOffer, (ctx, p) => timeUp(ctx, p, "expire"));
/** The reserved buyer did not buy within 24 hours: the listing is open to everyone again. */
const lapseReservationHandler = handleJob(lapseReservation, (ctx, p) => timeUp(ctx, p, "lapse"));

export const OFFER_JOB_HANDLERS: readonly JobHandler[] = [
  expireOfferHandler,
  lapseReservationHandler,
  sendOfferMailHandler,
];
