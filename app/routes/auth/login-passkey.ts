import { redirect } from "react-router";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { signInWithPasskey } from "#core/identity/sign-in-with-passkey.ts";
import { passkeySignInOptions } from "#core/identity/start-passkey-sign-in.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { flashCookie, sessionCookie } from "#server/cookies.ts";
import {
  core,
  landingAfterSignIn,
  langOf,
  requestInfo,
  secureCookies,
  twoStepPath,
} from "../../lib/request.server.ts";
import type { Route } from "./+types/login-passkey";
import { twoStepTicketCookie } from "./two-step-ticket.server.ts";

/** Nothing to show: the sign-in page is where a passkey is used. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/${langOf(params)}/login/`);
}

type Body = { step?: unknown; credential?: unknown; remember?: unknown; redirect?: unknown };

/**
 * The sign-in page's passkey, as JSON: `{ step: "options" }` answers a challenge; then the signed
 * answer `{ credential, remember, redirect }` opens the session (a cookie, as the password does)
 * and says where to go. A failure answers its message in the page's language.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const body = ((await request.json().catch(() => null)) ?? {}) as Body;
  const ctx = core(context);
  const info = requestInfo(context);
  const secure = secureCookies(context);
  try {
    if (body.step === "options") {
      return Response.json({ options: await passkeySignInOptions(ctx) });
    }
    const persistent = body.remember !== false;
    const r = await signInWithPasskey(ctx, {
      response: body.credential,
      kind: "web",
      persistent,
      ip: info.ip,
      userAgent: info.userAgent,
    });
    const asked = typeof body.redirect === "string" ? body.redirect : null;
    const headers = new Headers();
    if (r.twoStep) {
      headers.append("Set-Cookie", twoStepTicketCookie(r.twoStep.ticket, secure));
      return Response.json({ to: twoStepPath(lang, asked) }, { headers });
    }
    headers.append("Set-Cookie", sessionCookie(r.token, persistent, secure));
    headers.append("Set-Cookie", flashCookie(`login.loggedIn|${Date.now().toString(36)}`, secure));
    return Response.json({ to: landingAfterSignIn(asked, r.user.role, lang) }, { headers });
  } catch (error) {
    const e = asLoginError(error);
    if (!isAppError(e)) throw e;
    return Response.json(
      { error: localizeError(e, lang).message, ...(e.reasonCode ? { reason: e.reasonCode } : {}) },
      { status: e.status },
    );
  }
}
