/**
 * A page's data fetched ahead, kept for the one navigation it is for (decision 053). React Router
 * fetches a page's data from `<path>.data` (`_.data` after a trailing slash); the browser's own
 * prefetch cache does not serve `fetch()`, and an answer marked cacheable would be served again to
 * the revalidation after a form, stale. So the answer is kept here, handed to the first request for
 * it within `KEPT_FOR_MS`, and never again; any write drops everything kept.
 */

/** How long a page's data fetched ahead may be shown when its page is opened. */
export const KEPT_FOR_MS = 30_000;

type Kept = { at: number; answer: Promise<Response | null> };

/** How React Router's server sends a page's data. */
const DATA_TYPE = /^text\/x-script\b/;

const kept = new Map<string, Kept>();
let networkFetch: typeof fetch | null = null;

/** The address React Router fetches a page's data from. */
export function dataUrl(page: string, base: string): URL {
  const url = new URL(page, base);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url;
}

/** Which page's data an address asks for, whichever of the page's routes it names. */
function keyOf(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.sort();
  const rest = search.toString();
  return rest ? `${url.pathname}?${rest}` : url.pathname;
}

/** Answers the page-data requests it kept from what it kept, once; everything else as before. */
export function keepDataAhead(): void {
  if (networkFetch) return;
  const network = window.fetch.bind(window);
  networkFetch = network;
  window.fetch = (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD") {
      kept.clear();
      return network(input, init);
    }
    const url = new URL(request ? request.url : String(input), window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.endsWith(".data")) return network(input, init);
    const key = keyOf(url);
    const entry = kept.get(key);
    if (!entry) return network(input, init);
    kept.delete(key);
    if (Date.now() - entry.at >= KEPT_FOR_MS) return network(input, init);
    return entry.answer.then((answer) => answer ?? network(input, init));
  };
}

/**
 * Fetches a page's data ahead, marked `Purpose: prefetch` (admission control refuses it first), and
 * keeps a plain answer (200, the page's data, not redirected) whole. Resolves once it is kept or given up.
 */
export async function fetchDataAhead(page: string): Promise<void> {
  if (!networkFetch) return;
  const url = dataUrl(page, window.location.href);
  const answer = networkFetch(url, { headers: { Purpose: "prefetch" }, credentials: "same-origin" }).then(
    async (response) => {
      // Only the page's own data: not an answer the request was redirected to (a sign-in page),
      // nor an error or a page the server wrote instead.
      if (
        response.status !== 200 ||
        response.redirected ||
        !DATA_TYPE.test(response.headers.get("content-type") ?? "")
      )
        return null;
      const body = await response.arrayBuffer();
      // Read whole, the body is decoded: its encoding and length no longer describe it.
      const headers = new Headers(response.headers);
      headers.delete("content-encoding");
      headers.delete("content-length");
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    },
    () => null,
  );
  const entry = { at: Date.now(), answer };
  kept.set(keyOf(url), entry);
  if ((await answer) === null && kept.get(keyOf(url)) === entry) kept.delete(keyOf(url));
}
