import { challenges } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, newToken } from "../shared/secrets.ts";
import {
  type ExternalIntent,
  LIMITS,
  providerCallbackUrl,
  providerName,
  type TripPayload,
} from "./external-trip.ts";
import { IDENTITY_PROVIDERS, type IdentityProvider } from "./identity-providers.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";

/** A trip to the provider and back must end within 10 minutes, and its answer is used once. */
const TRIP_TTL_MS = 10 * 60 * 1000;

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
