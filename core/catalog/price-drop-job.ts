import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";

// The listing's side of a price drop: the job it queues when it gets cheaper. Who is told, and how,
// is the social context's handler (`core/social/price-drops.ts`).

const ZPrice = z.number().int().positive();

/** A listing on sale was made cheaper: its likers are told off the seller's request. */
export const notifyPriceDropJob = defineJob({
  name: "social.notify-price-drop",
  payload: z.object({ itemId: z.number().int().positive(), from: ZPrice, to: ZPrice }),
});

/**
 * Queues the price-drop notices when a listing on sale gets a lower price (in the caller's
 * transaction, so they exist exactly when the new price does). A raise or an unchanged price queues
 * nothing.
 */
export async function queuePriceDrop(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; state: string; from: number | null; to: number | null | undefined },
): Promise<boolean> {
  if (o.state !== "SALE" || o.from === null || o.to == null || o.to >= o.from) return false;
  return enqueueJob(ctx, notifyPriceDropJob, { itemId: o.itemId, from: o.from, to: o.to });
}
