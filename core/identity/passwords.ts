import { hash, verify } from "@node-rs/argon2";

// Argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a stored hash; with none, still spends the same time so timing reveals nothing. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash("tsugu-timing-equaliser");
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
