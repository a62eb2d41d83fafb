import { eq } from "drizzle-orm";
import { type BuybackEndReason, buybackApplications, buybackItems } from "#db/schema/index.ts";
import { COURIER_INVOICE_KIND, COURIER_SHIPPING_TYPE } from "../shared/codes.ts";
import type { CoreContext } from "../shared/context.ts";
import { type Actor, changeState } from "../state/change-state.ts";
import { releaseBid } from "./bids.ts";
import { type BuybackEvent, buybackNotice } from "./notice.ts";
import { BUYBACK_ITEM_MACHINE, type BuybackRole } from "./states.ts";

type ItemRow = typeof buybackItems.$inferSelect;
type EndAction = "cancel" | "lapse" | "refuse" | "decline" | "expire";

/** Devices reported stolen or found counterfeit stay with us for the police; they are never returned. */
const HELD: readonly BuybackEndReason[] = ["reported_stolen", "counterfeit"];

/** Whether a device that is not bought goes back to the member at our cost (all but held devices). */
export function returnedFree(reason: BuybackEndReason): boolean {
  return !HELD.includes(reason);
}

/**
 * Ends a buyback without a sale (→ 60), in the caller's database transaction, with `item` read
 * under a lock: the unit the offer held goes back to the bid, a device we have goes back to the
 * member free (a prepaid return parcel) unless it is held for the police, and the member is told.
 */
export async function endBuyback(
  ctx: CoreContext,
  item: ItemRow,
  o: { action: EndAction; actor: Actor<BuybackRole>; reason: BuybackEndReason; note?: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  const withUs = item.state === "30" || item.state === "40";
  let returnInvoiceNumber: string | null = null;
  if (withUs && returnedFree(o.reason)) {
    const [application] = await ctx.db
      .select({ id: buybackApplications.id })
      .from(buybackApplications)
      .where(eq(buybackApplications.id, item.applicationId));
    if (application) {
      const invoice = await ctx.courier.issueInvoice({
        reference: `buyback-return-${item.id}`,
        invoiceKind: COURIER_INVOICE_KIND.PARCEL,
        parcelSize: 60,
        shippingType: COURIER_SHIPPING_TYPE.OFFICE,
        pickup: null,
        packaging: "01",
        handlingNotes: ["01", "02"],
      });
      returnInvoiceNumber = invoice.invoiceNumber;
    }
  }
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
      returnInvoiceNumber,
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
}
