import { createHmac, randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { challenges, passkeys, sessions, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { keyedHash, sameHash } from "../shared/secrets.ts";
import { describeDevice, deviceMessage } from "./devices.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";
import { mailMessage } from "./mails.ts";
import type { SessionUser } from "./sessions.ts";
import { finishSignIn, LOGIN_LIMITS } from "./two-step-login.ts";

/** A ceremony's challenge is good for 5 minutes and answers once. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Removing a passkey needs a sign-in at most this old (decision 036). */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
const MAX_PASSKEYS = 20;
const REGISTRATIONS_PER_MEMBER = { max: 20, windowSeconds: 60 * 60 };

const NOT_VERIFIED = msg("passkeys.errors.notVerified");
const EXPIRED = msg("passkeys.errors.expired");
const NOT_FOUND = msg("passkeys.errors.notFound");

/**
 * Who the passkeys belong to: the site's host, and the one origin the browser must be on. An
 * address is never a relying party: on a loopback address (development and tests) the passkeys
 * belong to `localhost`, so the site is opened as http://localhost:PORT to use them.
 */
export function relyingParty(publicUrl: string): { id: string; name: string; origins: string[] } {
  const url = new URL(publicUrl);
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  if (!loopback) return { id: url.hostname, name: "Tsugu", origins: [url.origin] };
  const local = new URL(url.origin);
  local.hostname = "localhost";
  return { id: "localhost", name: "Tsugu", origins: [url.origin, local.origin] };
}

/** The member's id as their passkeys know it: derived with the server secret, so it tells nothing. */
function webauthnUserId(secret: string, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac("sha256", secret).update(`passkey-user:${userId}`).digest());
}

const b64 = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+=*$/);
const ZBase = {
  id: b64.max(1024),
  rawId: b64.max(1024),
  type: z.literal("public-key"),
  // Browsers say "not known" as null or by leaving it out.
  authenticatorAttachment: z
    .enum(["platform", "cross-platform"])
    .nullish()
    .transform((v) => v ?? undefined),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
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

/** A browser's answer (an object, or its JSON text) as the shape says, and the challenge it signed; malformed is a 400. */
function parseResponse<T extends z.ZodType>(
  schema: T,
  raw: unknown,
): { response: z.output<T>; challenge: string } {
  const malformed = () => new AppError("BAD_REQUEST", { message: msg("passkeys.errors.malformed") });
  let value = raw;
  if (typeof raw === "string") {
    // As the API carries it: the browser's JSON, untouched, in a string.
    try {
      value = JSON.parse(raw.slice(0, 65_536));
    } catch {
      throw malformed();
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw malformed();
  const data = parsed.data as { id: string; rawId: string; response: { clientDataJSON: string } };
  if (data.id !== data.rawId) throw malformed();
  try {
    const client = JSON.parse(isoBase64URL.toUTF8String(data.response.clientDataJSON)) as {
      challenge?: unknown;
    };
    if (typeof client.challenge !== "string" || client.challenge.length > 512) throw malformed();
    return { response: parsed.data, challenge: client.challenge };
  } catch {
    throw malformed();
  }
}

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
 * A sign-in's challenge is stored nowhere while it waits (the sign-in page asks for one on every
 * visit): it says when it ends and carries random bytes and a MAC over both, under the server secret.
 */
function signInChallenge(ctx: CoreContext): string {
  const body = `${(ctx.clock.now().getTime() + CHALLENGE_TTL_MS).toString(36)}.${randomBytes(16).toString("base64url")}`;
  return `${body}.${keyedHash(ctx.secret, `passkey-login:${body}`)}`;
}

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

/** Tells the member, in their language, that a passkey was added or removed: a way in changed. */
async function mailPasskeyChange(
  ctx: CoreContext,
  actor: SessionUser,
  change: "added" | "removed",
  name: string,
): Promise<void> {
  const values = { name, link: `${ctx.publicUrl}/${actor.locale}/settings/passkeys/` };
  await ctx.mailer.send(
    mailMessage(
      actor.email,
      renderMessage(msg(`passkeys.mail.${change}.subject`), actor.locale),
      renderMessage(msg(`passkeys.mail.${change}.body`, values), actor.locale),
      actor.locale,
    ),
  );
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

export type Passkey = {
  id: number;
  name: string;
  /** Synced across the member's devices (iCloud Keychain, Google Password Manager and the like). */
  synced: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
};

const PASSKEY_COLUMNS = {
  id: passkeys.id,
  name: passkeys.name,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

function asPasskey(row: {
  id: number;
  name: string;
  deviceType: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}): Passkey {
  const { deviceType, backedUp, ...rest } = row;
  return { ...rest, synced: deviceType === "multiDevice" || backedUp };
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

/**
 * A challenge for signing in with any passkey of this site: no list of credentials, so the browser
 * offers the member's own (in the e-mail field's suggestions, or in its passkey dialog).
 */
export async function passkeySignInOptions(ctx: CoreContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: relyingParty(ctx.publicUrl).id,
    challenge: isoUint8Array.fromUTF8String(signInChallenge(ctx)),
    allowCredentials: [],
    userVerification: "preferred",
    timeout: CHALLENGE_TTL_MS,
  });
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

/** The member's passkeys, oldest first. */
export async function listPasskeys(ctx: CoreContext, o: { actor: SessionUser }): Promise<Passkey[]> {
  const rows = await ctx.db
    .select(PASSKEY_COLUMNS)
    .from(passkeys)
    .where(eq(passkeys.userId, o.actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(asPasskey);
}

/** Whether the session the member asks from began within the last 10 minutes. */
export async function signedInRecently(ctx: CoreContext, actor: SessionUser): Promise<boolean> {
  const [row] = await ctx.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.userId, actor.id)))
    .limit(1);
  return !!row && ctx.clock.now().getTime() - row.createdAt.getTime() <= RECENT_SIGN_IN_MS;
}

/**
 * Removes one of the member's passkeys. Only within 10 minutes of signing in (the way in is being
 * changed: whoever found a browser left signed in cannot do it), and never a password-less
 * member's last passkey: they would have no way back in.
 */
export async function removePasskey(
  ctx: CoreContext,
  o: { actor: SessionUser; passkeyId: number },
): Promise<void> {
  if (!(await signedInRecently(ctx, o.actor))) {
    throw new AppError("FORBIDDEN", { message: msg("passkeys.errors.signInAgain") });
  }
  const removed = await ctx.db.transaction(async (tx) => {
    // The member's row is the lock: two removals at once cannot both take the last two passkeys.
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, o.actor.id))
      .for("update");
    const mine = await tx
      .select({ id: passkeys.id, name: passkeys.name })
      .from(passkeys)
      .where(eq(passkeys.userId, o.actor.id));
    const passkey = mine.find((p) => p.id === o.passkeyId);
    if (!passkey) throw new AppError("NOT_FOUND", { message: NOT_FOUND });
    if (!user?.passwordHash && mine.length === 1) {
      throw new AppError("CONFLICT", { message: msg("passkeys.errors.lastWayIn") });
    }
    await tx.delete(passkeys).where(and(eq(passkeys.id, o.passkeyId), eq(passkeys.userId, o.actor.id)));
    return passkey;
  });
  await mailPasskeyChange(ctx, o.actor, "removed", removed.name);
}
