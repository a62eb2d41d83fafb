import { redirect } from "react-router";
import type { Buyer } from "#core/buyback/buyers.ts";
import { logOut } from "#core/identity/log-out.ts";
import type { Locale } from "#core/shared/locale.ts";
import {
  BUYBACK_COOKIE,
  buybackCookie,
  clearCookie,
  SESSION_COOKIE,
  sessionCookie,
  TICKET_COOKIE,
} from "#server/cookies.ts";
import type { FlashKey } from "../../lib/flash.ts";
import {
  core,
  redirectWithFlash,
  requestInfo,
  safeRedirect,
  secureCookies,
} from "../../lib/request.server.ts";

type Ctx = Parameters<typeof core>[0];

/**
 * Where a buyer goes once logged in: the setup step until it is done, then the page they were
 * sent away from (a path of ours only), else the portal's first section.
 */
export function buyerLanding(buyer: Pick<Buyer, "setupAt">, target: string | null, lang: Locale): string {
  if (!buyer.setupAt) return `/${lang}/buyback/setup/account/`;
  return target && safeRedirect(target, lang) === target ? target : `/${lang}/buyback/deliveries/`;
}

/**
 * Signs a buyer in on this browser: any session it had ends on the server, the new one goes in the
 * session cookie and the buyer's id in the buyback cookie (both as long-lived as "keep me logged
 * in" asks), the one-time ticket is dropped.
 */
export async function signInBuyer(
  context: Ctx,
  o: { buyerId: number; token: string; persistent: boolean; to: string; flash: FlashKey },
) {
  const previous = requestInfo(context).sessionToken;
  await logOut(core(context), { token: previous });
  const secure = secureCookies(context);
  return redirectWithFlash(context, o.to, o.flash, [
    sessionCookie(o.token, o.persistent, secure),
    buybackCookie(o.buyerId, o.persistent, secure),
    clearCookie(TICKET_COOKIE, secure),
  ]);
}

/** The cookies a buyback logout clears: the session and the buyer's id. */
export function buyerLogoutCookies(context: Ctx): string[] {
  const secure = secureCookies(context);
  return [clearCookie(SESSION_COOKIE, secure), clearCookie(BUYBACK_COOKIE, secure)];
}

/** Refuses a page to anyone signed in already as this buyer: on to the portal. */
export function redirectSignedInBuyer(buyer: Buyer | null, request: Request, lang: Locale): void {
  if (buyer) throw redirect(buyerLanding(buyer, new URL(request.url).searchParams.get("redirect"), lang));
}
