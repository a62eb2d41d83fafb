import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeChallenge, findChallenge, INVALID_LINK, openChallengeLink } from "./challenges.ts";
import { FIELD_LABELS, ZResetPassword } from "./fields.ts";
import { hashPassword } from "./passwords.ts";
import { endUserSessions } from "./sessions.ts";

/** Opens the emailed link and swaps it for a ticket, so the token leaves the address bar. */
export async function openPasswordResetLink(ctx: CoreContext, o: { linkToken: string }) {
  const { challenge, ticket } = await openChallengeLink(ctx, {
    purpose: "password_reset",
    linkToken: o.linkToken,
    markVerified: true,
  });
  return { ticket, email: challenge.destination };
}

export async function passwordResetTicketEmail(ctx: CoreContext, ticket: string | null | undefined) {
  const challenge = await findChallenge(ctx, "password_reset", ticket);
  return challenge?.verifiedAt ? challenge.destination : null;
}

/** Sets the new password and ends every session, so whoever had the old one is logged out. */
export async function resetPassword(
  ctx: CoreContext,
  o: { ticket: string; input: z.input<typeof ZResetPassword> },
): Promise<{ email: string }> {
  const { password } = parseInput(ZResetPassword, o.input, FIELD_LABELS);
  const challenge = await findChallenge(ctx, "password_reset", o.ticket);
  if (!challenge?.verifiedAt || !challenge.userId) throw new AppError("FORBIDDEN", { message: INVALID_LINK });
  const passwordHash = await hashPassword(password);
  if (!(await consumeChallenge(ctx, challenge.id)))
    throw new AppError("FORBIDDEN", { message: INVALID_LINK });
  await ctx.db
    .update(users)
    .set({ passwordHash, updatedAt: ctx.clock.now() })
    .where(eq(users.id, challenge.userId));
  await endUserSessions(ctx, challenge.userId);
  return { email: challenge.destination };
}
