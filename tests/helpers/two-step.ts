import { Secret, TOTP } from "otpauth";

/** The code an authenticator app shows for a Base32 secret at a moment (SHA-1, 6 digits, 30 seconds). */
export function totpCode(secret: string, at: number = Date.now()): string {
  const totp = new TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret.replace(/\s/g, "")),
  });
  return totp.generate({ timestamp: at });
}
