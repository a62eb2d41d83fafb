import { eq } from "drizzle-orm";
import { buybackItems, deviceModels } from "#db/schema/index.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";

/** What happened to a member's device, as a notification names it. */
export type BuybackEvent =
  | "received"
  | "offered"
  | "offer_reminder"
  | "bought"
  | "returned"
  | "expired"
  | "refused"
  | "held"
  | "unlock_requested";

/**
 * Tells the member what happened to a device they sent in, naming the model so the notification
 * reads as a sentence and leads to `/buyback/transactions/{id}/`.
 */
export async function buybackNotice(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; event: BuybackEvent; amount?: number | null },
): Promise<void> {
  const [row] = await ctx.db
    .select({ userId: buybackItems.userId, model: deviceModels.name })
    .from(buybackItems)
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .where(eq(buybackItems.id, o.itemId));
  if (!row) return;
  await notify(ctx, {
    userId: row.userId,
    kind: "buyback",
    payload: {
      buybackItemId: o.itemId,
      title: row.model,
      event: o.event,
      ...(o.amount != null ? { amount: o.amount } : {}),
    },
  });
}
