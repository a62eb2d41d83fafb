import { and, eq } from "drizzle-orm";
import { buybackApplications, buybackItems } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { assertBuybackMember, ownBuybackItem } from "./member-item.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

/**
 * The member says the parcel left (handed to the courier, or collected): 10 → 20. The devices of
 * one application travel in one parcel, so every one of them still waiting moves with it (one the
 * member cancelled stays ended). Answers the devices now on their way.
 */
export async function markBuybackShipped(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: Pick<SessionUser, "id" | "role">; itemId: number },
): Promise<{ itemIds: number[] }> {
  assertBuybackMember(o.actor);
  return ctx.db.transaction(async (tx) => {
    const item = await ownBuybackItem(tx, { itemId: o.itemId, userId: o.actor.id, lock: true });
    // Refused here with the machine's own message when the device is past waiting for the parcel.
    nextState(BUYBACK_ITEM_MACHINE, item.state, "ship", "member");
    const waiting = await tx
      .select({ id: buybackItems.id, state: buybackItems.state })
      .from(buybackItems)
      .where(and(eq(buybackItems.applicationId, item.applicationId), eq(buybackItems.state, "10")))
      .orderBy(buybackItems.id)
      .for("update");
    const now = ctx.clock.now();
    for (const w of waiting) {
      await changeState(
        { db: tx, clock: ctx.clock },
        {
          machine: BUYBACK_ITEM_MACHINE,
          table: buybackItems,
          id: w.id,
          from: w.state,
          action: "ship",
          actor: { role: "member", id: o.actor.id },
        },
      );
    }
    await tx
      .update(buybackApplications)
      .set({ shippedAt: now, updatedAt: now })
      .where(eq(buybackApplications.id, item.applicationId));
    return { itemIds: waiting.map((w) => w.id) };
  });
}
