import type { Route } from "./+types/news-feed";
import { atomFeed } from "./feed.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return atomFeed(context, "news");
}
