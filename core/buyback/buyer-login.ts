import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import { consumeLatestChallengeCode, issueChallenge } from "../identity/challenges.ts";
import { createSession } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { BUYER_LABELS, ZBuyerLogIn, ZBuyerLoginCode } from "./buyer-fields.ts";
import { buyerLoginCodeMail } from "./buyer-mails.ts";
import { type Buyer, getBuyer } from "./buyers.ts";

/** Code guesses from one network, across every address (each code also dies after 5 wrong ones). */
const GUESSES_PER_IP = { max: 30, windowSeconds: 15 * 60 };

/** The buyer an address belongs to, or null for any other address (a member's, an operator's, none). */
async function buyerByEmail(ctx: CoreContext, email: string): Promise<Buyer | null> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user ? getBuyer(ctx.db, user.id) : null;
}

/**
 * First step of the buyback log-in: mails a 6-digit code to a buyer's address. Any other address
 * gets exactly the same answer and counts against the same limits, but no code is made and no mail
 * is sent, so nobody can learn which addresses are buyers'.
 */
export async function sendBuyerLoginCode(
  ctx: CoreContext,
  o: { input: z.input<typeof ZBuyerLoginCode>; locale: Locale; ip: string },
): Promise<{ email: string; ticket: string }> {
  const { email } = parseInput(ZBuyerLoginCode, o.input, BUYER_LABELS);
  const buyer = await buyerByEmail(ctx, email);
  const issued = await issueChallenge(ctx, {
    purpose: "login",
    destination: email,
    userId: buyer?.userId,
    ip: o.ip,
    withCode: buyer !== null,
    withLink: false,
  });
  if (buyer && issued.code) await ctx.mailer.send(buyerLoginCodeMail(email, o.locale, issued.code));
  return { email, ticket: issued.ticket };
}

/**
 * Second step: the address and the newest code sent to it open a session (persistent only when the
 * buyer asked to stay logged in). The code is used up; a wrong one counts towards its five guesses.
 */
export async function logInBuyer(
  ctx: CoreContext,
  o: {
    input: z.input<typeof ZBuyerLogIn>;
    kind: "web" | "api";
    persistent: boolean;
    ip: string;
    userAgent?: string | undefined;
  },
): Promise<{ buyer: Buyer; token: string; expiresAt: Date }> {
  const { email, code } = parseInput(ZBuyerLogIn, o.input, BUYER_LABELS);
  await consumeRateLimits(ctx, [{ key: `buyback-login:ip:${o.ip}`, ...GUESSES_PER_IP }]);
  const challenge = await consumeLatestChallengeCode(ctx, { purpose: "login", destination: email, code });
  // Only a buyer's address ever gets a code; one that stopped being a buyer meanwhile is refused alike.
  const buyer = challenge.userId ? await getBuyer(ctx.db, challenge.userId) : null;
  if (!buyer || buyer.email !== email) {
    throw new AppError("VALIDATION", { fields: { code: msg("identity.errors.expiredCode") } });
  }
  const session = await createSession(ctx, {
    userId: buyer.userId,
    kind: o.kind,
    persistent: o.persistent,
    ip: o.ip,
    userAgent: o.userAgent,
  });
  return { buyer, ...session };
}
