import { and, eq, isNull } from "drizzle-orm";
import { type BuybackEndReason, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { COURIER_INVOICE_KIND, COURIER_SHIPPING_TYPE } from "../shared/courier.ts";
import { type Actor, changeState } from "../state/change-state.ts";
import { releaseBid } from "./bids.ts";
import { type BuybackEvent, buybackNotice } from "./notice.ts";
import { BUYBACK_ITEM_MACHINE, type BuybackRole } from "./states.ts";

type ItemRow = typeof buybackItems.$inferSelect;
type EndAction = "cancel" | "lapse" | "refuse" | "decline" | "expire";

/** Devices reported stolen or found counterfeit stay with us for the police; they are never returned. */
const HELD: readonly BuybackEndReason[] = ["reported_stolen", "counterfeit"];

/** Whether a device that is not bought goes back to the member at our cost (all but held devices). */
function returnedFree(reason: BuybackEndReason): boolean {
  return !HELD.includes(reason);
}

/**
 * Ends a buyback without a sale (→ 60), in the caller's database transaction, with `item` read
 * under a lock: the unit the offer held goes back to the bid and the member is told. Answers
 * whether the device is with us and goes back free: then the caller, once its transaction has
 * committed, calls `sendReturnParcel` (the courier is an outside service, never called while
 * rows are locked).
 */
export async function endBuyback(
  ctx: Pick<CoreContext, "db" | "clock">,
  item: ItemRow,
  o: { action: EndAction; actor: Actor<BuybackRole>; reason: BuybackEndReason; note?: string | null },
): Promise<{ returnParcel: boolean }> {
  const now = ctx.clock.now();
  const withUs = item.state === "30" || item.state === "40";
  await changeState(ctx, {
    machine: BUYBACK_ITEM_MACHINE,
    table: buybackItems,
    id: item.id,
    from: item.state,
    action: o.action,
    actor: o.actor,
    reason: o.note ?? o.reason,
    set: {
      endReason: o.reason,
      endNote: o.note ?? null,
      ...(item.state === "40" ? { decidedAt: now } : {}),
    },
  });
  if (item.state === "40" && item.offerBidId) await releaseBid(ctx.db, item.offerBidId);
  const event: BuybackEvent | null =
    o.action === "refuse"
      ? returnedFree(o.reason)
        ? "refused"
        : "held"
      : o.action === "expire"
        ? "expired"
        : withUs
          ? "returned"
          : null;
  if (event) await buybackNotice(ctx, { itemId: item.id, event });
  return { returnParcel: withUs && returnedFree(o.reason) };
}

/**
 * Books the free return parcel of a device that was not bought (a prepaid invoice from our
 * warehouse to the member's address) and keeps its number. Safe to call again: the courier answers
 * the same invoice for the same reference, and a number already kept stays.
 */
export async function sendReturnParcel(
  ctx: Pick<CoreContext, "db" | "courier">,
  itemId: number,
): Promise<string> {
  const invoice = await ctx.courier.issueInvoice({
    reference: `buyback-return-${itemId}`,
    invoiceKind: COURIER_INVOICE_KIND.PARCEL,
    parcelSize: 60,
    shippingType: COURIER_SHIPPING_TYPE.OFFICE,
    pickup: null,
    packaging: "01",
    handlingNotes: ["01", "02"],
  });
  await ctx.db
    .update(buybackItems)
    .set({ returnInvoiceNumber: invoice.invoiceNumber })
    .where(and(eq(buybackItems.id, itemId), isNull(buybackItems.returnInvoiceNumber)));
  return invoice.invoiceNumber;
}
