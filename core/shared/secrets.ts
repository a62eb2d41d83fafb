import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newNumericCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * Tokens and codes are stored as an HMAC keyed by the server secret, so a copy of the database
 * alone cannot be used to log in or to brute-force a 6-digit code offline.
 */
export function keyedHash(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
