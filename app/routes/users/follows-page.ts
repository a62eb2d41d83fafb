import type { Route } from "./+types/follows-page";
import { cursorOf, jsonPage, peoplePage, userIdOf } from "./social.server.ts";

/** The next page of the list as JSON, for the paged list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return jsonPage(await peoplePage(context, userIdOf(params), "follows", cursorOf(request)));
}
