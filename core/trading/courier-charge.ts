import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { shipments } from "#db/schema/index.ts";
import type { TransactionRow } from "./load-transaction.ts";

type Shipment = Pick<typeof shipments.$inferSelect, "fee" | "invoiceNumber">;

/**
 * The one answer to "what does the seller pay the courier for this sale": the courier invoice's fee
 * when the postage is included in the price (送料込み, the seller pays), taken from the proceeds
 * when the trade completes; nothing when the buyer pays on arrival (着払い) or the parcel went
 * by another method with the seller's own tracking number.
 */
export function sellerCourierFee(t: Pick<TransactionRow, "postage">, shipment: Shipment | null): number {
  if (t.postage !== "INCLUDED" || !shipment?.invoiceNumber) return 0;
  return shipment.fee ?? 0;
}

/** The seller's courier fee for a transaction, read from its shipment. */
export async function courierFeeOf(db: Db, t: Pick<TransactionRow, "id" | "postage">): Promise<number> {
  const [shipment] = await db
    .select({ fee: shipments.fee, invoiceNumber: shipments.invoiceNumber })
    .from(shipments)
    .where(eq(shipments.transactionId, t.id));
  return sellerCourierFee(t, shipment ?? null);
}
