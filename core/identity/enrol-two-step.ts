import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { twoStepSettings } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { FIELD_LABELS, ZCode } from "./fields.ts";
import type { SessionUser } from "./sessions.ts";
import {
  INVALID_TWO_STEP_CODE,
  issueRecoveryCodes,
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpFor,
  twoStepOn,
  twoStepStatus,
} from "./two-step.ts";

type Actor = Pick<SessionUser, "id" | "email">;

export const ZConfirmTotp = z.object({ code: ZCode });

/** What the settings page shows while an authenticator is being added: the secret as text and as a link. */
export type TotpEnrolment = { secret: string; uri: string };

/**
 * Starts adding an authenticator app: a new secret, kept sealed and not yet asked for at sign-in.
 * Starting again replaces a secret that was never confirmed; one already in use stays until the
 * member turns two-step verification off.
 */
export async function startTotpEnrolment(ctx: CoreContext, o: { actor: Actor }): Promise<TotpEnrolment> {
  const status = await twoStepStatus(ctx, o.actor.id);
  if (status.totp) throw new AppError("CONFLICT", { message: msg("twoStep.errors.alreadyOn") });
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(ctx.secret, o.actor.id, secret);
  const now = ctx.clock.now();
  await ctx.db
    .insert(twoStepSettings)
    .values({ userId: o.actor.id, totpSecret: sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: twoStepSettings.userId,
      set: { totpSecret: sealed, totpLastStep: null, updatedAt: now },
    });
  return { secret, uri: totpFor(secret, o.actor.email).toString() };
}

/** The authenticator being added, to show again (a reload of the page), or null when none is. */
export async function pendingTotpEnrolment(ctx: CoreContext, actor: Actor): Promise<TotpEnrolment | null> {
  const [row] = await ctx.db
    .select({ secret: twoStepSettings.totpSecret, enabledAt: twoStepSettings.totpEnabledAt })
    .from(twoStepSettings)
    .where(eq(twoStepSettings.userId, actor.id))
    .limit(1);
  if (!row?.secret || row.enabledAt) return null;
  const secret = openTotpSecret(ctx.secret, actor.id, row.secret);
  return { secret, uri: totpFor(secret, actor.email).toString() };
}

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

/** Ten new recovery codes; the old ones stop working. Only while two-step verification is on. */
export async function regenerateRecoveryCodes(ctx: CoreContext, o: { actor: Actor }): Promise<string[]> {
  const status = await twoStepStatus(ctx, o.actor.id);
  if (!twoStepOn(status)) throw new AppError("CONFLICT", { message: msg("twoStep.errors.notOn") });
  return issueRecoveryCodes(ctx, o.actor.id);
}
