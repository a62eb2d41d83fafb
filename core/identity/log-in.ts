import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits, countInWindow } from "../shared/rate-limit.ts";
import { requireBotCheck } from "./bot-check.ts";
import { FIELD_LABELS, ZLogIn } from "./fields.ts";
import { verifyPassword } from "./passwords.ts";
import { countLoginAttempt, finishSignIn, LOGIN_LIMITS } from "./two-step-login.ts";

const LOGIN_FAILED = msg("identity.errors.loginFailed");

/**
 * After this many failed sign-ins within the window, the next ones need a bot check: per address,
 * and per network (higher, as many phones share one address behind their carrier).
 */
const BOT_CHECK_AFTER = { failuresPerAddress: 2, failuresPerIp: 10 };

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
    /** The bot check's token, asked for only after repeated failures. */
    botCheckToken?: string | null;
  },
) {
  const { email, password } = parseInput(ZLogIn, o.input, FIELD_LABELS);
  const failed = { ip: `login-failed:ip:${o.ip}`, address: `login-failed:address:${email}` };
  const [byAddress, byIp] = await Promise.all([
    countInWindow(ctx, failed.address, LOGIN_LIMITS.windowSeconds),
    countInWindow(ctx, failed.ip, LOGIN_LIMITS.windowSeconds),
  ]);
  if (byAddress >= BOT_CHECK_AFTER.failuresPerAddress || byIp >= BOT_CHECK_AFTER.failuresPerIp) {
    await requireBotCheck(ctx, { token: o.botCheckToken, action: "login", ip: o.ip });
  }
  await countLoginAttempt(ctx, email, o.ip);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    // Counted only, never refused here: the limits above refuse; these decide when to ask for a bot check.
    const uncapped = { max: Number.MAX_SAFE_INTEGER, windowSeconds: LOGIN_LIMITS.windowSeconds };
    await consumeRateLimits(ctx, [
      { key: failed.address, ...uncapped },
      { key: failed.ip, ...uncapped },
    ]);
    throw new AppError("UNAUTHORIZED", { message: LOGIN_FAILED });
  }
  // Said only to whoever knows the password: a wrong one never tells that an account is suspended.
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  const { kind, persistent, ip, userAgent } = o;
  return finishSignIn(ctx, { user, kind, persistent, ip, userAgent, secondStep: true });
}
