import { inArray, sql } from "drizzle-orm";
import { buybackApplications } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError, isAppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { ZScan } from "./find-scanned-device.ts";
import { authorizeGrader } from "./grader.ts";
import { receiveShipment } from "./receive-shipment.ts";

/** Parcels one batch may receive: a desk's worth, not the whole warehouse. */
const MAX_BATCH_PARCELS = 50;

/** What became of one parcel of a batch, in the order the grader scanned or ticked them. */
export type ParcelOutcome = {
  /** The parcel as the grader gave it: an invoice number, or `#<application id>` for a ticked row. */
  parcel: string;
  applicationId: number | null;
  outcome: "received" | "nothingToReceive" | "notFound" | "notANumber";
  /** The devices received into grading (for "received"). */
  itemIds: number[];
};

/**
 * A grader receives several parcels at once: inbound invoice numbers as a scanner types them and
 * applications ticked in the queue, each parcel once, each received by `receiveShipment` in its own
 * transaction (one parcel that cannot be received does not hold back the others). Says per parcel
 * what happened. More than MAX_BATCH_PARCELS, or none at all, is a VALIDATION error on `parcels`.
 */
export async function receiveParcels(
  ctx: CoreContext,
  o: { graderId: number; invoices?: string[]; applicationIds?: number[]; meta?: RequestMeta },
): Promise<ParcelOutcome[]> {
  await authorizeGrader(ctx, o.graderId);
  const invoices = [...new Set((o.invoices ?? []).map((s) => s.trim()).filter((s) => s !== ""))];
  const ticked = [...new Set(o.applicationIds ?? [])];
  const total = invoices.length + ticked.length;
  if (total === 0 || total > MAX_BATCH_PARCELS) {
    throw new AppError("VALIDATION", {
      fields: {
        parcels:
          total === 0
            ? msg("buybackOffice.grading.errors.batchEmpty")
            : msg("buybackOffice.grading.errors.batchTooMany", { max: MAX_BATCH_PARCELS }),
      },
    });
  }
  const digits = invoices.map((raw) => {
    const parsed = ZScan.safeParse(raw);
    return { raw, number: parsed.success ? parsed.data : null };
  });
  const numbers = digits.flatMap((d) => (d.number ? [d.number] : []));
  const found = numbers.length
    ? await ctx.db
        .select({
          id: buybackApplications.id,
          number: sql<string>`replace(${buybackApplications.inboundInvoiceNumber}, '-', '')`,
        })
        .from(buybackApplications)
        .where(inArray(sql`replace(${buybackApplications.inboundInvoiceNumber}, '-', '')`, numbers))
    : [];
  const parcels = [
    ...digits.map((d) => ({
      parcel: d.raw,
      applicationId: d.number ? (found.find((f) => f.number === d.number)?.id ?? null) : null,
      notANumber: d.number === null,
    })),
    ...ticked.map((id) => ({ parcel: `#${id}`, applicationId: id, notANumber: false })),
  ];
  const done = new Set<number>();
  const outcomes: ParcelOutcome[] = [];
  for (const p of parcels) {
    const base = { parcel: p.parcel, applicationId: p.applicationId };
    if (p.notANumber) outcomes.push({ ...base, outcome: "notANumber", itemIds: [] });
    else if (p.applicationId === null) outcomes.push({ ...base, outcome: "notFound", itemIds: [] });
    else if (done.has(p.applicationId)) continue;
    else {
      done.add(p.applicationId);
      outcomes.push({ ...base, ...(await receiveOne(ctx, p.applicationId, o)) });
    }
  }
  return outcomes;
}

async function receiveOne(
  ctx: CoreContext,
  applicationId: number,
  o: { graderId: number; meta?: RequestMeta },
): Promise<Pick<ParcelOutcome, "outcome" | "itemIds">> {
  try {
    const { received } = await receiveShipment(ctx, { applicationId, graderId: o.graderId, meta: o.meta });
    return { outcome: "received", itemIds: received };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return { outcome: "notFound", itemIds: [] };
    if (isAppError(error) && error.code === "CONFLICT") return { outcome: "nothingToReceive", itemIds: [] };
    throw error;
  }
}
