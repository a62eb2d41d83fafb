import { queueClaims } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { type Claim, claimOf } from "./claims.ts";
import { QUEUES, type QueueName } from "./queues.ts";

/**
 * An operator takes an item of a queue. Of two operators claiming the same item at once, one row
 * is written and the other gets CONFLICT; claiming what you hold already is harmless.
 */
export async function claimQueueItem(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName; itemId: number; meta?: RequestMeta },
): Promise<Claim> {
  const operator = await authorize(ctx, o.actor, QUEUES[o.queue].permission);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const inserted = await tx
      .insert(queueClaims)
      .values({ queue: o.queue, itemId: o.itemId, operatorId: operator.id, claimedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) {
      const held = await claimOf(tx, o.queue, o.itemId);
      if (held && held.operatorId === operator.id) return held;
      throw new AppError("CONFLICT", {
        message: msg("backOffice.errors.claimedByOther", { name: held?.nickname ?? "" }),
      });
    }
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "queue:claim",
        target: { type: o.queue, id: o.itemId },
        changes: { claimedBy: [null, operator.id] },
        meta: o.meta,
      },
    );
    return (await claimOf(tx, o.queue, o.itemId))!;
  });
}
