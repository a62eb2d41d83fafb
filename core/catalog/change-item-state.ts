import { eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { TItemInput } from "./item-fields.ts";
import { type ItemAction, nextItemState } from "./item-states.ts";
import { loadOwnItem, saveItem } from "./save-item.ts";

/**
 * The seller's own moves: publish a draft or private listing (checked as a complete listing first),
 * make it private, or stop selling it.
 */
export async function changeItemState(
  ctx: CoreContext,
  o: {
    actor: SessionUser;
    itemId: number;
    action: Extract<ItemAction, "publish" | "make_private" | "stop_selling">;
  },
): Promise<{ state: string }> {
  const item = await loadOwnItem(ctx, o.actor.id, o.itemId);
  const to = nextItemState(item.state, o.action, "seller");
  if (o.action === "publish") {
    // Re-validates the whole listing as published, exactly as the edit form would.
    const input = Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v ?? undefined])) as TItemInput;
    return saveItem(ctx, { actor: o.actor, itemId: item.id, input, publish: true });
  }
  await ctx.db.update(items).set({ state: to, updatedAt: ctx.clock.now() }).where(eq(items.id, item.id));
  return { state: to };
}
