import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { compressBody, type Encoding, markEncoding, negotiateEncoding } from "./compression.ts";
import { FLASH_COOKIE, parseCookies, SESSION_COOKIE } from "./cookies.ts";

/**
 * A short-lived cache of the catalogue pages that everyone who is not logged in sees alike: search
 * results, brand pages and item pages (decision 010). A busy marketplace serves these from an edge
 * cache; this one sits in the server so a single machine behaves the same way.
 *
 * - Only GET requests for those paths, from visitors with no session and no pending message, and
 *   only 200 HTML answers that set no cookie, are kept. Members always get a fresh page.
 * - Any state change handled by this server (a form post, an API write) empties the cache, so a
 *   visitor never sees their own change late; changes made on another server show within `ttl`.
 */
export type PageCache = {
  /** Answers cacheable page requests from the cache, and keeps what they return. */
  pages: MiddlewareHandler;
  /** Empties the cache after any state change, whichever door it came through. */
  clearOnWrite: MiddlewareHandler;
  /**
   * Whether `pages` may answer this request from the cache (a visitor's GET of a kept path), so
   * that admission control waits to see whether it did (decision 049).
   */
  mayAnswer(request: Request): boolean;
  clear(): void;
};

/** A kept page, with its compressed forms made the first time a browser asks for each. */
type Stored = {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  encoded: Partial<Record<Encoding, Promise<Uint8Array>>>;
};

/** Pages that do not depend on who is asking once the visitor is anonymous. */
const CACHEABLE = /^\/(ja|en)\/items\/(search\/|brand\/\d{5}\/|\d{1,18}\/)$/;
const MAX_BYTES = 64 * 1024 * 1024;

export function createPageCache(o: {
  ttlSeconds: number;
  /** Emptied with the page cache: the data cache members' pages read from. */
  alongside?: { clear(): void };
}): PageCache {
  const cache = new LRUCache<string, Stored>({
    max: 2000,
    maxSize: MAX_BYTES,
    // Room for the compressed forms too, which are a fraction of the page.
    sizeCalculation: (v) => Math.ceil(v.body.byteLength * 1.5) + 512,
    ttl: Math.max(1, o.ttlSeconds) * 1000,
  });
  const enabled = o.ttlSeconds > 0;

  const clearOnWrite: MiddlewareHandler = async (c, next) => {
    await next();
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
      cache.clear();
      o.alongside?.clear();
    }
  };

  const mayAnswer = (request: Request): boolean => {
    if (!enabled || request.method !== "GET" || !CACHEABLE.test(new URL(request.url).pathname)) return false;
    const cookies = parseCookies(request.headers.get("cookie"));
    return !cookies[SESSION_COOKIE] && !cookies[FLASH_COOKIE];
  };

  const pages: MiddlewareHandler = async (c, next) => {
    if (!mayAnswer(c.req.raw)) return next();
    const url = new URL(c.req.url);

    const key = url.pathname + url.search;
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const answer = async (stored: Stored) => {
      let body = stored.body;
      if (encoding) {
        stored.encoded[encoding] ??= compressBody(stored.body, encoding);
        body = await stored.encoded[encoding];
      }
      c.res = new Response(body as Uint8Array<ArrayBuffer>, {
        status: stored.status,
        headers: stored.headers,
      });
      markEncoding(c.res.headers, encoding);
    };
    const hit = cache.get(key);
    if (hit) return answer(hit);
    await next();
    const res = c.res;
    if (
      res.status !== 200 ||
      res.headers.has("set-cookie") ||
      !res.headers.get("content-type")?.startsWith("text/html")
    ) {
      return;
    }
    const stored: Stored = {
      status: res.status,
      headers: [...res.headers.entries()],
      body: new Uint8Array(await res.arrayBuffer()),
      encoded: {},
    };
    cache.set(key, stored);
    await answer(stored);
  };

  return { pages, clearOnWrite, mayAnswer, clear: () => cache.clear() };
}
