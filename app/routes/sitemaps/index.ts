import type { Route } from "./+types/index";
import { indexResponse } from "./sitemaps.server.ts";

/** `/sitemap.xml`: the index of the static, flema, buyback and media sitemaps. */
export function loader({ context }: Route.LoaderArgs) {
  return indexResponse(context);
}
