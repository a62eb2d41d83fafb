import { and, eq } from "drizzle-orm";
import { passkeys, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { isFreshSignIn } from "./fresh-sign-in.ts";
import { mailPasskeyChange } from "./passkeys.ts";
import type { SessionUser } from "./sessions.ts";

const NOT_FOUND = msg("passkeys.errors.notFound");

/**
 * Removes one of the member's passkeys. Only within 10 minutes of signing in (the way in is being
 * changed: whoever found a browser left signed in cannot do it), and never a password-less
 * member's last passkey: they would have no way back in.
 */
export async function removePasskey(
  ctx: CoreContext,
  o: { actor: SessionUser; passkeyId: number },
): Promise<void> {
  // Decision 036: within 10 minutes of signing in (or of typing the password again).
  if (!(await isFreshSignIn(ctx, o.actor))) {
    throw new AppError("FORBIDDEN", { message: msg("passkeys.errors.signInAgain") });
  }
  const removed = await ctx.db.transaction(async (tx) => {
    // The member's row is the lock: two removals at once cannot both take the last two passkeys.
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, o.actor.id))
      .for("update");
    const mine = await tx
      .select({ id: passkeys.id, name: passkeys.name })
      .from(passkeys)
      .where(eq(passkeys.userId, o.actor.id));
    const passkey = mine.find((p) => p.id === o.passkeyId);
    if (!passkey) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
    if (!user?.passwordHash && mine.length === 1) {
      throw new AppError("CONFLICT", { message: msg("passkeys.errors.lastWayIn") });
    }
    await tx.delete(passkeys).where(and(eq(passkeys.id, o.passkeyId), eq(passkeys.userId, o.actor.id)));
    return passkey;
  });
  await mailPasskeyChange(ctx, o.actor, "removed", removed.name);
}
