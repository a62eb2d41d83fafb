import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";

/**
 * Compression of what the server answers (decision 030): brotli when the browser offers it, else
 * gzip, for text of at least 1 KB. Pages and API answers are compressed as they leave, at a quality
 * that costs about a millisecond for a search page; hashed assets never change, so each is
 * compressed once at the highest quality and kept. The work runs on libuv's thread pool, off the
 * thread that renders pages.
 */
export type Encoding = "br" | "gzip";

const MIN_BYTES = 1024;
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encoding to answer with, from the request's Accept-Encoding (brotli first; `q=0` refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    offered.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/** Whether a response of this type is worth compressing. */
export function isCompressible(contentType: string | null): boolean {
  return (
    contentType !== null && COMPRESSIBLE.test(contentType) && !contentType.startsWith("text/event-stream")
  );
}

/** Compresses a body; `best` for files that are compressed once and kept. */
export async function compressBody(body: Uint8Array, encoding: Encoding, best = false): Promise<Uint8Array> {
  if (encoding === "br") {
    return br(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gz(body, { level: best ? 9 : 6 });
}

/**
 * Marks a compressible answer as depending on Accept-Encoding (keeping what Vary said) and, when
 * its body was compressed, names the encoding. Applied to a response already handed to Hono, whose
 * setter copies the previous response's headers over the new one's.
 */
export function markEncoding(headers: Headers, encoding: Encoding | null): void {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
  if (encoding) {
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
  }
}

export function compression(): MiddlewareHandler {
  // Hashed assets: compressed once at the best quality, for as long as the process runs.
  const immutable = new LRUCache<string, Uint8Array>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (v) => v.byteLength + 64,
  });

  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === "HEAD" ||
      !res.body ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has("Content-Encoding") ||
      !isCompressible(res.headers.get("Content-Type"))
    ) {
      return;
    }
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const body = new Uint8Array(await res.arrayBuffer());
    if (!encoding || body.byteLength < MIN_BYTES) {
      c.res = new Response(body, res);
      markEncoding(c.res.headers, null);
      return;
    }
    const kept = /\bimmutable\b/.test(res.headers.get("Cache-Control") ?? "");
    const key = `${encoding} ${c.req.path}`;
    let encoded = kept ? immutable.get(key) : undefined;
    if (!encoded) {
      encoded = await compressBody(body, encoding, kept);
      if (kept) immutable.set(key, encoded);
    }
    c.res = new Response(encoded as Uint8Array<ArrayBuffer>, res);
    markEncoding(c.res.headers, encoding);
  };
}
