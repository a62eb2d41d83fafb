import { sql } from "drizzle-orm";
import { externalIdentities, type users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { type Challenge, findChallenge } from "./challenges.ts";
import type { IdentityProvider } from "./identity-providers.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";
import { finishSignIn } from "./two-step-login.ts";

/** A code to prove the address lasts 10 minutes; a proven one leaves an hour for the nickname. */
export const CODE_TTL_MS = 10 * 60 * 1000;

const MAX_WRONG_GUESSES = 5;

/** Trips started per network, and refused answers per network before the callback shuts for a while. */
export const LIMITS = { startsPerIp: 30, failuresPerIp: 10, windowSeconds: 15 * 60 };

export type ExternalIntent = "sign-in" | "link";

export type TripPayload = {
  provider: IdentityProvider;
  intent: ExternalIntent;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirect: string;
};

export type PendingPayload = {
  provider: IdentityProvider;
  subject: string;
  providerEmail: string | null;
  name: string | null;
  redirect: string;
};

export const PENDING_EXPIRED = msg("providers.errors.pendingExpired");

export function providerName(provider: IdentityProvider): string {
  return { line: "LINE", google: "Google", apple: "Apple" }[provider];
}

/** The address the providers send the browser back to, one per provider, without a language. */
export function providerCallbackUrl(ctx: Pick<CoreContext, "publicUrl">, provider: IdentityProvider): string {
  return `${ctx.publicUrl}/auth/${provider}/callback`;
}

export type ExternalOutcome =
  | { kind: "session"; token: string; expiresAt: Date; redirect: string }
  | { kind: "two-step"; ticket: string; redirect: string }
  | { kind: "linked"; provider: IdentityProvider; redirect: string }
  /** More is needed on our side: an address, its proof, or a nickname (`pendingExternal` says which). */
  | { kind: "pending"; ticket: string; accountExists: boolean; redirect: string };

type User = typeof users.$inferSelect;

/** Joins a provider's account to a member, unless it is another member's or the member has one already. */
export async function link(
  ctx: CoreContext,
  o: { userId: number; provider: IdentityProvider; subject: string; email: string | null },
): Promise<void> {
  const name = providerName(o.provider);
  const rows = await ctx.db
    .select()
    .from(externalIdentities)
    .where(
      sql`(${externalIdentities.provider} = ${o.provider} and ${externalIdentities.subject} = ${o.subject})
        or (${externalIdentities.provider} = ${o.provider} and ${externalIdentities.userId} = ${o.userId})`,
    );
  if (rows.some((r) => r.subject === o.subject && r.userId === o.userId)) return;
  if (rows.some((r) => r.subject === o.subject)) {
    throw new AppError("CONFLICT", {
      message: msg("providers.errors.linkedElsewhere", { provider: name }),
      reasonCode: IDENTITY_REASONS.providerAlreadyLinked,
    });
  }
  const alreadyLinked = new AppError("CONFLICT", {
    message: msg("providers.errors.alreadyLinked", { provider: name }),
    reasonCode: IDENTITY_REASONS.providerAlreadyLinked,
  });
  if (rows.length > 0) throw alreadyLinked;
  const inserted = await ctx.db
    .insert(externalIdentities)
    .values({ userId: o.userId, provider: o.provider, subject: o.subject, email: o.email })
    .onConflictDoNothing()
    .returning({ id: externalIdentities.id });
  if (inserted.length !== 1) throw alreadyLinked;
}

export async function signIn(
  ctx: CoreContext,
  user: User,
  o: { ip: string; userAgent?: string | undefined; redirect: string },
): Promise<ExternalOutcome> {
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  const r = await finishSignIn(ctx, {
    user,
    kind: "web",
    persistent: true,
    ip: o.ip,
    userAgent: o.userAgent,
    secondStep: true,
  });
  if (r.twoStep) return { kind: "two-step", ticket: r.twoStep.ticket, redirect: o.redirect };
  return { kind: "session", token: r.token, expiresAt: r.expiresAt, redirect: o.redirect };
}

export async function openPending(
  ctx: CoreContext,
  ticket: string | null | undefined,
): Promise<Challenge | null> {
  const row = await findChallenge(ctx, "link_identity", ticket);
  return row && row.attempts < MAX_WRONG_GUESSES ? row : null;
}

export async function requirePending(
  ctx: CoreContext,
  ticket: string | null | undefined,
): Promise<Challenge> {
  const row = await openPending(ctx, ticket);
  if (!row) throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
  return row;
}

export type Door = { ticket: string | null | undefined; ip: string; userAgent?: string | undefined };
