import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { challenges, externalIdentities, users } from "#db/schema/index.ts";
import { mailMessage } from "../notify/mail-message.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { consumeRateLimits, countInWindow } from "../shared/rate-limit.ts";
import { keyedHash, newNumericCode, newToken, sameHash } from "../shared/secrets.ts";
import { type Challenge, consumeChallenge, findChallenge, verifyChallengeCode } from "./challenges.ts";
import { EMAIL_TAKEN } from "./complete-signup.ts";
import { FIELD_LABELS, ZCompleteSignup, ZLogIn, ZVerifySignup } from "./fields.ts";
import { IDENTITY_PROVIDERS, type IdentityProvider } from "./identity-providers.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";
import { verifyPassword } from "./passwords.ts";
import { createSession } from "./sessions.ts";
import { countLoginAttempt, finishSignIn } from "./two-step-login.ts";

/** A trip to the provider and back must end within 10 minutes, and its answer is used once. */
const TRIP_TTL_MS = 10 * 60 * 1000;
/** A code to prove the address lasts 10 minutes; a proven one leaves an hour for the nickname. */
const CODE_TTL_MS = 10 * 60 * 1000;
const PROVEN_TTL_MS = 60 * 60 * 1000;
const MAX_WRONG_GUESSES = 5;
/** Trips started per network, and refused answers per network before the callback shuts for a while. */
const LIMITS = { startsPerIp: 30, failuresPerIp: 10, windowSeconds: 15 * 60 };
const CODES_PER_ADDRESS_PER_HOUR = 5;
const CODES_PER_IP_PER_HOUR = 30;

export type ExternalIntent = "sign-in" | "link";

type TripPayload = {
  provider: IdentityProvider;
  intent: ExternalIntent;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirect: string;
};

type PendingPayload = {
  provider: IdentityProvider;
  subject: string;
  providerEmail: string | null;
  name: string | null;
  redirect: string;
};

const EXPIRED = msg("providers.errors.expired");
const PENDING_EXPIRED = msg("providers.errors.pendingExpired");

function providerName(provider: IdentityProvider): string {
  return { line: "LINE", google: "Google", apple: "Apple" }[provider];
}

/** The address the providers send the browser back to, one per provider, without a language. */
export function providerCallbackUrl(ctx: Pick<CoreContext, "publicUrl">, provider: IdentityProvider): string {
  return `${ctx.publicUrl}/auth/${provider}/callback`;
}

/** A provider named in an address, when it is one we know and it is on; else refused (§8 `no-such-provider`). */
function enabledProvider(ctx: CoreContext, name: string | null | undefined): IdentityProvider {
  const provider = IDENTITY_PROVIDERS.find((p) => p === name);
  if (!provider || !ctx.identityProviders.enabled().includes(provider)) {
    throw new AppError("NOT_FOUND", {
      message: msg("providers.errors.notEnabled"),
      reasonCode: IDENTITY_REASONS.noSuchProvider,
    });
  }
  return provider;
}

/**
 * Starts signing in (or, for a signed-in member, linking) with a provider: a trip of 10 minutes whose
 * state, nonce and PKCE verifier stay on the server, bound to this browser by the ticket it keeps in
 * a short cookie. Answers the ticket and the provider's page to send the browser to.
 */
