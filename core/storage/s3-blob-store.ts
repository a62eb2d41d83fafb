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
 * A streamed blob goes up in parts of this size (S3 wants at least 5 MiB for every part but the
 * last), so at most about one part is held in memory whatever the blob's size. A blob smaller
 * than one part is sent with a single PUT.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

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
  const cacheOf = (key: string) => (key.startsWith("private/") ? PRIVATE_CACHE : PUBLIC_CACHE);

  async function putBytes(key: string, body: Uint8Array, contentType: string) {
    const res = await client.fetch(objectUrl(key), {
      method: "PUT",
      body: body as Uint8Array<ArrayBuffer>,
      headers: { "content-type": contentType, "cache-control": cacheOf(key) },
    });
    if (!res.ok) throw await failed("PUT", key, res);
    await res.body?.cancel();
  }

  /** Parts of about `S3_PART_BYTES` from a stream of chunks of any size. */
  async function* partsOf(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    let held: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body) {
      held.push(chunk);
      size += chunk.byteLength;
      if (size >= S3_PART_BYTES) {
        yield Buffer.concat(held, size);
        held = [];
        size = 0;
      }
    }
    if (size > 0) yield Buffer.concat(held, size);
  }

  /** A multipart upload: started, sent part by part, completed; aborted if anything fails. */
  async function putMultipart(
    key: string,
    first: Uint8Array,
    rest: AsyncIterator<Uint8Array>,
    contentType: string,
  ): Promise<number> {
    const url = objectUrl(key);
    const started = await client.fetch(`${url}?uploads`, {
      method: "POST",
      headers: { "content-type": contentType, "cache-control": cacheOf(key) },
    });
    if (!started.ok) throw await failed("CreateMultipartUpload", key, started);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await started.text())?.[1];
    if (!uploadId) throw new Error(`S3 CreateMultipartUpload ${key}: no upload id`);
    const upload = `uploadId=${encodeURIComponent(uploadId)}`;
    const etags: string[] = [];
    let bytes = 0;
    try {
      for (let part: Uint8Array | undefined = first; part; ) {
        const res = await client.fetch(`${url}?partNumber=${etags.length + 1}&${upload}`, {
          method: "PUT",
          body: part as Uint8Array<ArrayBuffer>,
        });
        if (!res.ok) throw await failed("UploadPart", key, res);
        await res.body?.cancel();
        etags.push(res.headers.get("etag") ?? "");
        bytes += part.byteLength;
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      const xml = `<CompleteMultipartUpload>${etags
        .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
        .join("")}</CompleteMultipartUpload>`;
      const done = await client.fetch(`${url}?${upload}`, {
        method: "POST",
        body: xml,
        headers: { "content-type": "application/xml" },
      });
      // S3 may answer 200 with an <Error> in the body when completing fails late.
      const answer = await done.text();
      if (!done.ok || answer.includes("<Error>")) {
        throw new Error(`S3 CompleteMultipartUpload ${key} failed: ${done.status} ${answer.slice(0, 200)}`);
      }
      return bytes;
    } catch (error) {
      const res = await client.fetch(`${url}?${upload}`, { method: "DELETE" }).catch(() => null);
      await res?.body?.cancel();
      throw error;
    }
  }

  return {
    kind: "s3",
    put: putBytes,
    async putStream(key, body, contentType) {
      objectUrl(key); // refuses a bad key before anything is read
      const parts = partsOf(body);
      const first = await parts.next();
      const firstPart = first.done ? new Uint8Array(0) : first.value;
      if (firstPart.byteLength < S3_PART_BYTES) {
        // All of it fit in one part: one ordinary PUT.
        await putBytes(key, firstPart, contentType);
        return { bytes: firstPart.byteLength };
      }
      return { bytes: await putMultipart(key, firstPart, parts, contentType) };
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
    async getStream(key) {
      if (!isBlobKey(key)) return null;
      const res = await client.fetch(objectUrl(key));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await failed("GET", key, res);
      const length = res.headers.get("content-length");
      return {
        body: res.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() }),
        contentType: res.headers.get("content-type") ?? "application/octet-stream",
        size: length === null ? null : Number(length),
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
