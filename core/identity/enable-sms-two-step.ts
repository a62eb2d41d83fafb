import { isNull } from "drizzle-orm";
import { twoStepSettings } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Actor } from "./start-totp-enrolment.ts";
import { issueRecoveryCodes, twoStepStatus } from "./two-step.ts";

/**
 * Offers codes by SMS at sign-in, to the phone number the member has verified. Like the
 * authenticator, the first time it turns two-step verification on it brings recovery codes.
 */
export async function enableSmsTwoStep(
  ctx: CoreContext,
  o: { actor: Actor },
): Promise<{ recoveryCodes: string[] | null }> {
  const status = await twoStepStatus(ctx, o.actor.id);
  if (!status.phoneNumber) throw new AppError("CONFLICT", { message: msg("twoStep.errors.noPhone") });
  const now = ctx.clock.now();
  // Once: when SMS codes are on already (or turned on by the same request sent twice), nothing changes.
  const turnedOn = await ctx.db
    .insert(twoStepSettings)
    .values({ userId: o.actor.id, smsEnabledAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: twoStepSettings.userId,
      set: { smsEnabledAt: now, updatedAt: now },
      setWhere: isNull(twoStepSettings.smsEnabledAt),
    })
    .returning({ userId: twoStepSettings.userId });
  if (turnedOn.length === 0 || status.recoveryCodesLeft > 0) return { recoveryCodes: null };
  return { recoveryCodes: await issueRecoveryCodes(ctx, o.actor.id) };
}