export async function startExternalSignIn(
  ctx: CoreContext,
  o: {
    provider: string;
    intent: ExternalIntent;
    actor?: { id: number; email: string } | null;
    redirect: string;
    ip: string;
  },
): Promise<{ ticket: string; url: string }> {
  const provider = enabledProvider(ctx, o.provider);
  if (o.intent === "link" && !o.actor) throw new AppError("UNAUTHORIZED");
  await consumeRateLimits(ctx, [
    { key: `oidc:ip:${o.ip}`, max: LIMITS.startsPerIp, windowSeconds: LIMITS.windowSeconds },
  ]);
  const payload: TripPayload = {
    provider,
    intent: o.intent,
    state: newToken(),
    nonce: newToken(),
    codeVerifier: newToken(),
    redirect: o.redirect,
  };
  let url: string;
  try {
    url = await ctx.identityProviders.authorizationUrl(provider, {
      redirectUri: providerCallbackUrl(ctx, provider),
      ...payload,
    });
  } catch {
    throw new AppError("UNAVAILABLE", {
      message: msg("providers.errors.unreachable", { provider: providerName(provider) }),
    });
  }
  const ticket = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(challenges).values({
    purpose: "oidc",
    destination: `oidc:${provider}`,
    userId: o.intent === "link" ? o.actor!.id : null,
    ticketHash: keyedHash(ctx.secret, ticket),
    payload,
    ip: o.ip.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRIP_TTL_MS),
  });
  return { ticket, url };
}

export type ExternalOutcome =
  | { kind: "session"; token: string; expiresAt: Date; redirect: string }
  | { kind: "two-step"; ticket: string; redirect: string }
  | { kind: "linked"; provider: IdentityProvider; redirect: string }
  /** More is needed on our side: an address, its proof, or a nickname (`pendingExternal` says which). */
  | { kind: "pending"; ticket: string; accountExists: boolean; redirect: string };

type User = typeof users.$inferSelect;

/**
 * The browser is back from the provider. The trip must be this browser's, live and unused (it is
 * used up whatever happens), the state must match, and the provider's ID token must come from its
 * issuer, for us, with our nonce. A refused answer changes nothing and counts against the network's
 * limit; a person who cancelled at the provider is told so (§8 `cancelled-popup-request`).
 * Then: a known account signs in (two-step verification as after a password); a link joins the
 * signed-in member; a new one goes on to `pendingExternal`'s page.
 */
export async function finishExternalSignIn(
  ctx: CoreContext,
  o: {
    provider: string;
    ticket: string | null | undefined;
    params: URLSearchParams;
    ip: string;
    userAgent?: string | undefined;
  },
): Promise<ExternalOutcome> {
  const failedKey = `oidc-failed:ip:${o.ip}`;
  const failures = await countInWindow(ctx, failedKey, LIMITS.windowSeconds);
  if (failures >= LIMITS.failuresPerIp) {
    throw new AppError("RATE_LIMITED", {
      message: msg("identityErrors.loginBlocked", { minutes: LIMITS.windowSeconds / 60 }),
      retryAfterSeconds: LIMITS.windowSeconds,
      reasonCode: IDENTITY_REASONS.loginBlocked,
    });
  }
  const refused = async (message = EXPIRED) => {
    await consumeRateLimits(ctx, [
      { key: failedKey, max: Number.MAX_SAFE_INTEGER, windowSeconds: LIMITS.windowSeconds },
    ]);
    return new AppError("UNAUTHORIZED", { message, reasonCode: IDENTITY_REASONS.invalidAuthEvent });
  };
  const provider = IDENTITY_PROVIDERS.find((p) => p === o.provider);
  const trip = await findChallenge(ctx, "oidc", o.ticket);
  const payload = trip?.payload as TripPayload | undefined;
  if (!trip || !payload || !provider || payload.provider !== provider) throw await refused();
  // Used once, whatever the answer: a second trip back with the same state finds nothing.
  if (!(await consumeChallenge(ctx, trip.id))) throw await refused();
  const name = providerName(provider);
  const error = o.params.get("error");
  if (error === "access_denied" || error === "user_cancelled_login" || error === "user_cancelled_authorize") {
    throw new AppError("UNAUTHORIZED", {
      message: msg("providers.errors.cancelled", { provider: name }),
      reasonCode: IDENTITY_REASONS.cancelledPopupRequest,
    });
  }
  const state = o.params.get("state") ?? "";
  if (error || !sameHash(keyedHash(ctx.secret, state), keyedHash(ctx.secret, payload.state))) {
    throw await refused(msg("providers.errors.refused", { provider: name }));
  }
  let claims: Awaited<ReturnType<CoreContext["identityProviders"]["exchange"]>>;
  try {
    claims = await ctx.identityProviders.exchange(provider, {
      redirectUri: providerCallbackUrl(ctx, provider),
      params: o.params,
      state: payload.state,
      nonce: payload.nonce,
      codeVerifier: payload.codeVerifier,
    });
  } catch {
    throw await refused(msg("providers.errors.refused", { provider: name }));
  }
  const [known] = await ctx.db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, claims.subject)))
    .limit(1);
  const redirect = payload.redirect;
  if (payload.intent === "link" && trip.userId) {
    await link(ctx, { userId: trip.userId, provider, subject: claims.subject, email: claims.email });
    return { kind: "linked", provider, redirect };
  }
  if (known) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, known.userId)).limit(1);
    await ctx.db
      .update(externalIdentities)
      .set({ lastUsedAt: ctx.clock.now() })
      .where(eq(externalIdentities.id, known.id));
    return signIn(ctx, user!, { ...o, redirect });
  }
  const pending: PendingPayload = {
    provider,
    subject: claims.subject,
    providerEmail: claims.email,
    name: claims.name,
    redirect,
  };
  const email = claims.emailVerified ? claims.email : null;
  const [existing] = email
    ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
    : [];
  const ticket = newToken();
  const now = ctx.clock.now();
  // The provider proved a new address: only a nickname is left. An address with an account is not
  // proven to be that account's member by the provider's word (§8 `account-exists-with-different-credential`).
  const provenNew = Boolean(email && !existing);
  await ctx.db.insert(challenges).values({
    purpose: "link_identity",
    destination: email ?? "",
    userId: existing?.id ?? null,
    ticketHash: keyedHash(ctx.secret, ticket),
    payload: pending,
    ip: o.ip.slice(0, 64),
    createdAt: now,
    verifiedAt: provenNew ? now : null,
    expiresAt: new Date(now.getTime() + (provenNew ? PROVEN_TTL_MS : CODE_TTL_MS)),
  });
  return { kind: "pending", ticket, accountExists: Boolean(existing), redirect };
}

