import { eq } from "drizzle-orm";
import { z } from "zod";
import { deviceChecks, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { memberOfCheckLink } from "./check-link.ts";
import { type DeviceCheckView, viewOf } from "./device-check-view.ts";
import { type CheckResult, newReportId, REPORT_VALID_DAYS, signReport, ZCheckResult } from "./report.ts";

/** A finished check, with the check link when the device is not the member's signed-in one. */
export const ZSaveDeviceCheck = ZCheckResult.extend({ link: z.string().max(200).optional() });
/** Reports one member may make in an hour. */
const REPORTS_PER_MEMBER = { max: 20, windowSeconds: 3600 };

const LABELS = {
  tests: msg("checks.fields.tests"),
  displayDefects: msg("checks.fields.displayDefects"),
  battery: msg("checks.fields.battery"),
  network: msg("checks.fields.network"),
  device: msg("checks.fields.device"),
  startedAt: msg("checks.fields.startedAt"),
  link: msg("checks.fields.link"),
};

/**
 * Keeps a finished self-check as a signed report of its member's, valid for 30 days: the result as
 * the device's browser sent it, the time, and the member it was made for. Attached to a listing
 * later, it is signed again for that listing (`attachDeviceCheck`). A check started on one device
 * and finished on another is one report only when the member confirmed it.
 */
export async function saveDeviceCheck(
  ctx: CoreContext,
  o: { actor: { id: number } | null; input: unknown },
): Promise<DeviceCheckView> {
  const { link, ...rest } = parseInput(ZSaveDeviceCheck, o.input, LABELS);
  // Signed in on the device itself, or on another one that showed this device the check's QR code.
  const memberId = link ? await checkLinkMember(ctx, link) : o.actor?.id;
  if (memberId === undefined) throw new AppError("UNAUTHORIZED");
  // Enough for a person checking a few devices again and again, not for filling the table.
  await consumeRateLimits(ctx, [{ key: `device-check:member:${memberId}`, ...REPORTS_PER_MEMBER }]);
  const result: CheckResult = rest;
  const started = new Date(result.startedAt);
  const now = ctx.clock.now();
  if (started.getTime() > now.getTime() + 60_000 || now.getTime() - started.getTime() > 24 * 3600_000) {
    throw new AppError("VALIDATION", { fields: { startedAt: msg("checks.errors.startedAt") } });
  }
  if (result.deviceKeys.started !== result.deviceKeys.finished && !result.otherDeviceConfirmed) {
    throw new AppError("VALIDATION", { fields: { otherDeviceConfirmed: msg("checks.errors.otherDevice") } });
  }
  const checkedAt = now;
  const expiresAt = new Date(now.getTime() + REPORT_VALID_DAYS * 24 * 3600_000);
  const publicId = newReportId();
  const subject = `member:${memberId}`;
  const signature = signReport(ctx.secret, {
    id: publicId,
    memberId: memberId,
    subject,
    result,
    checkedAt: checkedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const [row] = await ctx.db
    .insert(deviceChecks)
    .values({
      publicId,
      memberId: memberId,
      subject,
      result,
      checkedAt,
      expiresAt,
      signature,
      createdAt: now,
    })
    .returning();
  return viewOf(ctx, row!);
}

/** The member a check link was made for, while they may still use the site (not suspended, not gone). */
export async function checkLinkMember(ctx: CoreContext, link: string): Promise<number> {
  const memberId = memberOfCheckLink(ctx, link);
  const [member] = await ctx.db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, memberId));
  if (!member || member.suspendedAt) {
    throw new AppError("VALIDATION", { fields: { link: msg("checks.errors.link") } });
  }
  return memberId;
}
