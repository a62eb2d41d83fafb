import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoUint8Array } from "@simplewebauthn/server/helpers";
import type { CoreContext } from "../shared/context.ts";
import { keyedHash } from "../shared/secrets.ts";
import { CHALLENGE_TTL_MS, relyingParty } from "./passkeys.ts";

/**
 * A sign-in's challenge is stored nowhere while it waits (the sign-in page asks for one on every
 * visit): it says when it ends and carries random bytes and a MAC over both, under the server secret.
 */
function signInChallenge(ctx: CoreContext): string {
  const body = `${(ctx.clock.now().getTime() + CHALLENGE_TTL_MS).toString(36)}.${randomBytes(16).toString("base64url")}`;
  return `${body}.${keyedHash(ctx.secret, `passkey-login:${body}`)}`;
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
