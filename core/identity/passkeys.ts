import { createHmac } from "node:crypto";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { z } from "zod";
import { passkeys } from "#db/schema/index.ts";
import { mailMessage } from "../notify/mail-message.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import type { SessionUser } from "./sessions.ts";

/** A ceremony's challenge is good for 5 minutes and answers once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const NOT_VERIFIED = msg("passkeys.errors.notVerified");

export const EXPIRED = msg("passkeys.errors.expired");

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
export function webauthnUserId(secret: string, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac("sha256", secret).update(`passkey-user:${userId}`).digest());
}

export const b64 = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+=*$/);

export const ZBase = {
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

/** A browser's answer (an object, or its JSON text) as the shape says, and the challenge it signed; malformed is a 400. */
export function parseResponse<T extends z.ZodType>(
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

/** Tells the member, in their language, that a passkey was added or removed: a way in changed. */
export async function mailPasskeyChange(
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

export type Passkey = {
  id: number;
  name: string;
  /** Synced across the member's devices (iCloud Keychain, Google Password Manager and the like). */
  synced: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export const PASSKEY_COLUMNS = {
  id: passkeys.id,
  name: passkeys.name,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export function asPasskey(row: {
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