/** Joins a provider's account to a member, unless it is another member's or the member has one already. */
async function link(
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

/** A provider's sign-in keeps the browser signed in, as "keep me logged in" does. */
function keptWebSession(ctx: CoreContext, userId: number, o: { ip: string; userAgent?: string | undefined }) {
  return createSession(ctx, { userId, kind: "web", persistent: true, ip: o.ip, userAgent: o.userAgent });
}

async function signIn(
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

export type PendingExternal = {
  provider: IdentityProvider;
  /** The address to prove or to sign up with; null while the provider gave none we can use. */
  email: string | null;
  /** An account has this address: its member proves it (password or a mailed code) before linking. */
  accountExists: boolean;
  /** The address is proven and no account has it: a nickname is all that is left. */
  proven: boolean;
  codeSent: boolean;
  name: string | null;
  redirect: string;
};

async function openPending(ctx: CoreContext, ticket: string | null | undefined): Promise<Challenge | null> {
  const row = await findChallenge(ctx, "link_identity", ticket);
  return row && row.attempts < MAX_WRONG_GUESSES ? row : null;
}

async function requirePending(ctx: CoreContext, ticket: string | null | undefined): Promise<Challenge> {
  const row = await openPending(ctx, ticket);
  if (!row) throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
  return row;
}

/** What a new provider account still needs on our side, or null when its ticket is over. */
export async function pendingExternal(
  ctx: CoreContext,
  ticket: string | null | undefined,
): Promise<PendingExternal | null> {
  const row = await openPending(ctx, ticket);
  if (!row) return null;
  const p = row.payload as PendingPayload;
  return {
    provider: p.provider,
    email: row.destination || null,
    accountExists: row.userId !== null,
    proven: Boolean(row.verifiedAt) && row.userId === null,
    codeSent: row.codeHash !== null,
    name: p.name,
    redirect: p.redirect,
  };
}

/** A provider that gave no proven address (LINE without the e-mail permission): the member types one, and a code goes to it. */
export async function chooseExternalEmail(
  ctx: CoreContext,
  o: { ticket: string | null | undefined; input: { email?: unknown }; ip: string; locale: Locale },
): Promise<void> {
  const { email } = parseInput(ZLogIn.pick({ email: true }), o.input, FIELD_LABELS);
  const row = await requirePending(ctx, o.ticket);
  if (row.verifiedAt) throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  await ctx.db
    .update(challenges)
    .set({ destination: email, userId: existing?.id ?? null, codeHash: null, attempts: 0 })
    .where(eq(challenges.id, row.id));
  await sendExternalCode(ctx, o);
}

/** Mails a 6-digit code to the address to prove (10 minutes; 5 an hour per address, and per network). */
export async function sendExternalCode(
  ctx: CoreContext,
  o: { ticket: string | null | undefined; ip: string; locale: Locale },
): Promise<{ email: string }> {
  const row = await requirePending(ctx, o.ticket);
  if (!row.destination || row.verifiedAt) throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  await consumeRateLimits(ctx, [
    { key: `email:to:${row.destination}`, max: CODES_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
    { key: `email:ip:${o.ip}`, max: CODES_PER_IP_PER_HOUR, windowSeconds: 3600 },
  ]);
  const code = newNumericCode();
  const now = ctx.clock.now();
  await ctx.db
    .update(challenges)
    .set({
      codeHash: keyedHash(ctx.secret, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    })
    .where(eq(challenges.id, row.id));
  const provider = providerName((row.payload as PendingPayload).provider);
  await ctx.mailer.send(
    mailMessage(
      row.destination,
      renderMessage(msg("providers.mail.code.subject", { code }), o.locale),
      renderMessage(msg("providers.mail.code.body", { code, provider }), o.locale),
      o.locale,
    ),
  );
  return { email: row.destination };
}

type Door = { ticket: string | null | undefined; ip: string; userAgent?: string | undefined };

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

/** The last step for a new member: a nickname, then the account (no password; the provider is the way in) and a session. */
export async function completeExternalSignup(
  ctx: CoreContext,
  o: Door & { input: z.input<typeof ZCompleteSignup>; locale: Locale },
): Promise<{ token: string; expiresAt: Date; redirect: string }> {
  const { nickname } = parseInput(ZCompleteSignup, o.input, FIELD_LABELS);
  const row = await requirePending(ctx, o.ticket);
  if (!row.verifiedAt || row.userId !== null || !row.destination) {
    throw new AppError("CONFLICT", { message: PENDING_EXPIRED });
  }
  const p = row.payload as PendingPayload;
  const now = ctx.clock.now();
  const user = await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(challenges)
      .set({ consumedAt: now })
      .where(and(eq(challenges.id, row.id), isNull(challenges.consumedAt)))
      .returning({ id: challenges.id });
    if (used.length !== 1) throw new AppError("UNAUTHORIZED", { message: PENDING_EXPIRED });
    const [created] = await tx
      .insert(users)
      .values({
        email: row.destination,
        emailVerifiedAt: row.verifiedAt,
        passwordHash: null,
        nickname,
        locale: o.locale,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError("CONFLICT", { message: EMAIL_TAKEN });
    const linked = await tx
      .insert(externalIdentities)
      .values({
        userId: created.id,
        provider: p.provider,
        subject: p.subject,
        email: p.providerEmail,
        lastUsedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: externalIdentities.id });
    if (linked.length !== 1) {
      throw new AppError("CONFLICT", {
        message: msg("providers.errors.linkedElsewhere", { provider: providerName(p.provider) }),
        reasonCode: IDENTITY_REASONS.providerAlreadyLinked,
      });
    }
    return created;
  });
  const session = await keptWebSession(ctx, user.id, o);
  return { ...session, redirect: p.redirect };
}
