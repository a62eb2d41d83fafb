import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "./blob-store.ts";

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;
const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".csv": "text/csv",
};

export function isBlobKey(key: string): boolean {
  return KEY.test(key) && !key.includes("..") && !key.includes("//");
}

/** Files under a folder (DATA_DIR/blobs), served by the app at `/media/{key}`. */
export function createLocalBlobStore({
  dir,
  urlPrefix = "/media/",
}: {
  dir: string;
  urlPrefix?: string;
}): BlobStore {
  const file = (key: string) => {
    if (!isBlobKey(key)) throw new Error(`not a blob key: ${key}`);
    return path.join(dir, key);
  };
  const typeOf = (key: string) => TYPES[path.extname(key)] ?? "application/octet-stream";
  return {
    kind: "local",
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async putStream(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed into place: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.partial`;
      let bytes = 0;
      try {
        await pipeline(
          Readable.from(body),
          async function* (source: AsyncIterable<Uint8Array>) {
            for await (const chunk of source) {
              bytes += chunk.byteLength;
              yield chunk;
            }
          },
          createWriteStream(partial),
        );
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { bytes };
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      try {
        const body = await readFile(file(key));
        return { body, contentType: typeOf(key) };
      } catch {
        return null;
      }
    },
    async getStream(key) {
      if (!isBlobKey(key)) return null;
      const target = file(key);
      try {
        const { size } = await stat(target);
        return {
          body: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>,
          contentType: typeOf(key),
          size,
        };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    url: (key) => `${urlPrefix}${key}`,
  };
}
