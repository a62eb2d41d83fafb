import { and, eq } from "drizzle-orm";
import { queueClaims } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { QUEUES, type QueueName } from "./queues.ts";

/** Lets go of an item (its holder, or anyone with the queue's permission); audited. */
export async function releaseQueueItem(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName; itemId: number; meta?: RequestMeta },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, QUEUES[o.queue].permission);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(queueClaims)
      .where(and(eq(queueClaims.queue, o.queue), eq(queueClaims.itemId, o.itemId)))
      .returning({ operatorId: queueClaims.operatorId });
    if (removed.length === 0) return;
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "queue:release",
        target: { type: o.queue, id: o.itemId },
        changes: { claimedBy: [removed[0]!.operatorId, null] },
        meta: o.meta,
      },
    );
  });
}
