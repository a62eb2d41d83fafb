import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { recoveryCodes, twoStepSettings, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { keyedHash } from "../shared/secrets.ts";

/**
 * Two-step verification's shared parts: the authenticator's secret sealed at rest, TOTP codes
 * (RFC 6238: SHA-1, 6 digits, 30 seconds, the one step before or after allowed for a phone's clock),
 * recovery codes, and what a member has turned on.
 */

const TOTP_ISSUER = "Tsugu";
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export const INVALID_TWO_STEP_CODE = msg("twoStep.errors.invalidCode");

function sealingKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "tsugu", "two-step totp secret v1", 32));
}

/** The TOTP secret encrypted with AES-256-GCM, bound to its member (the member id is authenticated data). */
export function sealTotpSecret(serverSecret: string, userId: number, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(serverSecret), iv);
  cipher.setAAD(Buffer.from(String(userId)));
  const sealed = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

export function openTotpSecret(serverSecret: string, userId: number, stored: string): string {
  const raw = Buffer.from(stored.replace(/^v1\./, ""), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(serverSecret), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(String(userId)));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** A new random 160-bit secret, in the Base32 that authenticator apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/** The time step a code belongs to (within one step of now), or null when it is not the secret's. */
export function matchTotpStep(base32: string, code: string, now: Date): number | null {
  const totp = totpFor(base32, "");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * Accepts an authenticator code once: the step it belongs to must be later than the last one used,
 * and is remembered in the same statement, so the same code replayed (even at once) is refused.
 */
export async function useTotpCode(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  userId: number,
  code: string,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await ctx.db
    .select({ secret: twoStepSettings.totpSecret, enabledAt: twoStepSettings.totpEnabledAt })
    .from(twoStepSettings)
    .where(eq(twoStepSettings.userId, userId))
    .limit(1);
  if (!row?.secret || !row.enabledAt) return false;
  const step = matchTotpStep(openTotpSecret(ctx.secret, userId, row.secret), code, ctx.clock.now());
  if (step === null) return false;
  const used = await ctx.db
    .update(twoStepSettings)
    .set({ totpLastStep: step, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(twoStepSettings.userId, userId),
        sql`(${twoStepSettings.totpLastStep} is null or ${twoStepSettings.totpLastStep} < ${step})`,
      ),
    )
    .returning({ userId: twoStepSettings.userId });
  return used.length === 1;
}

/** Recovery codes are compared without case, spaces or hyphens: "abcde-fghjk" as typed or not. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** Ten new recovery codes replace any earlier ones; only their hashes are kept, the codes are shown once. */
export async function issueRecoveryCodes(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  userId: number,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(
      codes.map((c) => ({
        userId,
        codeHash: keyedHash(ctx.secret, normalizeRecoveryCode(c)),
        createdAt: ctx.clock.now(),
      })),
    );
  });
  return codes;
}

/** Uses up a recovery code; false when it is not one of the member's or was used already. */
export async function useRecoveryCode(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  userId: number,
  code: string,
): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const used = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, keyedHash(ctx.secret, normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export type TwoStepStatus = {
  /** An authenticator app is confirmed and asked for at sign-in. */
  totp: boolean;
  /** An authenticator is being set up: its secret is kept, waiting for a first code. */
  totpPending: boolean;
  /** Codes by SMS to the verified phone number are offered at sign-in. */
  sms: boolean;
  /** The verified phone number SMS codes go to, or null. */
  phoneNumber: string | null;
  recoveryCodesLeft: number;
};

/** Whether a member has two-step verification on, and how. */
export async function twoStepStatus(ctx: Pick<CoreContext, "db">, userId: number): Promise<TwoStepStatus> {
  const [row] = await ctx.db
    .select({
      secret: twoStepSettings.totpSecret,
      totpEnabledAt: twoStepSettings.totpEnabledAt,
      smsEnabledAt: twoStepSettings.smsEnabledAt,
      phoneNumber: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      left: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${users.id} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .leftJoin(twoStepSettings, eq(twoStepSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const phoneNumber = row?.phoneVerifiedAt && row.phoneNumber ? row.phoneNumber : null;
  return {
    totp: Boolean(row?.totpEnabledAt),
    totpPending: Boolean(row?.secret && !row.totpEnabledAt),
    sms: Boolean(row?.smsEnabledAt && phoneNumber),
    phoneNumber,
    recoveryCodesLeft: Number(row?.left ?? 0),
  };
}

export function twoStepOn(status: TwoStepStatus): boolean {
  return status.totp || status.sms;
}

/** Operators must use two-step verification before the back office opens; members choose (decision 033). */
export function twoStepRequired(role: string, status: TwoStepStatus): boolean {
  return role === "operator" && !twoStepOn(status);
}
