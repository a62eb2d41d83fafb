import { type RegistrationResponseJSON, verifyRegistrationResponse } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { challenges, passkeys } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { keyedHash } from "../shared/secrets.ts";
import { describeDevice, deviceMessage } from "./devices.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";
import {
  asPasskey,
  b64,
  EXPIRED,
  mailPasskeyChange,
  NOT_VERIFIED,
  PASSKEY_COLUMNS,
  type Passkey,
  parseResponse,
  relyingParty,
  ZBase,
} from "./passkeys.ts";
import type { SessionUser } from "./sessions.ts";

const MAX_PASSKEYS = 20;

const ZAttestation = z.object({
  ...ZBase,
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64.optional(),
  }),
});

/**
 * Uses up the live registration challenge the browser signed: once only, so a replayed answer
 * finds it gone, and only by the member who asked for it.
 */
async function takeChallenge(ctx: CoreContext, o: { challenge: string; userId: number }): Promise<void> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.ticketHash, keyedHash(ctx.secret, `passkey:${o.challenge}`)),
        eq(challenges.purpose, "passkey"),
      ),
    )
    .limit(1);
  if (!row || row.consumedAt || row.expiresAt <= now || row.payload.ceremony !== "register") {
    throw new AppError("UNAUTHORIZED", { message: EXPIRED });
  }
  if (row.userId !== o.userId) {
    throw new AppError("FORBIDDEN", { message: NOT_VERIFIED, reasonCode: IDENTITY_REASONS.userMismatch });
  }
  const used = await ctx.db
    .update(challenges)
    .set({ consumedAt: now, verifiedAt: now })
    .where(and(eq(challenges.id, row.id), sql`${challenges.consumedAt} is null`))
    .returning({ id: challenges.id });
  if (used.length !== 1) throw new AppError("UNAUTHORIZED", { message: EXPIRED });
}

/**
 * Checks the browser's new passkey against the challenge given to this member, and keeps it, named
 * after the browser and system it was made on.
 */
export async function registerPasskey(
  ctx: CoreContext,
  o: { actor: SessionUser; response: unknown; userAgent?: string | undefined },
): Promise<Passkey> {
  const { response, challenge } = parseResponse(ZAttestation, o.response);
  await takeChallenge(ctx, { challenge, userId: o.actor.id });
  const rp = relyingParty(ctx.publicUrl);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    info = verified.registrationInfo;
  } catch {
    info = undefined;
  }
  if (!info) throw new AppError("UNAUTHORIZED", { message: NOT_VERIFIED });
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, o.actor.id));
  if (n >= MAX_PASSKEYS) {
    throw new AppError("CONFLICT", { message: msg("passkeys.errors.tooMany", { max: MAX_PASSKEYS }) });
  }
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      userId: o.actor.id,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: renderMessage(deviceMessage(describeDevice(o.userAgent)), o.actor.locale).slice(0, 100),
      aaguid: info.aaguid,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning(PASSKEY_COLUMNS);
  if (!row) throw new AppError("CONFLICT", { message: msg("passkeys.errors.alreadyRegistered") });
  await mailPasskeyChange(ctx, o.actor, "added", row.name);
  return asPasskey(row);
}
