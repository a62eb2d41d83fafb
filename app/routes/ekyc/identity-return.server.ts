import { data } from "react-router";
import { refreshIdentityCheck } from "#core/account/refresh-identity-check.ts";
import { isAppError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { core, redirectWithFlash, requireUser } from "../../lib/request.server.ts";

type LoaderArgs = {
  request: Request;
  context: Parameters<typeof core>[0];
  lang: Locale;
  /** The provider named in the address: the one this deployment uses, else the page is not found. */
  provider: string | undefined;
};

/**
 * Both return pages (`/ekyc/{provider}/success/` and `/error/`, named as core builds the return
 * addresses) do the same: ask the provider for the check's result by the reference in the address,
 * or for the member's newest pending check when the provider sends none. Which page the provider
 * sent the member to is not evidence of anything. Without a check under way they lead to the
 * identification settings, which say so.
 */
export async function loadIdentityResult({ request, context, lang, provider }: LoaderArgs) {
  if (provider !== core(context).identity.name) throw data("Page Not Found", { status: 404 });
  const user = requireUser(context, request, lang);
  const reference = new URL(request.url).searchParams.get("reference");
  try {
    const check = await refreshIdentityCheck(core(context), { userId: user.id, reference });
    return { status: check.status, reason: check.reason };
  } catch (error) {
    // Opened with no check under way (a bookmark, the back button): the identification page says so.
    if (isAppError(error) && error.code === "NOT_FOUND") {
      throw redirectWithFlash(
        context,
        `/${lang}/settings/identification/`,
        "identification.result.noneUnderWay",
      );
    }
    throw error;
  }
}
