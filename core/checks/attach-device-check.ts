import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { buybackItems, deviceChecks, items } from "#db/schema/index.ts";
import { notifySavedSearchesJob } from "../catalog/saved-searches.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
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
    const attached = await resign(ctx, db, report, o.itemId, now);
    // Saved searches for 動作チェック済み listings hear of a listing on sale that now holds one
    // (a member already told about it is not told again).
    await enqueueJob(
      { ...ctx, db },
      notifySavedSearchesJob,
      { itemId: o.itemId },
      // Its own key: the listing's own run when it was published may be long done.
      { uniqueKey: `saved-searches:${o.itemId}:check:${report.publicId}` },
    );
    return viewOf(ctx, attached);
  });
}

/**
 * Where a report goes: the member's listing (its id, or null for a listing still to be saved), or a
 * device of their buyback application (its id, or null for a device still to be applied for).
 */
type Destination = number | null | { buybackItemId: number | null };

/**
 * Why a report cannot go where it is asked to: none such, another member's, altered, past its 30
 * days, or on another listing or buyback device already (a report speaks for one device only).
 */
function refuseUnusable(
  ctx: Pick<CoreContext, "secret" | "clock">,
  report: typeof deviceChecks.$inferSelect | undefined,
  actor: { id: number },
  to: Destination,
): asserts report is typeof deviceChecks.$inferSelect {
  if (!report) throw new AppError("VALIDATION", { fields: { reportId: msg("checks.errors.unknown") } });
  if (report.memberId !== actor.id) {
    throw new AppError("FORBIDDEN", { message: msg("checks.errors.notYourReport") });
  }
  const standing = standingOf(ctx, report);
  if (standing !== "genuine") {
    throw new AppError("VALIDATION", { fields: { reportId: msg(`checks.errors.${standing}`) } });
  }
  const buyback = typeof to === "object" && to !== null;
  const itemId = buyback ? null : to;
  const buybackItemId = buyback ? to.buybackItemId : null;
  if (report.itemId !== null && report.itemId !== itemId) {
    throw new AppError("CONFLICT", {
      message: msg(buyback ? "checks.errors.onListing" : "checks.errors.onAnotherListing"),
    });
  }
  if (report.buybackItemId !== null && report.buybackItemId !== buybackItemId) {
    throw new AppError("CONFLICT", {
      message: msg(buyback ? "checks.errors.onAnotherBuybackDevice" : "checks.errors.onBuybackDevice"),
    });
  }
}

/**
 * Refuses, before a listing (new, or `itemId`) is saved, a report that `attachDeviceCheck` would
 * refuse afterwards: the listing form says why, keeps what the member typed and saves nothing.
 */
export async function assertAttachable(
  ctx: CoreContext,
  o: { actor: { id: number }; input: unknown; itemId?: number },
): Promise<void> {
  const { reportId } = parseInput(ZAttachDeviceCheck, o.input, LABELS);
  const [report] = await ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, reportId));
  refuseUnusable(ctx, report, o.actor, o.itemId ?? null);
}

/**
 * A member's report as a device of their buyback application may carry it, refused as
 * `attachDeviceCheckToBuyback` would refuse it: the application reads its findings and says what
 * is wrong before anything is made.
 */
export async function buybackDeviceCheck(
  ctx: Pick<CoreContext, "db" | "secret" | "clock">,
  o: { actor: { id: number }; input: unknown },
): Promise<DeviceCheckView> {
  const { reportId } = parseInput(ZAttachDeviceCheck, o.input, LABELS);
  const [report] = await ctx.db.select().from(deviceChecks).where(eq(deviceChecks.publicId, reportId));
  refuseUnusable(ctx, report, o.actor, { buybackItemId: null });
  return viewOf(ctx, report);
}

/**
 * Puts a member's report on a device of their buyback application, in the application's own
 * transaction (`db`), signed again for the device (subject "buyback:{id}"): from then on it speaks
 * for that device, and the grader sees it. Refused as `buybackDeviceCheck` says, which undoes the
 * whole application.
 */
export async function attachDeviceCheckToBuyback(
  ctx: Pick<CoreContext, "secret" | "clock">,
  db: Db,
  o: { actor: { id: number }; buybackItemId: number; input: unknown },
): Promise<DeviceCheckView> {
  const { reportId } = parseInput(ZAttachDeviceCheck, o.input, LABELS);
  const [device] = await db
    .select({ userId: buybackItems.userId })
    .from(buybackItems)
    .where(eq(buybackItems.id, o.buybackItemId));
  if (!device || device.userId !== o.actor.id) throw new AppError("NOT_FOUND");
  const [report] = await db
    .select()
    .from(deviceChecks)
    .where(eq(deviceChecks.publicId, reportId))
    .for("update");
  refuseUnusable(ctx, report, o.actor, { buybackItemId: o.buybackItemId });
  return viewOf(ctx, await resign(ctx, db, report, { buybackItemId: o.buybackItemId }, ctx.clock.now()));
}

/** Signs a report again for where it now is: its member (null), a listing, or a buyback device. */
async function resign(
  ctx: Pick<CoreContext, "secret">,
  db: Db,
  row: typeof deviceChecks.$inferSelect,
  to: number | null | { buybackItemId: number },
  now: Date,
) {
  const itemId = typeof to === "number" ? to : null;
  const buybackItemId = typeof to === "object" && to !== null ? to.buybackItemId : null;
  const subject =
    itemId !== null
      ? `item:${itemId}`
      : buybackItemId !== null
        ? `buyback:${buybackItemId}`
        : `member:${row.memberId}`;
  const signature = signReport(ctx.secret, { ...signedPart(row), subject });
  const [updated] = await db
    .update(deviceChecks)
    .set({ itemId, buybackItemId, subject, signature, attachedAt: to === null ? null : now })
    .where(eq(deviceChecks.id, row.id))
    .returning();
  return updated!;
}
