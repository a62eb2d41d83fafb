import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { requireBotCheck } from "./bot-check.ts";
import { issueChallenge } from "./challenges.ts";
import { FIELD_LABELS, ZRequestPasswordReset } from "./fields.ts";
import { passwordResetMail } from "./mails.ts";

const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/**
 * Mails a reset link when the address has an account. The caller always answers "sent", so the
 * page never tells whether the address is registered. Needs the bot check's token.
 */
export async function requestPasswordReset(
  ctx: CoreContext,
  o: {
    input: z.input<typeof ZRequestPasswordReset>;
    locale: Locale;
    ip: string;
    botCheckToken: string | null | undefined;
  },
): Promise<{ email: string }> {
  const { email } = parseInput(ZRequestPasswordReset, o.input, FIELD_LABELS);
  await requireBotCheck(ctx, { token: o.botCheckToken, action: "password_reset", ip: o.ip });
  await consumeRateLimits(ctx, [{ key: `reset:ip:${o.ip}`, max: 20, windowSeconds: 3600 }]);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { email };
  const issued = await issueChallenge(ctx, {
    purpose: "password_reset",
    destination: email,
    userId: user.id,
    ip: o.ip,
    withCode: false,
    withLink: true,
    ttlMs: RESET_LINK_TTL_MS,
  });
  const link = `${ctx.publicUrl}/${o.locale}/settings/reset-password/?token=${issued.linkToken}`;
  await ctx.mailer.send(passwordResetMail(email, o.locale, link));
  return { email };
}
