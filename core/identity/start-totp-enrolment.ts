import { eq } from "drizzle-orm";
import { twoStepSettings } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { SessionUser } from "./sessions.ts";
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpFor, twoStepStatus } from "./two-step.ts";

export type Actor = Pick<SessionUser, "id" | "email">;

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
