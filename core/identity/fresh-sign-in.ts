import { and, eq } from "drizzle-orm";
import { sessions, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { verifyPassword } from "./passwords.ts";
import type { SessionUser } from "./sessions.ts";

/** How long a sign-in (password, passkey, two-step, code or provider) counts as fresh for money settings. */
const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Whether the member signed in, or proved it was them again, within the last 10 minutes in this
 * session: what removing a passkey (decision 036) and changing where proceeds are paid ask first.
 */
export async function isFreshSignIn(
  ctx: Pick<CoreContext, "db" | "clock">,
  actor: Pick<SessionUser, "id" | "sessionId">,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ createdAt: sessions.createdAt, reauthenticatedAt: sessions.reauthenticatedAt })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.userId, actor.id)));
  if (!row) return false;
  const last = Math.max(row.createdAt.getTime(), row.reauthenticatedAt?.getTime() ?? 0);
  return ctx.clock.now().getTime() - last <= FRESH_SIGN_IN_MS;
}

/**
 * Asks a member whose sign-in is not fresh for their password (`currentPassword`) before a change
 * to where proceeds are paid, and records the proof on the session for the next 10 minutes. A
 * member without a password (signed up with LINE, Google or Apple) is asked to sign in again.
 * Wrong passwords count against the same limit as a password change.
 */
export async function confirmFreshSignIn(
  ctx: CoreContext,
  o: { actor: SessionUser; password: unknown },
): Promise<void> {
  if (await isFreshSignIn(ctx, o.actor)) return;
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, o.actor.id));
  if (!user?.passwordHash) {
    throw new AppError("FORBIDDEN", { message: msg("identity.freshSignIn.signInAgain") });
  }
  const password = typeof o.password === "string" ? o.password : "";
  if (password === "") {
    throw new AppError("VALIDATION", { fields: { currentPassword: msg("identity.freshSignIn.required") } });
  }
  await consumeRateLimits(ctx, [{ key: `password:user:${o.actor.id}`, max: 10, windowSeconds: 900 }]);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("VALIDATION", { fields: { currentPassword: msg("identity.freshSignIn.wrong") } });
  }
  await ctx.db
    .update(sessions)
    .set({ reauthenticatedAt: ctx.clock.now() })
    .where(eq(sessions.id, o.actor.sessionId));
}
