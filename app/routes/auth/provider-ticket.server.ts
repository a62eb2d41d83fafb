import { type RouterContextProvider, redirect } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { serializeCookie, sessionCookie } from "#server/cookies.ts";
import { redirectWithFlash, safeRedirect, secureCookies, twoStepPath } from "../../lib/request.server.ts";
import { twoStepTicketCookie } from "./two-step-ticket.server.ts";

/** Binds a trip to LINE, Google or Apple to this browser (10 minutes, as the trip). */
export const PROVIDER_TRIP_COOKIE = "tsugu_oidc";
/** Carries a provider's new account through the address, its proof and the nickname (an hour at most). */
export const PROVIDER_PENDING_COOKIE = "tsugu_oidc_pending";

export function providerTripCookie(ticket: string, secure: boolean): string {
  return serializeCookie(PROVIDER_TRIP_COOKIE, ticket, { secure, maxAge: 10 * 60 });
}

export function providerPendingCookie(ticket: string, secure: boolean): string {
  return serializeCookie(PROVIDER_PENDING_COOKIE, ticket, { secure, maxAge: 60 * 60 });
}

/**
 * A provider's sign-in went through: a session (on to where the member was going), or the second
 * step for a member with two-step verification on. `done` ends the cookie that carried the flow.
 */
export function afterProviderSignIn(
  context: Readonly<RouterContextProvider>,
  lang: Locale,
  r:
    | { kind: "session"; token: string; redirect: string }
    | { kind: "two-step"; ticket: string; redirect: string },
  done: string,
) {
  const secure = secureCookies(context);
  if (r.kind === "two-step") {
    const headers = new Headers();
    headers.append("Set-Cookie", twoStepTicketCookie(r.ticket, secure));
    headers.append("Set-Cookie", done);
    return redirect(twoStepPath(lang, r.redirect), { headers });
  }
  return redirectWithFlash(context, safeRedirect(r.redirect, lang), "login.loggedIn", [
    sessionCookie(r.token, true, secure),
    done,
  ]);
}
