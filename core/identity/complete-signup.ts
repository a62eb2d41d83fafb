import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { challenges, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { isLocale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { findChallenge } from "./challenges.ts";
import { FIELD_LABELS, ZCompleteSignup } from "./fields.ts";
import { createSession } from "./sessions.ts";

const SIGNUP_NOT_VERIFIED = msg("identity.errors.signupNotVerified");
export const EMAIL_TAKEN = msg("identity.errors.emailTaken");

/** Whether a ticket stands for a confirmed address still waiting for its account. */
export async function pendingSignup(ctx: CoreContext, ticket: string | null | undefined) {
  const challenge = await findChallenge(ctx, "signup", ticket);
  if (!challenge?.verifiedAt || typeof challenge.payload.passwordHash !== "string") return null;
  return { email: challenge.destination };
}

/** Last step of sign-up: creates the account and signs the person in. */
export async function completeSignup(
  ctx: CoreContext,
  o: {
    ticket: string;
    input: z.input<typeof ZCompleteSignup>;
    session: { kind: "web" | "api"; persistent: boolean; ip?: string; userAgent?: string };
  },
): Promise<{ user: typeof users.$inferSelect; token: string; expiresAt: Date }> {
  const { nickname } = parseInput(ZCompleteSignup, o.input, FIELD_LABELS);
  const challenge = await findChallenge(ctx, "signup", o.ticket);
  const passwordHash = challenge?.payload.passwordHash;
  if (!challenge?.verifiedAt || typeof passwordHash !== "string") {
    throw new AppError("FORBIDDEN", { message: SIGNUP_NOT_VERIFIED });
  }
  const now = ctx.clock.now();
  const locale = isLocale(challenge.payload.locale) ? challenge.payload.locale : "ja";
  const user = await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(challenges)
      .set({ consumedAt: now })
      .where(and(eq(challenges.id, challenge.id), isNull(challenges.consumedAt)))
      .returning({ consumedAt: challenges.consumedAt });
    if (used.length !== 1) throw new AppError("FORBIDDEN", { message: SIGNUP_NOT_VERIFIED });
    const created = await tx
      .insert(users)
      .values({
        email: challenge.destination,
        emailVerifiedAt: challenge.verifiedAt,
        passwordHash,
        nickname,
        locale,
      })
      .onConflictDoNothing()
      .returning();
    if (created.length !== 1) throw new AppError("CONFLICT", { message: EMAIL_TAKEN });
    return created[0]!;
  });
  const session = await createSession(ctx, { userId: user.id, ...o.session });
  return { user, ...session };
}
