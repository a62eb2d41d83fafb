/**
 * Where uploaded files (photos, avatars, identity documents) and generated files (CSV exports) are
 * kept: a local folder by default, an S3-compatible bucket when configured. Keys are opaque paths
 * such as `items/ab/cd…-large.webp`; keys under `private/` are never served publicly.
 */
export type BlobStore = {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Writes a blob from a stream of chunks without holding it in memory (a file of any size: a
   * temporary file renamed into place, or an S3 multipart upload of bounded parts). The blob
   * appears whole or not at all. Answers how many bytes were stored.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<{ bytes: number }>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /** Reads a blob as a stream, with its size when known. */
  getStream(
    key: string,
  ): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; size: number | null } | null>;
  delete(key: string): Promise<void>;
  /** The address a browser loads the blob from (served by our `/media/` route or the bucket). */
  url(key: string): string;
};
