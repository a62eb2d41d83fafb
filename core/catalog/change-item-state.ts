import { items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { changeState } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import type { TItemInput } from "./item-fields.ts";
import { ITEM_MACHINE, type ItemAction } from "./item-states.ts";
import { CONTRADICTION_MESSAGES, listingContradictions } from "./listing-contradictions.ts";
import { assertMaySell } from "./may-sell.ts";
import { loadOwnItem, saveItem } from "./save-item.ts";

/** The seller's own moves on a listing (every one but the buying flow's). */
export type SellerItemAction = Extract<
  ItemAction,
  "publish" | "make_private" | "stop_selling" | "start_negotiation" | "end_negotiation"
>;

/**
 * The seller's own moves: publish a draft or private listing (checked as a complete listing first),
 * make it private, stop selling it, or hold it for a negotiation (取引相談中) and back. The change
 * only happens from the state the listing was read in, so it cannot undo a purchase made meanwhile.
 */
export async function changeItemState(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number; action: SellerItemAction },
): Promise<{ state: string }> {
  await assertMaySell(ctx, o.actor, { publishing: o.action === "publish" });
  const item = await loadOwnItem(ctx, o.actor.id, o.itemId);
  if (o.action === "publish") {
    nextState(ITEM_MACHINE, item.state, "publish", "seller");
    // Re-validates the whole listing as published, exactly as the edit form would.
    const input = Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v ?? undefined])) as TItemInput;
    // Facts that contradict each other are confirmed on the edit form, where the seller sees them.
    if (listingContradictions(item).length > 0) {
      throw new AppError("VALIDATION", { message: CONTRADICTION_MESSAGES.editFirst });
    }
    return saveItem(ctx, { actor: o.actor, itemId: item.id, input, publish: true });
  }
  const { to } = await changeState(ctx, {
    machine: ITEM_MACHINE,
    table: items,
    id: item.id,
    from: item.state,
    action: o.action,
    actor: { role: "seller", id: o.actor.id },
  });
  return { state: to };
}
