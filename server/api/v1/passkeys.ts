import { z } from "zod";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { listPasskeys } from "#core/identity/list-passkeys.ts";
import type { Passkey } from "#core/identity/passkeys.ts";
import { registerPasskey } from "#core/identity/register-passkey.ts";
import { removePasskey } from "#core/identity/remove-passkey.ts";
import { signInWithPasskey } from "#core/identity/sign-in-with-passkey.ts";
import { passkeyRegistrationOptions } from "#core/identity/start-passkey-registration.ts";
import { passkeySignInOptions } from "#core/identity/start-passkey-sign-in.ts";
import { defineRoute } from "../define.ts";
import { multiFactorAnswer, tokenAnswer, ZSignInRefused, ZTokenResponse } from "./accounts.ts";
import { idParam } from "./params.ts";

/**
 * WebAuthn's JSON travels as text: the API's snake_case would otherwise rename its fields, which
 * the browser's `PublicKeyCredential.parse…OptionsFromJSON` and `toJSON()` name in camelCase.
 */
const ZOptionsAnswer = z.object({
  optionsJson: z.string().describe("The options for `navigator.credentials` as WebAuthn's JSON, in a string"),
});
const ZCredentialBody = z.object({
  credentialJson: z
    .string()
    .min(1)
    .max(65_536)
    .describe("The credential as `PublicKeyCredential.toJSON()` gives it, in a string"),
});
const ZPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  synced: z.boolean().describe("Kept in a synced store (iCloud Keychain, Google Password Manager…)"),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
const noUser = { 401: { description: "Not signed in, or the session ended (`reason`: invalid-user-token)" } };

function passkeyJson(p: Passkey) {
  return { ...p, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null };
}

export const passkeyRoutes = [
  defineRoute({
    method: "post",
    path: "/tokens/passkey/options",
    summary:
      "Start a log-in with a passkey: a challenge for any passkey of this site, good for 5 minutes and once",
    tag: "accounts",
    auth: "none",
    responses: {
      201: { description: "The request options", schema: ZOptionsAnswer },
    },
    async handler({ ctx }) {
      const options = await passkeySignInOptions(ctx);
      return { status: 201, body: { optionsJson: JSON.stringify(options) } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/tokens/passkey",
    summary:
      "Log in with a passkey: the signed challenge of POST /tokens/passkey/options (once only); answers a bearer token",
    tag: "accounts",
    auth: "none",
    body: ZCredentialBody,
    responses: {
      201: { description: "Logged in", schema: ZTokenResponse },
      400: { description: "Not a WebAuthn assertion" },
      401: {
        schema: ZSignInRefused,
        description:
          "Expired, used or forged; a passkey not registered (`reason`: user-not-found) or of another member (`reason`: user-mismatch); or, when the passkey did not verify its user and two-step verification is on, `reason` multi-factor-auth-required with a ticket for POST /tokens/two-step",
      },
      403: { description: "The account is suspended" },
      429: { description: "Too many attempts (`reason`: login-blocked)" },
    },
    async handler({ ctx, body, ip, userAgent, locale }) {
      const r = await signInWithPasskey(ctx, {
        response: body.credentialJson,
        kind: "api",
        persistent: true,
        ip,
        userAgent,
      }).catch((error: unknown) => {
        throw asLoginError(error);
      });
      if (r.twoStep) return multiFactorAnswer(r.twoStep, locale);
      return { status: 201, body: await tokenAnswer(ctx, r) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/passkeys",
    summary: "Your passkeys, oldest first",
    tag: "accounts",
    auth: "user",
    responses: {
      200: { description: "The passkeys", schema: z.object({ passkeys: z.array(ZPasskey) }) },
      ...noUser,
    },
    async handler({ ctx, actor }) {
      const list = await listPasskeys(ctx, { actor: actor! });
      return { status: 200, body: { passkeys: list.map(passkeyJson) } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/passkeys/options",
    summary:
      "Start making a passkey: the creation options (your existing passkeys left out), good for 5 minutes",
    tag: "accounts",
    auth: "user",
    responses: {
      201: { description: "The creation options", schema: ZOptionsAnswer },
      ...noUser,
      429: { description: "Too many in an hour" },
    },
    async handler({ ctx, actor, ip }) {
      const options = await passkeyRegistrationOptions(ctx, { actor: actor!, ip });
      return { status: 201, body: { optionsJson: JSON.stringify(options) } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/passkeys",
    summary: "Keep the passkey the authenticator made for the challenge of POST /me/passkeys/options",
    tag: "accounts",
    auth: "user",
    body: ZCredentialBody,
    responses: {
      201: { description: "Kept", schema: z.object({ passkey: ZPasskey }) },
      400: { description: "Not a WebAuthn credential" },
      ...noUser,
      403: { description: "The challenge was given to another member (`reason`: user-mismatch)" },
      409: { description: "Already registered, or 20 passkeys already" },
    },
    async handler({ ctx, actor, body, userAgent }) {
      const passkey = await registerPasskey(ctx, { actor: actor!, response: body.credentialJson, userAgent });
      return { status: 201, body: { passkey: passkeyJson(passkey) } };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/passkeys/{id}",
    summary:
      "Remove one of your passkeys (within 10 minutes of logging in; never a password-less account's last)",
    tag: "accounts",
    auth: "user",
    responses: {
      204: { description: "Removed" },
      ...noUser,
      403: { description: "The log-in is older than 10 minutes: log in again first" },
      404: { description: "No such passkey of yours (another member's is answered the same)" },
      409: { description: "The account has no password and this is its last passkey" },
    },
    async handler({ ctx, actor, params }) {
      await removePasskey(ctx, { actor: actor!, passkeyId: idParam(params.id) });
      return { status: 204 };
    },
  }),
];
