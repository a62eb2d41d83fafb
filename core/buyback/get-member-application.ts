import { and, count, eq } from "drizzle-orm";
import { buybackApplications, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { PickupTimeSlot } from "../shared/courier.ts";

/**
 * One of the member's applications as the page after applying shows it: how it is sent, the
 * invoice, the pickup booked and how many devices go. Null for anyone else's (nothing is shown).
 */
export async function getMemberApplication(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; applicationId: number },
) {
  const [application] = await ctx.db
    .select({
      id: buybackApplications.id,
      shippingMethod: buybackApplications.shippingMethod,
      pickupDate: buybackApplications.pickupDate,
      pickupSlot: buybackApplications.pickupSlot,
      invoiceNumber: buybackApplications.inboundInvoiceNumber,
      trackingUrl: buybackApplications.inboundTrackingUrl,
    })
    .from(buybackApplications)
    .where(and(eq(buybackApplications.id, o.applicationId), eq(buybackApplications.userId, o.userId)));
  if (!application) return null;
  const [{ devices } = { devices: 0 }] = await ctx.db
    .select({ devices: count() })
    .from(buybackItems)
    .where(eq(buybackItems.applicationId, application.id));
  return { ...application, pickupSlot: application.pickupSlot as PickupTimeSlot | null, devices };
}
