import { data } from "react-router";
import type { Route } from "./+types/sitemap";
import { sitemaps, urlsetResponse } from "./sitemaps.server.ts";

/** `/sitemaps/{name}.xml`: one sitemap named in the index; any other name is a 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const name = /^([a-z]+(?:-\d{1,6})?)\.xml$/.exec(params.name)?.[1];
  const sitemap = name ? (await sitemaps(context)).find((s) => s.name === name) : undefined;
  if (!sitemap) throw data("Not Found", { status: 404 });
  return urlsetResponse(await sitemap.entries(context));
}
