import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { deviceChecks, items } from "#db/schema/index.ts";
import { PUBLIC_STATES } from "../catalog/item-states.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type DeviceCheckView, viewOf } from "./device-check-view.ts";
import { ZReportId } from "./report.ts";

/**
 * One report, with whether its signature holds and it is in date. Its member sees it always;
 * anyone else once it is on a listing the public can see. Otherwise it does not exist (404).
 */
export async function getDeviceCheck(
  ctx: CoreContext,
  o: { reportId: string; viewer: { id: number } | null },
): Promise<DeviceCheckView> {
  if (!ZReportId.safeParse(o.reportId).success) throw new AppError("NOT_FOUND");
  const [row] = await ctx.db
    .select({ report: deviceChecks, itemState: items.state })
    .from(deviceChecks)
    .leftJoin(items, eq(items.id, deviceChecks.itemId))
    .where(eq(deviceChecks.publicId, o.reportId));
  if (!row) throw new AppError("NOT_FOUND");
  const own = o.viewer?.id === row.report.memberId;
  const published = row.itemState !== null && PUBLIC_STATES.includes(row.itemState);
  if (!own && !published) throw new AppError("NOT_FOUND");
  return viewOf(ctx, row.report);
}

/**
 * A member's reports still in date and on no listing or buyback device: what the sell form and the
 * buyback application offer to attach.
 */
export async function listUnattachedDeviceChecks(
  ctx: CoreContext,
  o: { actor: { id: number } },
): Promise<DeviceCheckView[]> {
  const rows = await ctx.db
    .select()
    .from(deviceChecks)
    .where(
      and(
        eq(deviceChecks.memberId, o.actor.id),
        isNull(deviceChecks.itemId),
        isNull(deviceChecks.buybackItemId),
        gt(deviceChecks.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(deviceChecks.checkedAt))
    .limit(20);
  return rows.map((row) => viewOf(ctx, row));
}

/** The report on a listing, for the listing's page (which decides who may see the listing): null without one. */
export async function deviceCheckOfItem(
  ctx: CoreContext,
  o: { itemId: number },
): Promise<DeviceCheckView | null> {
  const [row] = await ctx.db.select().from(deviceChecks).where(eq(deviceChecks.itemId, o.itemId));
  return row ? viewOf(ctx, row) : null;
}

/**
 * The report a buyback device was sent in with, for the member's device page and the grader (each
 * page decides who may see the device): null without one.
 */
export async function deviceCheckOfBuybackItem(
  ctx: Pick<CoreContext, "db" | "secret" | "clock">,
  o: { buybackItemId: number },
): Promise<DeviceCheckView | null> {
  const [row] = await ctx.db
    .select()
    .from(deviceChecks)
    .where(eq(deviceChecks.buybackItemId, o.buybackItemId));
  return row ? viewOf(ctx, row) : null;
}
