import { eq } from "drizzle-orm";
import { z } from "zod";
import { recoveryCodes, twoStepSettings, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { CURRENT_PASSWORD_WRONG, FIELD_LABELS, ZPassword } from "./fields.ts";
import { verifyPassword } from "./passwords.ts";
import type { SessionUser } from "./sessions.ts";

export const ZTurnOffTwoStep = z.object({ currentPassword: ZPassword });

/**
 * Turns two-step verification off: the authenticator's secret, SMS codes at sign-in and the
 * recovery codes all go. Needs the current password, with the same limit as changing it.
 */
export async function turnOffTwoStep(
  ctx: CoreContext,
  o: { actor: Pick<SessionUser, "id">; input: z.input<typeof ZTurnOffTwoStep> },
): Promise<void> {
  const { currentPassword } = parseInput(ZTurnOffTwoStep, o.input, FIELD_LABELS);
  await consumeRateLimits(ctx, [{ key: `password:user:${o.actor.id}`, max: 10, windowSeconds: 900 }]);
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, o.actor.id))
    .limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError("VALIDATION", { fields: { currentPassword: CURRENT_PASSWORD_WRONG } });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, o.actor.id));
    await tx.delete(twoStepSettings).where(eq(twoStepSettings.userId, o.actor.id));
  });
}
