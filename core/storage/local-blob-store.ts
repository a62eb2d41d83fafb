import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "./blob-store.ts";

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;
const TYPES: Record<string, string> = { ".webp": "image/webp", ".jpg": "image/jpeg", ".png": "image/png" };

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
  return {
    kind: "local",
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      try {
        const body = await readFile(file(key));
        return { body, contentType: TYPES[path.extname(key)] ?? "application/octet-stream" };
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
