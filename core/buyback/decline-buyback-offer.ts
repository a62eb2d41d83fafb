import type { CoreContext } from "../shared/context.ts";
import { lockOwnItem } from "./decide-offer.ts";
import { endBuyback, sendReturnParcel } from "./end-buyback.ts";

/** The member declines an offer (40 → 60): the device goes back free and the bid's unit is released. */
export async function declineOffer(ctx: CoreContext, o: { itemId: number; userId: number }): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const item = await lockOwnItem(c, o.itemId, o.userId);
    return endBuyback(c, item, {
      action: "decline",
      actor: { role: "member", id: o.userId },
      reason: "declined",
    });
  });
  if (ended.returnParcel) await sendReturnParcel(ctx, o.itemId);
}
