import { data, type RouterContextProvider } from "react-router";
import { BRANDS } from "#core/catalog/codes.ts";
import { searchItems } from "#core/catalog/search-items.ts";
import { isEmptyQuery } from "#core/catalog/search-params.ts";
import { searchQueryFromParams } from "#core/catalog/search-query.ts";
import { noResultHelp } from "#core/catalog/search-suggestions.ts";
import { core, services } from "../../lib/request.server.ts";

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
  /** The first page (with the count, and help when empty), or one more page of the list. */
  part: "first" | "more" = "first",
) {
  const query = pageQuery(request, params);
  const ctx = core(context);
  // A search says how many listings it found; browsing everything does not need to count them.
  const first = part === "first";
  // The same for everyone who asks: kept briefly between requests (decision 030).
  const { page, help } = await services(context).reads.read(
    `search ${part} ${params.code ?? ""} ${JSON.stringify(query)}`,
    async () => {
      const page = await searchItems(ctx, { query, count: first && !isEmptyQuery(query) });
      const help =
        first && page.items.length === 0
          ? await noResultHelp(ctx, query, params.code !== undefined ? ["brand"] : [])
          : null;
      return { page, help };
    },
  );
  return { query, page, help };
}
