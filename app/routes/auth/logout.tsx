import { redirect } from "react-router";
import { logOut } from "#core/identity/log-out.ts";
import { clearCookie, SESSION_COOKIE } from "#server/cookies.ts";
import { core, langOf, redirectWithFlash, requestInfo, secureCookies } from "../../lib/request.server.ts";
import type { Route } from "./+types/logout";

/** Logging out is a POST (a link could be followed by a crawler or another site). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${langOf(params)}/mypage/`);
}

export async function action({ context, params }: Route.ActionArgs) {
  await logOut(core(context), { token: requestInfo(context).sessionToken });
  return redirectWithFlash(context, `/${langOf(params)}/`, "logout.done", [
    clearCookie(SESSION_COOKIE, secureCookies(context)),
  ]);
}
