import type { Route } from "./+types/search-results";
import { searchPage } from "./search.server.ts";

/** The next page of a search as JSON, for the paged list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { page } = await searchPage(context, request, {}, "more");
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}
