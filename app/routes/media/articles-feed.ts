import type { Route } from "./+types/articles-feed";
import { atomFeed } from "./feed.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return atomFeed(context, "article");
}
