import { langOf } from "../../lib/lang.ts";
import { requireUser } from "../../lib/request.server.ts";
import { cursorOf, jsonPage } from "../users/social.server.ts";
import type { Route } from "./+types/followed-users-page";
import { myFollowsPage } from "./lists.server.ts";

/** The next page of the members this member follows, as JSON for the paged list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return jsonPage(await myFollowsPage(context, user, cursorOf(request)));
}
