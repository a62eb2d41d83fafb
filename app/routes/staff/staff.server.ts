import { data } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { Locale } from "#core/shared/locale.ts";
import { requireUser } from "../../lib/request.server.ts";

type Ctx = Parameters<typeof requireUser>[0];

/** The media editor is for operators: visitors go to login, other accounts get a 403. */
export function requireOperatorPage(context: Ctx, request: Request, lang: Locale): SessionUser {
  const user = requireUser(context, request, lang);
  if (user.role !== "operator") throw data("Forbidden", { status: 403 });
  return user;
}
