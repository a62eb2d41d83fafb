import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { twoStepSettings } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { FIELD_LABELS, ZCode } from "./fields.ts";
import { type Actor, pendingTotpEnrolment } from "./start-totp-enrolment.ts";
import { INVALID_TWO_STEP_CODE, issueRecoveryCodes, matchTotpStep, twoStepStatus } from "./two-step.ts";

export const ZConfirmTotp = z.object({ code: ZCode });

/**
 * Confirms the authenticator with a first code: from then on it is asked for at sign-in. The first
 * time two-step verification turns on, ten recovery codes come with it (shown once).
 * Wrong codes count against a limit, as every code does.
 */
export async function confirmTotpEnrolment(
  ctx: CoreContext,
  o: { actor: Actor; input: z.input<typeof ZConfirmTotp> },
): Promise<{ recoveryCodes: string[] | null }> {
  const { code } = parseInput(ZConfirmTotp, o.input, FIELD_LABELS);
  await consumeRateLimits(ctx, [{ key: `two-step:enrol:${o.actor.id}`, max: 10, windowSeconds: 15 * 60 }]);
  const status = await twoStepStatus(ctx, o.actor.id);
  const pending = await pendingTotpEnrolment(ctx, o.actor);
  if (!pending) throw new AppError("CONFLICT", { message: msg("twoStep.errors.noEnrolment") });
  const step = matchTotpStep(pending.secret, code, ctx.clock.now());
  if (step === null) throw new AppError("VALIDATION", { fields: { code: INVALID_TWO_STEP_CODE } });
  const now = ctx.clock.now();
  // Once: the same confirmation sent twice at once turns it on for one of them only.
  const confirmed = await ctx.db
    .update(twoStepSettings)
    .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(twoStepSettings.userId, o.actor.id), isNull(twoStepSettings.totpEnabledAt)))
    .returning({ userId: twoStepSettings.userId });
  if (confirmed.length === 0) throw new AppError("CONFLICT", { message: msg("twoStep.errors.alreadyOn") });
  return { recoveryCodes: status.recoveryCodesLeft > 0 ? null : await issueRecoveryCodes(ctx, o.actor.id) };
}
