import { and, eq } from "drizzle-orm";
import { challenges, externalIdentities, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { consumeRateLimits, countInWindow } from "../shared/rate-limit.ts";
import { keyedHash, newToken, sameHash } from "../shared/secrets.ts";
import { consumeChallenge, findChallenge } from "./challenges.ts";
import {
  CODE_TTL_MS,
  type ExternalOutcome,
  LIMITS,
  link,
  type PendingPayload,
  providerCallbackUrl,
  providerName,
  signIn,
  type TripPayload,
} from "./external-trip.ts";
import { IDENTITY_PROVIDERS } from "./identity-providers.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";

const PROVEN_TTL_MS = 60 * 60 * 1000;

const EXPIRED = msg("providers.errors.expired");

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
