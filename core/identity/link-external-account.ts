import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { challenges, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { type Challenge, consumeChallenge, verifyChallengeCode } from "./challenges.ts";
import {
  type Door,
  type ExternalOutcome,
  link,
  PENDING_EXPIRED,
  type PendingPayload,
  requirePending,
  signIn,
} from "./external-trip.ts";
import { FIELD_LABELS, ZLogIn, ZVerifySignup } from "./fields.ts";
import { verifyPassword } from "./passwords.ts";
import { countLoginAttempt } from "./two-step-login.ts";

/**
 * The mailed code proves the address: an account with it is linked and signed in; else the address
 * is proven and a nickname is asked next. Wrong guesses count; the fifth ends the ticket.
 */
export async function proveExternalByCode(
  ctx: CoreContext,
  o: Door & { input: z.input<typeof ZVerifySignup> },
): Promise<ExternalOutcome | { kind: "proven" }> {
  const { code } = parseInput(ZVerifySignup, o.input, FIELD_LABELS);
  await requirePending(ctx, o.ticket);
  const row = await verifyChallengeCode(ctx, { purpose: "link_identity", ticket: o.ticket ?? "", code });
  if (row.userId === null) return { kind: "proven" };
  return linkAndSignIn(ctx, row, o);
}

/** The account's password proves the member: the provider's account is linked and they are signed in. */
export async function proveExternalByPassword(
  ctx: CoreContext,
  o: Door & { input: { password?: unknown } },
): Promise<ExternalOutcome> {
  const { password } = parseInput(ZLogIn.pick({ password: true }), o.input, FIELD_LABELS);
  const row = await requirePending(ctx, o.ticket);
  if (row.userId === null) throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
  await countLoginAttempt(ctx, user.email, o.ip);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await ctx.db
      .update(challenges)
      .set({ attempts: sql`${challenges.attempts} + 1` })
      .where(eq(challenges.id, row.id));
    throw new AppError("VALIDATION", { fields: { password: msg("providers.errors.wrongPassword") } });
  }
  return linkAndSignIn(ctx, row, o);
}

async function linkAndSignIn(ctx: CoreContext, row: Challenge, o: Door): Promise<ExternalOutcome> {
  if (!(await consumeChallenge(ctx, row.id)))
    throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
  const p = row.payload as PendingPayload;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId!)).limit(1);
  if (!user) throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  await link(ctx, { userId: user.id, provider: p.provider, subject: p.subject, email: p.providerEmail });
  return signIn(ctx, user, { ...o, redirect: p.redirect });
}
