import { eq } from "drizzle-orm";
import { buybackItems } from "#db/schema/index.ts";
import { handleJob, type JobHandler } from "../jobs/define-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { stillInState } from "../state/change-state.ts";
import { endBuyback, sendReturnParcel } from "./end-buyback.ts";
import { cancelUnshipped, expireOffer, remindOffer } from "./job-defs.ts";
import { buybackNotice } from "./notice.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

type Timer = { id: number; state: string; since: number };

/**
 * Ends the device under a lock, only if it is still where the timer found it, then books its free
 * return parcel once that has committed.
 */
async function endIfStill(
  ctx: CoreContext,
  p: Timer,
  end: (c: CoreContext, item: typeof buybackItems.$inferSelect) => Promise<{ returnParcel: boolean }>,
): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const [item] = await tx.select().from(buybackItems).where(eq(buybackItems.id, p.id)).for("update");
    if (!item || !(await stillInState(tx, BUYBACK_ITEM_MACHINE, p))) return null;
    return end(c, item);
  });
  if (ended?.returnParcel) await sendReturnParcel(ctx, p.id);
}

const cancelUnshippedHandler = handleJob(cancelUnshipped, (ctx, p) =>
  endIfStill(ctx, p, (c, item) =>
    endBuyback(c, item, { action: "lapse", actor: { role: "system" }, reason: "not_shipped" }),
  ),
);

const remindOfferHandler = handleJob(remindOffer, async (ctx, p) => {
  if (!(await stillInState(ctx.db, BUYBACK_ITEM_MACHINE, p))) return;
  await buybackNotice(ctx, { itemId: p.id, event: "offer_reminder" });
});

/** A week without an answer: the offer counts as declined (never as accepted) and the device goes back free. */
const expireOfferHandler = handleJob(expireOffer, (ctx, p) =>
  endIfStill(ctx, p, (c, item) =>
    endBuyback(c, item, { action: "expire", actor: { role: "system" }, reason: "expired" }),
  ),
);

export const BUYBACK_JOB_HANDLERS: readonly JobHandler[] = [
  cancelUnshippedHandler,
  remindOfferHandler,
  expireOfferHandler,
];
