/**
 * Where uploaded files (photos, avatars, identity documents) are kept: a local folder by default,
 * an S3-compatible bucket when configured. Keys are opaque paths such as `items/ab/cd…-large.webp`.
 */
export type BlobStore = {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** The address a browser loads the blob from (served by our `/media/` route or the bucket). */
  url(key: string): string;
};
