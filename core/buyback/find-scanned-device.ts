import { asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { buybackApplications, buybackItems } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { authorize } from "../staff/authorize.ts";

/** What a barcode scanner (or a person) types: digits, perhaps full-width, spaced or hyphenated. */
export const ZScan = z
  .string()
  .max(40)
  .nullish()
  .transform((v) => toHalfWidthDigits(v ?? "").replace(/[\s-]/g, ""))
  .refine((v) => /^\d{8,20}$/.test(v), {
    params: { message: msg("buybackOffice.grading.errors.scanDigits") },
  });

/** Devices with us come first (to grade, then offered), then those on their way, then ended ones. */
const WITH_US_FIRST = sql`case ${buybackItems.state} when '30' then 0 when '40' then 1 when '20' then 2 when '10' then 3 else 4 end`;

/**
 * The device a scan names, the one rule for the scan box: a 15-digit IMEI (the member's or the one
 * recorded at grading), else a parcel's inbound invoice number (hyphens ignored), which opens its
 * first device still to grade. Several devices with one IMEI: the one with us wins, then the newest.
 * Null when nothing matches; else the device, how it matched and the scan as understood (digits). A scan that is not 8 to 20 digits is a VALIDATION error on `scan`.
 */
export async function findScannedDevice(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser | null; input: unknown },
): Promise<{ itemId: number; by: "imei" | "invoice"; scan: string } | null> {
  await authorize(ctx, o.actor, "buyback:grade");
  const { scan } = parseInput(z.object({ scan: ZScan }), o.input, {
    scan: msg("buybackOffice.grading.queue.scan"),
  });
  const first = async (where: SQL, order: SQL[]) => {
    const [row] = await ctx.db
      .select({ id: buybackItems.id })
      .from(buybackItems)
      .innerJoin(buybackApplications, eq(buybackApplications.id, buybackItems.applicationId))
      .where(where)
      .orderBy(...order)
      .limit(1);
    return row?.id ?? null;
  };
  if (scan.length === 15) {
    const byImei = await first(
      or(
        eq(buybackItems.imei, scan),
        sql`${buybackItems.diagnostics} -> 'imei' ->> 'value' = ${scan}`,
      ) as SQL,
      [asc(WITH_US_FIRST), desc(buybackItems.id)],
    );
    if (byImei !== null) return { itemId: byImei, by: "imei", scan };
  }
  const byInvoice = await first(
    sql`replace(${buybackApplications.inboundInvoiceNumber}, '-', '') = ${scan}`,
    [asc(WITH_US_FIRST), asc(buybackItems.id)],
  );
  return byInvoice === null ? null : { itemId: byInvoice, by: "invoice", scan };
}
