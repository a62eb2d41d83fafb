import * as oidc from "openid-client";
import { IDENTITY_PROVIDERS, type IdentityProvider } from "#db/schema/index.ts";

export { IDENTITY_PROVIDERS, type IdentityProvider };

/** What a provider vouches for about the person, from its checked ID token. */
type ProviderClaims = {
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  email: string | null;
  /** Whether the provider says it proved the address; only a proven one may match an account. */
  emailVerified: boolean;
  name: string | null;
};

/**
 * Signing in with LINE, Google and Apple (OpenID Connect, decision 037). Each provider is on when
 * configured (or served by the built-in sandbox); the sign-in itself is the browser's trip to the
 * provider and back with a code, which `exchange` turns into checked claims.
 */
export type IdentityProviders = {
  /** The providers that can be used, in the order the buttons show. */
  enabled(): IdentityProvider[];
  /** Whether a provider is the built-in sandbox (its page says so). */
  isSandbox(provider: IdentityProvider): boolean;
  /** Where to send the browser: the provider's sign-in page for this state, nonce and PKCE challenge. */
  authorizationUrl(
    provider: IdentityProvider,
    o: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<string>;
  /**
   * The provider's answer (the callback's parameters) to checked claims: the state, the issuer, the
   * ID token's signature, audience and nonce, and the PKCE verifier are all checked; any mismatch throws.
   */
  exchange(
    provider: IdentityProvider,
    o: {
      redirectUri: string;
      params: URLSearchParams;
      state: string;
      nonce: string;
      codeVerifier: string;
    },
  ): Promise<ProviderClaims>;
};

export type ProviderSettings = {
  clientId: string;
  clientSecret: string;
  /** The issuer's address; its discovery document is read from `/.well-known/openid-configuration`. */
  issuer: string;
  sandbox?: boolean;
};

const SCOPES: Record<IdentityProvider, string> = {
  line: "openid profile email",
  google: "openid email profile",
  apple: "openid name email",
};

/** Plain http is allowed only for an issuer on this machine (the sandbox, or a provider in tests). */
function onLoopback(issuer: URL): boolean {
  return (
    issuer.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname.toLowerCase())
  );
}

function claimsOf(claims: oidc.IDToken): ProviderClaims {
  const email = typeof claims.email === "string" && claims.email.length <= 254 ? claims.email : null;
  // Apple sends `email_verified` as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const name = typeof claims.name === "string" ? claims.name.slice(0, 100) : null;
  return {
    subject: claims.sub,
    email: email?.toLowerCase() ?? null,
    emailVerified: Boolean(email && verified),
    name,
  };
}

/** The providers through openid-client, one discovery per provider kept for the process. */
export function createOidcProviders(
  settings: Partial<Record<IdentityProvider, ProviderSettings>>,
): IdentityProviders {
  const configs = new Map<IdentityProvider, Promise<oidc.Configuration>>();
  function configOf(provider: IdentityProvider): Promise<oidc.Configuration> {
    const s = settings[provider];
    if (!s) return Promise.reject(new Error(`${provider} is not configured`));
    let config = configs.get(provider);
    if (!config) {
      const issuer = new URL(s.issuer);
      config = oidc.discovery(
        issuer,
        s.clientId,
        { client_secret: s.clientSecret },
        oidc.ClientSecretPost(s.clientSecret),
        onLoopback(issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      // A provider that could not be reached is asked again next time.
      config.catch(() => configs.delete(provider));
      configs.set(provider, config);
    }
    return config;
  }
  return {
    enabled: () => IDENTITY_PROVIDERS.filter((p) => settings[p]),
    isSandbox: (provider) => settings[provider]?.sandbox === true,
    async authorizationUrl(provider, o) {
      const config = await configOf(provider);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: o.redirectUri,
        scope: SCOPES[provider],
        state: o.state,
        nonce: o.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(o.codeVerifier),
        code_challenge_method: "S256",
        // Apple posts its answer back when the address is asked for.
        ...(provider === "apple" ? { response_mode: "form_post" } : {}),
      });
      return url.href;
    },
    async exchange(provider, o) {
      const config = await configOf(provider);
      const current = new URL(o.redirectUri);
      for (const [k, v] of o.params) current.searchParams.append(k, v);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: o.state,
        expectedNonce: o.nonce,
        pkceCodeVerifier: o.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("no ID token");
      return claimsOf(claims);
    },
  };
}
