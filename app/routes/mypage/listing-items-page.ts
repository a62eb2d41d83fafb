import { langOf } from "../../lib/lang.ts";
import { requireUser } from "../../lib/request.server.ts";
import { cursorOf, jsonPage } from "../users/social.server.ts";
import type { Route } from "./+types/listing-items-page";
import { listingTabOf, myListingsPage } from "./lists.server.ts";

/** The next page of the member's listings in one tab, as JSON for the paged list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return jsonPage(await myListingsPage(context, user, listingTabOf(request), cursorOf(request)));
}
