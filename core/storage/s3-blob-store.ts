import { AwsClient } from "aws4fetch";
import type { BlobStore } from "./blob-store.ts";
import { isBlobKey } from "./local-blob-store.ts";

export type S3Settings = {
  /** The service's address, e.g. `https://s3.ap-northeast-1.amazonaws.com` or a MinIO/R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load public blobs from: the bucket's public address or a CDN in front of it. */
  publicUrl: string;
};

const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const PRIVATE_CACHE = "private, no-store";

/**
 * A bucket on any S3-compatible service, addressed path-style (`{endpoint}/{bucket}/{key}`) and
 * signed with SigV4. Objects are written without an ACL, so they are as private as the bucket;
 * browsers read public keys through `publicUrl`, which must expose everything but `private/`
 * (see .env.example). Private keys have no public address at all.
 */
export function createS3BlobStore(s: S3Settings): BlobStore {
  const client = new AwsClient({
    accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey,
    region: s.region,
    service: "s3",
  });
  const endpoint = s.endpoint.replace(/\/+$/, "");
  const publicUrl = s.publicUrl.replace(/\/+$/, "");
  const objectUrl = (key: string) => {
    if (!isBlobKey(key)) throw new Error(`not a blob key: ${key}`);
    return `${endpoint}/${encodeURIComponent(s.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
  };
  const failed = async (what: string, key: string, res: Response) =>
    new Error(`S3 ${what} ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);

  return {
    kind: "s3",
    async put(key, body, contentType) {
      const res = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: body as Uint8Array<ArrayBuffer>,
        headers: {
          "content-type": contentType,
          "cache-control": key.startsWith("private/") ? PRIVATE_CACHE : PUBLIC_CACHE,
        },
      });
      if (!res.ok) throw await failed("PUT", key, res);
      await res.body?.cancel();
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      const res = await client.fetch(objectUrl(key));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await failed("GET", key, res);
      return {
        body: new Uint8Array(await res.arrayBuffer()),
        contentType: res.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    async delete(key) {
      const res = await client.fetch(objectUrl(key), { method: "DELETE" });
      // Deleting what is already gone is done.
      if (!res.ok && res.status !== 404) throw await failed("DELETE", key, res);
      await res.body?.cancel();
    },
    url(key) {
      if (key.startsWith("private/")) throw new Error("private blobs have no public address");
      return `${publicUrl}/${key}`;
    },
  };
}
