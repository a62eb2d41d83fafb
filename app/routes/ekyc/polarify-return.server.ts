import { refreshIdentityCheck } from "#core/account/refresh-identity-check.ts";
import { isAppError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { core, redirectWithFlash, requireUser } from "../../lib/request.server.ts";

type LoaderArgs = { request: Request; context: Parameters<typeof core>[0]; lang: Locale };

/**
 * Both return pages do the same: ask the provider for the check's result by the reference in the
 * address. Which page the provider sent the member to is not evidence of anything. Without a check
 * under way they lead to the identification settings, which say so.
 */
export async function loadIdentityResult({ request, context, lang }: LoaderArgs) {
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
