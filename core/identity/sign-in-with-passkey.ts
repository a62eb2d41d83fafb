import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { challenges, passkeys, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, sameHash } from "../shared/secrets.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";
import {
  b64,
  EXPIRED,
  NOT_VERIFIED,
  parseResponse,
  relyingParty,
  webauthnUserId,
  ZBase,
} from "./passkeys.ts";
import { finishSignIn, LOGIN_LIMITS } from "./two-step-login.ts";

const ZAssertion = z.object({
  ...ZBase,
  response: z.object({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: b64
      .max(512)
      .nullish()
      .transform((v) => v ?? undefined),
  }),
});

/**
 * Uses up a sign-in's challenge: ours (its MAC checks), not yet over, and not used before — the
 * first use is written down as a used `passkey` challenge, so a second finds it taken.
 */
async function useSignInChallenge(ctx: CoreContext, challenge: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  let text = "";
  try {
    text = isoBase64URL.toUTF8String(challenge);
  } catch {
    // Not even base64url: not ours.
  }
  const [ends = "", nonce = "", mac = ""] = text.split(".");
  const endsAt = Number.parseInt(ends, 36);
  const ours =
    /^[0-9a-f]{64}$/.test(mac) && sameHash(mac, keyedHash(ctx.secret, `passkey-login:${ends}.${nonce}`));
  if (!ours || !(endsAt > now.getTime())) throw new AppError("UNAUTHORIZED", { message: EXPIRED });
  const first = await ctx.db
    .insert(challenges)
    .values({
      purpose: "passkey",
      destination: "",
      ticketHash: keyedHash(ctx.secret, `passkey:${challenge}`),
      payload: { ceremony: "login" },
      ip: ip.slice(0, 64),
      createdAt: now,
      expiresAt: new Date(endsAt),
      verifiedAt: now,
      consumedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: challenges.id });
  if (first.length !== 1) throw new AppError("UNAUTHORIZED", { message: EXPIRED });
}

/**
 * A signed challenge to a session, with no password. Every answer counts against the sign-in limits
 * of the network (and, once its passkey is known, of the member's address). The challenge is used up
 * whatever the outcome; the passkey's counter must move forward. A passkey that verified its user
 * (fingerprint, face or PIN) is two factors already and skips two-step verification; one that did
 * not stands for a password, and a member with two-step on gets its ticket (decision 036).
 */
export async function signInWithPasskey(
  ctx: CoreContext,
  o: {
    response: unknown;
    kind: "web" | "api";
    persistent: boolean;
    ip: string;
    userAgent?: string | undefined;
  },
) {
  await consumeRateLimits(ctx, [
    { key: `login:ip:${o.ip}`, max: LOGIN_LIMITS.perIp, windowSeconds: LOGIN_LIMITS.windowSeconds },
  ]);
  const { response, challenge } = parseResponse(ZAssertion, o.response);
  await useSignInChallenge(ctx, challenge, o.ip);
  const [found] = await ctx.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!found) {
    throw new AppError("UNAUTHORIZED", {
      message: msg("passkeys.errors.unknown"),
      reasonCode: IDENTITY_REASONS.userNotFound,
    });
  }
  const { passkey, user } = found;
  await consumeRateLimits(ctx, [
    {
      key: `login:address:${user.email}`,
      max: LOGIN_LIMITS.perAddress,
      windowSeconds: LOGIN_LIMITS.windowSeconds,
    },
  ]);
  // The browser says whose passkey it is: it must be the member the credential belongs to.
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(webauthnUserId(ctx.secret, user.id))) {
    throw new AppError("UNAUTHORIZED", { message: NOT_VERIFIED, reasonCode: IDENTITY_REASONS.userMismatch });
  }
  const rp = relyingParty(ctx.publicUrl);
  let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>["authenticationInfo"] | null = null;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (verified.verified) info = verified.authenticationInfo;
  } catch {
    info = null;
  }
  if (!info) throw new AppError("UNAUTHORIZED", { message: NOT_VERIFIED });
  const now = ctx.clock.now();
  // Moves the counter on only from the value just checked: two uses of one answer cannot both pass.
  const moved = await ctx.db
    .update(passkeys)
    .set({ counter: info.newCounter, lastUsedAt: now, backedUp: info.credentialBackedUp })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (moved.length !== 1) throw new AppError("UNAUTHORIZED", { message: NOT_VERIFIED });
  if (user.suspendedAt) throw new AppError("FORBIDDEN", { message: msg("moderation.errors.suspended") });
  // A passkey that checked its user is two factors already; one that did not stands for a password.
  return finishSignIn(ctx, { user, ...o, secondStep: !info.userVerified });
}
