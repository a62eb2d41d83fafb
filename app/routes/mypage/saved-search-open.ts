import { redirect } from "react-router";
import { markSavedSearchSeen } from "#core/catalog/saved-search-alerts.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, pathIdOf, requireUser } from "../../lib/request.server.ts";
import type { Route } from "./+types/saved-search-open";

/** Opens a saved search from the member's list: what is on sale now is no longer new. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const query = await orNotFound(() => markSavedSearchSeen(core(context), { actor, id: pathIdOf(params) }));
  return redirect(`/${lang}/items/search/?${query}`);
}
