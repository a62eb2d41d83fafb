import { data, type RouterContextProvider } from "react-router";
import { searchItems } from "#core/catalog/search-items.ts";
import { searchQueryFromParams } from "#core/catalog/search-query.ts";
import { BRANDS } from "#core/shared/codes.ts";
import { core } from "../../lib/request.server.ts";

/** The query of a search page: its URL, plus the brand of a /items/brand/{code}/ page. */
export function pageQuery(request: Request, params: { code?: string }) {
  const url = new URL(request.url);
  const search = new URLSearchParams(url.search);
  if (params.code !== undefined) {
    if (!BRANDS.some((b) => b.code === params.code)) throw data("Page not found", { status: 404 });
    search.set("brand", params.code);
  }
  return searchQueryFromParams(search);
}

export async function searchPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { code?: string },
) {
  const query = pageQuery(request, params);
  return { query, page: await searchItems(core(context), { query }) };
}
