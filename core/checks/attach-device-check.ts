import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { deviceChecks, items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { type DeviceCheckView, viewOf } from "./device-check-view.ts";
import { signedPart, signReport, standingOf, ZReportId } from "./report.ts";

export const ZAttachDeviceCheck = z.object({ reportId: ZReportId }).strict();
const LABELS = { reportId: msg("checks.fields.reportId") };

/**
 * Puts a member's report on their own listing, signed again for that listing: from then on the
 * report speaks for this listing only, and editing the listing's condition does not change it. A
 * listing holds one report: a newer one takes the place of the one before, which goes back to its
 * member. Refused, the listing unchanged: another member's listing (403), another member's report
 * (403), a report whose signature does not hold, one past its 30 days, one already on another listing.
 */
export async function attachDeviceCheck(
  ctx: CoreContext,
  o: { actor: { id: number }; itemId: number; input: unknown },
): Promise<DeviceCheckView> {
  const { reportId } = parseInput(ZAttachDeviceCheck, o.input, LABELS);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [item] = await db
      .select({ sellerId: items.sellerId })
      .from(items)
      .where(eq(items.id, o.itemId))
      .for("update");
    if (!item) throw new AppError("NOT_FOUND");
    if (item.sellerId !== o.actor.id)
      throw new AppError("FORBIDDEN", { message: msg("checks.errors.notYourListing") });
    const [report] = await db
      .select()
      .from(deviceChecks)
      .where(eq(deviceChecks.publicId, reportId))
      .for("update");
    refuseUnusable(ctx, report, o.actor, o.itemId);
    const now = ctx.clock.now();
    // The listing's earlier report goes back to its member, signed for them again.
    const earlier = await db
      .select()
      .from(deviceChecks)
      .where(and(eq(deviceChecks.itemId, o.itemId), ne(deviceChecks.id, report.id)));
    for (const old of earlier) await resign(ctx, db, old, null, now);
    return viewOf(ctx, await resign(ctx, db, report, o.itemId, now));
  });
}

/**
 * Why a report cannot go on the member's listing (`itemId`, or a listing still to be saved): none
 * such, another member's, altered, past its 30 days, or on another listing already.
 */
function refuseUnusable(
  ctx: Pick<CoreContext, "secret" | "clock">,
  report: typeof deviceChecks.$inferSelect | undefined,
  actor: { id: number },
  itemId: number | null,
): asserts report is typeof deviceChecks.$inferSelect {
  if (!report) throw new AppError("VALIDATION", { fields: { reportId: msg("checks.errors.unknown") } });
  if (report.memberId !== actor.id) {
    throw new AppError("FORBIDDEN", { message: msg("checks.errors.notYourReport") });
  }
  const standing = standingOf(ctx, report);
  if (standing !== "genuine") {
    throw new AppError("VALIDATION", { fields: { reportId: msg(`checks.errors.${standing}`) } });
  }
  if (report.itemId !== null && report.itemId !== itemId) {
    throw new AppError("CONFLICT", { message: msg("checks.errors.onAnotherListing") });
  }
}

/**
 * Refuses, before a new listing is saved, a report that `attachDeviceCheck` would refuse once it is:
 * the listing form says why and keeps what the member typed.
 */
export async function assertAttachable(
  ctx: CoreContext,
  o: { actor: { id: number }; input: unknown },
): Promise<void> {
  const { reportId } = parseInput(ZAttachDeviceCheck, o.input, LABELS);
  const [report] = await ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, reportId));
  refuseUnusable(ctx, report, o.actor, null);
}

async function resign(
  ctx: Pick<CoreContext, "secret">,
  db: Db,
  row: typeof deviceChecks.$inferSelect,
  itemId: number | null,
  now: Date,
) {
  const subject = itemId === null ? `member:${row.memberId}` : `item:${itemId}`;
  const signature = signReport(ctx.secret, { ...signedPart(row), subject });
  const [updated] = await db
    .update(deviceChecks)
    .set({ itemId, subject, signature, attachedAt: itemId === null ? null : now })
    .where(eq(deviceChecks.id, row.id))
    .returning();
  return updated!;
}
