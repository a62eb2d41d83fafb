import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import type { IdentityProvider, ProviderSettings } from "#core/identity/identity-providers.ts";

export type TestAccount = { email?: string; emailVerified?: boolean; name?: string };

export type LocalOpenIdProvider = {
  issuer: string;
  settings: ProviderSettings;
  /** People who can sign in, by their subject. */
  accounts: Map<string, TestAccount>;
  /**
   * A person signs in at the provider's authorization URL as `subject` and is sent back: the
   * parameters of the answer to our callback (code, state, iss), read from the final redirect.
   */
  signIn(authorizationUrl: string, subject: string): Promise<URLSearchParams>;
  close(): Promise<void>;
};

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A cookie jar of one browser, enough for the provider's own pages. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

/**
 * The oidc-provider package on loopback, as a real OpenID provider: discovery, its own sign-in
 * page (any subject signs in), ID tokens with the account's e-mail claims. No consent page: the
 * grant is given at once.
 */
export async function startLocalOpenIdProvider(
  provider: IdentityProvider,
  o: { redirectBase: string },
): Promise<LocalOpenIdProvider> {
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  const settings: ProviderSettings = {
    clientId: `tsugu-${provider}`,
    clientSecret: `secret-${provider}-0123456789abcdef0123456789abcdef`,
    issuer,
  };
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [`${o.redirectBase}/auth/${provider}/callback`],
        token_endpoint_auth_method: "client_secret_post",
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? true } : {}),
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  server.on("request", oidc.callback());
  return {
    issuer,
    settings,
    accounts,
    async signIn(authorizationUrl, subject) {
      const browser = jar();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.startsWith(o.redirectBase)) return new URL(url).searchParams;
        const res = await fetch(url, { redirect: "manual", headers: { cookie: browser.header() } });
        browser.take(res);
        const location = res.headers.get("location");
        if (location) {
          url = new URL(location, url).href;
          continue;
        }
        const page = await res.text();
        if (!page.includes('name="prompt" value="login"'))
          throw new Error(`unexpected page at ${url}: ${page}`);
        const posted = await fetch(url, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: browser.header(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ prompt: "login", login: subject, password: "any" }),
        });
        browser.take(posted);
        url = new URL(posted.headers.get("location")!, url).href;
      }
      throw new Error("too many redirects at the provider");
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
