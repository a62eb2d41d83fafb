import { redirect } from "react-router";
import { logOut } from "#core/identity/log-out.ts";
import { core, langOf, redirectWithFlash, requestInfo } from "../../lib/request.server.ts";
import type { Route } from "./+types/logout";
import { buyerLogoutCookies } from "./buyer-auth.server.ts";

/** Logging out is a POST (a link could be followed by a crawler or another site). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${langOf(params)}/buyback/login/`);
}

/** Ends the session on the server and clears both login cookies, then back to the buyback login. */
export async function action({ context, params }: Route.ActionArgs) {
  await logOut(core(context), { token: requestInfo(context).sessionToken });
  return redirectWithFlash(
    context,
    `/${langOf(params)}/buyback/login/`,
    "buybackBuyer.flash.loggedOut",
    buyerLogoutCookies(context),
  );
}
