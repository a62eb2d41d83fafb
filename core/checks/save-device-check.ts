import { z } from "zod";
import { deviceChecks } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { memberOfCheckLink } from "./check-link.ts";
import { type DeviceCheckView, viewOf } from "./device-check-view.ts";
import { type CheckResult, newReportId, REPORT_VALID_DAYS, signReport, ZCheckResult } from "./report.ts";

/** A finished check, with the check link when the device is not the member's signed-in one. */
export const ZSaveDeviceCheck = ZCheckResult.extend({ link: z.string().max(200).optional() });
const LABELS = { tests: msg("checks.fields.tests"), link: msg("checks.fields.link") };

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
  const memberId = link ? memberOfCheckLink(ctx, link) : o.actor?.id;
  if (memberId === undefined) throw new AppError("UNAUTHORIZED");
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
