import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { nextState } from "../state/machine.ts";
import { endBuyback } from "./end-buyback.ts";
import { assertBuybackMember, ownBuybackItem } from "./member-item.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

/**
 * The member withdraws one device before sending it (10 → 60, reason "canceled_by_member"). The
 * other devices of the application are left as they are.
 */
export async function cancelBuyback(
  ctx: CoreContext,
  o: { actor: Pick<SessionUser, "id" | "role">; itemId: number },
): Promise<void> {
  assertBuybackMember(o.actor);
  await ctx.db.transaction(async (tx) => {
    const item = await ownBuybackItem(tx, { itemId: o.itemId, userId: o.actor.id, lock: true });
    nextState(BUYBACK_ITEM_MACHINE, item.state, "cancel", "member");
    await endBuyback({ ...ctx, db: tx }, item, {
      action: "cancel",
      actor: { role: "member", id: o.actor.id },
      reason: "canceled_by_member",
    });
  });
}
