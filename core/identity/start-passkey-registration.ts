import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { challenges, passkeys } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash } from "../shared/secrets.ts";
import { CHALLENGE_TTL_MS, relyingParty, webauthnUserId } from "./passkeys.ts";
import type { SessionUser } from "./sessions.ts";

const REGISTRATIONS_PER_MEMBER = { max: 20, windowSeconds: 60 * 60 };

/** A registration's challenge, kept for the member who asked for it. */
async function storeChallenge(
  ctx: CoreContext,
  o: { challenge: string; actor: SessionUser; ip: string },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.insert(challenges).values({
    purpose: "passkey",
    destination: o.actor.email,
    userId: o.actor.id,
    // The challenge itself is the ticket: the browser signs it, and the answer carries it back.
    ticketHash: keyedHash(ctx.secret, `passkey:${o.challenge}`),
    payload: { ceremony: "register" },
    ip: o.ip.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/** What the browser needs to make a passkey for the member, leaving out the ones they already have. */
export async function passkeyRegistrationOptions(
  ctx: CoreContext,
  o: { actor: SessionUser; ip: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await consumeRateLimits(ctx, [{ key: `passkey-register:user:${o.actor.id}`, ...REGISTRATIONS_PER_MEMBER }]);
  const rp = relyingParty(ctx.publicUrl);
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, o.actor.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: o.actor.email,
    userDisplayName: o.actor.nickname,
    userID: webauthnUserId(ctx.secret, o.actor.id),
    attestationType: "none",
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(ctx, { challenge: options.challenge, actor: o.actor, ip: o.ip });
  return options;
}
