import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign,
  timingSafeEqual,
} from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { providerCallbackUrl } from "#core/identity/external-trip.ts";
import {
  IDENTITY_PROVIDERS,
  type IdentityProvider,
  type ProviderSettings,
} from "#core/identity/identity-providers.ts";
import { keyedHash } from "#core/shared/secrets.ts";
import { LOCALE_COOKIE, parseCookies } from "./cookies.ts";
import { pickLocale } from "./locale-routing.ts";
import type { AppServices } from "./router-context.ts";

const NAMES: Record<IdentityProvider, string> = { line: "LINE", google: "Google", apple: "Apple" };
const CODE_TTL_MS = 60 * 1000;

/** The settings of a provider served by the built-in sandbox on this app (decision 037). */
export function sandboxProviderSettings(
  o: { publicUrl: string; secret: string },
  provider: IdentityProvider,
): ProviderSettings {
  return {
    clientId: `tsugu-sandbox-${provider}`,
    clientSecret: keyedHash(o.secret, `oidc-sandbox-client:${provider}`),
    issuer: `${o.publicUrl}/sandbox/oidc/${provider}`,
    sandbox: true,
  };
}

/** The sandbox's signing key: an Ed25519 key drawn from the server secret, the same in every process. */
function signingKey(secret: string) {
  const seed = createHash("sha256").update(`oidc-sandbox-key:${secret}`).digest();
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const privateKey = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  return {
    privateKey,
    jwk: {
      ...createPublicKey(privateKey).export({ format: "jwk" }),
      kid: "sandbox",
      alg: "EdDSA",
      use: "sig",
    },
  };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PAGE = {
  ja: {
    sandbox: "サンドボックス",
    lead: (p: string) =>
      `これは${p}のかわりをする開発用の画面です。本物の${p}には接続しません。サインインする${p}アカウントの名前とメールアドレスを入力してください。`,
    name: "名前",
    email: "メールアドレス",
    verified: "メールアドレスを確認済みとして渡す",
    submit: (p: string) => `${p}でサインイン`,
    cancel: "キャンセル",
  },
  en: {
    sandbox: "Sandbox",
    lead: (p: string) =>
      `This page stands in for ${p} during development; the real ${p} is never reached. Type the name and e-mail address of the ${p} account to sign in with.`,
    name: "Name",
    email: "E-mail address",
    verified: "Pass the address on as verified",
    submit: (p: string) => `Sign in with ${p}`,
    cancel: "Cancel",
  },
};

/**
 * The built-in sandbox OpenID provider for each provider without settings: discovery, an authorize
 * page where the tester types the stand-in account, and a token endpoint that checks the client's
 * secret and PKCE and answers an ID token signed with the sandbox's key. Codes are signed, good
 * for a minute, and carry the nonce; the app reaches it over HTTP like a real provider.
 */
export function createOidcSandboxRoutes(services: AppServices): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const { publicUrl, sessionSecret } = services.config;
  const key = signingKey(sessionSecret);
  const providerOf = (name: string): IdentityProvider | null => {
    const p = IDENTITY_PROVIDERS.find((x) => x === name);
    return p && services.core.identityProviders.isSandbox(p) ? p : null;
  };
  const settingsOf = (p: IdentityProvider) =>
    sandboxProviderSettings({ publicUrl, secret: sessionSecret }, p);
  const mac = (payload: string) =>
    createHmac("sha256", `oidc-sandbox-code:${sessionSecret}`).update(payload).digest("base64url");

  app.get("/sandbox/oidc/:provider/.well-known/openid-configuration", (c) => {
    const p = providerOf(c.req.param("provider"));
    if (!p) return c.notFound();
    const issuer = settingsOf(p).issuer;
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "form_post"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["EdDSA"],
      token_endpoint_auth_methods_supported: ["client_secret_post"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["openid", "email", "profile", "name"],
      claims_supported: ["sub", "email", "email_verified", "name"],
    });
  });

  app.get("/sandbox/oidc/:provider/jwks", (c) => {
    const p = providerOf(c.req.param("provider"));
    return p ? c.json({ keys: [key.jwk] }) : c.notFound();
  });

  app.get("/sandbox/oidc/:provider/authorize", (c) => {
    const p = providerOf(c.req.param("provider"));
    if (!p) return c.notFound();
    const q = c.req.query();
    const s = settingsOf(p);
    if (
      q.client_id !== s.clientId ||
      q.redirect_uri !== providerCallbackUrl({ publicUrl }, p) ||
      q.response_type !== "code" ||
      q.code_challenge_method !== "S256" ||
      !q.code_challenge ||
      !q.state ||
      !q.nonce
    ) {
      return c.text("invalid authorization request", 400);
    }
    const lang = pickLocale(
      parseCookies(c.req.header("cookie"))[LOCALE_COOKIE],
      c.req.header("accept-language"),
    );
    const t = PAGE[lang];
    const name = NAMES[p];
    const hidden = ["state", "nonce", "code_challenge", "response_mode"]
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? "")}">`)
      .join("");
    const colours = { line: "#06C755", google: "#1a73e8", apple: "#000000" }[p];
    return c.html(`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} (${t.sandbox})</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.2rem .7rem;font-size:.8rem;font-weight:700}
h1{font-size:1.3rem}label{display:block;margin-top:1rem;font-weight:600}input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:.7rem;border:1px solid #cbd5e1;border-radius:.5rem;font-size:1rem;margin-top:.3rem}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}.primary{margin-top:1.5rem;width:100%;padding:.8rem;border:0;border-radius:.5rem;background:${colours};color:#fff;font-size:1rem;font-weight:700}
.secondary{margin-top:.7rem;width:100%;padding:.7rem;border:1px solid #cbd5e1;border-radius:.5rem;background:#fff;font-size:1rem}</style></head>
<body><main><span class="badge">${t.sandbox}</span><h1>${name}</h1><p>${t.lead(name)}</p>
<form method="post">${hidden}
<label for="name">${t.name}</label><input type="text" id="name" name="name" maxlength="50" autocomplete="off">
<label for="email">${t.email}</label><input type="email" id="email" name="email" maxlength="254" autocomplete="off">
<label class="check"><input type="checkbox" name="email_verified" value="true" checked>${t.verified}</label>
<button class="primary" type="submit" name="decision" value="allow">${t.submit(name)}</button>
<button class="secondary" type="submit" name="decision" value="deny">${t.cancel}</button>
</form></main></body></html>`);
  });

  app.post("/sandbox/oidc/:provider/authorize", async (c) => {
    const p = providerOf(c.req.param("provider"));
    if (!p) return c.notFound();
    const form = await c.req.parseBody();
    const field = (k: string) => (typeof form[k] === "string" ? (form[k] as string).slice(0, 300) : "");
    const back = new URL(providerCallbackUrl({ publicUrl }, p));
    const answer: Record<string, string> = { state: field("state"), iss: settingsOf(p).issuer };
    const email = field("email").trim().toLowerCase();
    if (field("decision") !== "allow") {
      answer.error = "access_denied";
    } else {
      const payload = b64({
        // The same address always stands for the same account, as a provider's subject does.
        sub: email
          ? keyedHash(sessionSecret, `oidc-sandbox-sub:${p}:${email}`).slice(0, 32)
          : crypto.randomUUID(),
        email: email || undefined,
        email_verified: email ? field("email_verified") === "true" : undefined,
        name: field("name").trim() || undefined,
        nonce: field("nonce"),
        challenge: field("code_challenge"),
        exp: Date.now() + CODE_TTL_MS,
      });
      answer.code = `${payload}.${mac(payload)}`;
    }
    if (field("response_mode") === "form_post") {
      const inputs = Object.entries(answer)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join("");
      return c.html(
        `<!doctype html><html><body><form method="post" action="${escapeHtml(back.href)}">${inputs}<button type="submit">Continue</button></form><script>document.forms[0].submit()</script></body></html>`,
      );
    }
    for (const [k, v] of Object.entries(answer)) back.searchParams.set(k, v);
    return c.redirect(back.href, 303);
  });

  app.post("/sandbox/oidc/:provider/token", async (c) => {
    const p = providerOf(c.req.param("provider"));
    if (!p) return c.notFound();
    const form = await c.req.parseBody();
    const field = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
    const s = settingsOf(p);
    const fail = (error: string) => c.json({ error }, 400);
    const secretOk =
      field("client_id") === s.clientId &&
      field("client_secret").length === s.clientSecret.length &&
      timingSafeEqual(Buffer.from(field("client_secret")), Buffer.from(s.clientSecret));
    if (!secretOk) return c.json({ error: "invalid_client" }, 401);
    if (field("grant_type") !== "authorization_code") return fail("unsupported_grant_type");
    if (field("redirect_uri") !== providerCallbackUrl({ publicUrl }, p)) return fail("invalid_grant");
    const [payload, given] = field("code").split(".");
    if (!payload || !given || mac(payload) !== given) return fail("invalid_grant");
    const code = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
      sub: string;
      email?: string;
      email_verified?: boolean;
      name?: string;
      nonce: string;
      challenge: string;
      exp: number;
    };
    const challenge = createHash("sha256").update(field("code_verifier")).digest("base64url");
    if (code.exp < Date.now() || challenge !== code.challenge) return fail("invalid_grant");
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: "EdDSA", typ: "JWT", kid: "sandbox" });
    const claims = b64({
      iss: s.issuer,
      sub: code.sub,
      aud: s.clientId,
      iat: now,
      exp: now + 600,
      nonce: code.nonce,
      email: code.email,
      email_verified: code.email_verified,
      name: code.name,
    });
    const signature = sign(null, Buffer.from(`${header}.${claims}`), key.privateKey).toString("base64url");
    c.header("Cache-Control", "no-store");
    return c.json({
      access_token: keyedHash(sessionSecret, `${payload}:access`),
      token_type: "Bearer",
      expires_in: 600,
      id_token: `${header}.${claims}.${signature}`,
    });
  });

  return app;
}
