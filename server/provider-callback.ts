import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { IDENTITY_PROVIDERS } from "#core/identity/identity-providers.ts";
import { readBody } from "./api/body.ts";
import { LOCALE_COOKIE, parseCookies } from "./cookies.ts";
import { pickLocale } from "./locale-routing.ts";

/** The parameters of a provider's answer that the sign-in reads; anything else is dropped. */
const ANSWER = ["code", "state", "iss", "error"] as const;
/** A posted answer is a few short fields (Apple adds the name on the first sign-in). */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * Where LINE, Google and Apple send the browser back (`/auth/{provider}/callback`, one address per
 * provider, without a language, as registered with them). Apple posts its answer from its own site,
 * where our cookies do not travel and our origin check would refuse it: the answer is handed on as a
 * plain redirect to the sign-in page in the member's language, which the ticket's cookie reaches.
 */
export function createProviderCallbackRoutes(): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.on(["GET", "POST"], "/auth/:provider/callback", async (c) => {
    const provider = IDENTITY_PROVIDERS.find((p) => p === c.req.param("provider"));
    if (!provider) return c.text("Not Found", 404);
    let source: URLSearchParams = new URL(c.req.url).searchParams;
    if (c.req.method === "POST") {
      const type = c.req.header("content-type") ?? "";
      const body = type.startsWith("application/x-www-form-urlencoded")
        ? await readBody(c.req.raw, MAX_BODY_BYTES)
        : null;
      if (!body) return c.text("Bad Request", 400);
      source = new URLSearchParams(new TextDecoder().decode(body));
    }
    const kept = new URLSearchParams();
    for (const name of ANSWER) {
      const value = source.get(name);
      if (value !== null) kept.set(name, value.slice(0, 2048));
    }
    const lang = pickLocale(
      parseCookies(c.req.header("cookie"))[LOCALE_COOKIE],
      c.req.header("accept-language"),
    );
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(`/${lang}/login/with/${provider}/?${kept}`, 303);
  });
  return app;
}
