import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { FIELD_LABELS, ZLogIn } from "./fields.ts";
import { verifyPassword } from "./passwords.ts";
import { createSession } from "./sessions.ts";
import { LOGIN_LIMITS, startTwoStepIfOn } from "./two-step-login.ts";

const LOGIN_FAILED = msg("identity.errors.loginFailed");

/**
 * Email and password to a new session: a cookie session for the web, a bearer token for the API.
 * With two-step verification on, the answer is instead a ticket for the second step.
 */
export async function logIn(
  ctx: CoreContext,
  o: {
    input: z.input<typeof ZLogIn>;
    kind: "web" | "api";
    persistent: boolean;
    ip: string;
    userAgent?: string;
  },
) {
  const { email, password } = parseInput(ZLogIn, o.input, FIELD_LABELS);
  await consumeRateLimits(ctx, [
    { key: `login:ip:${o.ip}`, max: LOGIN_LIMITS.perIp, windowSeconds: LOGIN_LIMITS.windowSeconds },
    {
      key: `login:address:${email}`,
      max: LOGIN_LIMITS.perAddress,
      windowSeconds: LOGIN_LIMITS.windowSeconds,
    },
  ]);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new AppError("UNAUTHORIZED", { message: LOGIN_FAILED });
  // Said only to whoever knows the password: a wrong one never tells that an account is suspended.
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  const twoStep = await startTwoStepIfOn(ctx, { user, kind: o.kind, persistent: o.persistent, ip: o.ip });
  if (twoStep) return { user, twoStep, token: null, expiresAt: null };
  const session = await createSession(ctx, {
    userId: user.id,
    kind: o.kind,
    persistent: o.persistent,
    ip: o.ip,
    userAgent: o.userAgent,
  });
  return { user, twoStep: null, ...session };
}
