import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { CURRENT_PASSWORD_WRONG, FIELD_LABELS, ZChangePassword } from "./fields.ts";
import { passwordChangedNoticeMail } from "./mails.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { SessionUser } from "./sessions.ts";
import { endUserSessions } from "./sessions.ts";

/** Needs the current password; ends every other session of the member. */
export async function changePassword(
  ctx: CoreContext,
  o: { actor: SessionUser; input: z.input<typeof ZChangePassword> },
): Promise<void> {
  const { currentPassword, password } = parseInput(ZChangePassword, o.input, FIELD_LABELS);
  await consumeRateLimits(ctx, [{ key: `password:user:${o.actor.id}`, max: 10, windowSeconds: 900 }]);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, o.actor.id)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError("VALIDATION", { fields: { currentPassword: CURRENT_PASSWORD_WRONG } });
  }
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id));
  await endUserSessions(ctx, user.id, o.actor.sessionId);
  await ctx.mailer.send(passwordChangedNoticeMail(user.email, user.locale));
}
