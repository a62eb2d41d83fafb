import type { Route } from "./+types/items";
import { cursorOf, jsonPage, profileItemsPage, userIdOf } from "./social.server.ts";

/** The next page of a member's listings as JSON, for the profile's paged list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return jsonPage(await profileItemsPage(context, userIdOf(params), cursorOf(request)));
}
