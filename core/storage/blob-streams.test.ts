import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "./blob-store.ts";
import { createLocalBlobStore } from "./local-blob-store.ts";
import { createS3BlobStore, S3_PART_BYTES } from "./s3-blob-store.ts";

/** `n` bytes in chunks of 64 KiB, each chunk made on demand (never the whole blob at once). */
async function* chunks(n: number, chunkBytes = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let sent = 0; sent < n; sent += chunkBytes) {
    const size = Math.min(chunkBytes, n - sent);
    const chunk = new Uint8Array(size);
    for (let i = 0; i < size; i++) chunk[i] = (sent + i) % 251;
    yield chunk;
  }
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

function expectPattern(bytes: Uint8Array, n: number) {
  expect(bytes.byteLength).toBe(n);
  for (const i of [0, 1, 250, 251, n - 1, Math.floor(n / 2)]) expect(bytes[i]).toBe(i % 251);
}

let s3: S3rver;
let dir: string;
let stores: [string, BlobStore][];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tsugu-blob-streams-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "tsugu-media", configs: [] }],
  });
  const { port } = await s3.run();
  stores = [
    ["local", createLocalBlobStore({ dir: path.join(dir, "local") })],
    [
      "s3",
      createS3BlobStore({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: "tsugu-media",
        region: "ap-northeast-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        publicUrl: "https://media.tsugu.example/",
      }),
    ],
  ];
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("streamed blobs", () => {
  it("writes a small stream in one piece and reads it back as a stream, on both stores", async () => {
    for (const [, store] of stores) {
      const n = 300 * 1024 + 7;
      expect(await store.putStream("private/exports/1/small.csv", chunks(n), "text/csv")).toEqual({
        bytes: n,
      });
      const got = await store.getStream("private/exports/1/small.csv");
      expect(got?.size).toBe(n);
      expectPattern(await readAll(got!.body), n);
      expect(await store.getStream("private/exports/none.csv")).toBeNull();
      expect(await store.getStream("../etc/passwd")).toBeNull();
    }
  });

  it("writes an empty stream as an empty blob", async () => {
    for (const [, store] of stores) {
      expect(await store.putStream("private/exports/2/empty.csv", chunks(0), "text/csv")).toEqual({
        bytes: 0,
      });
      expect((await store.get("private/exports/2/empty.csv"))?.body.byteLength).toBe(0);
    }
  });

  it("sends a stream larger than one part as a multipart upload to S3", async () => {
    const [, store] = stores.find(([kind]) => kind === "s3")!;
    const n = 2 * S3_PART_BYTES + 12345;
    expect(await store.putStream("private/exports/3/large.csv", chunks(n), "text/csv")).toEqual({ bytes: n });
    const got = await store.getStream("private/exports/3/large.csv");
    expect(got?.contentType).toBe("text/csv");
    expectPattern(await readAll(got!.body), n);
  });

  it("leaves nothing behind when the stream fails half way, and keeps the previous blob", async () => {
    for (const [kind, store] of stores) {
      await store.put("private/exports/4/kept.csv", new Uint8Array([1, 2, 3]), "text/csv");
      async function* broken() {
        yield* chunks(S3_PART_BYTES + 1000);
        throw new Error("the database went away");
      }
      await expect(store.putStream("private/exports/4/kept.csv", broken(), "text/csv")).rejects.toThrow(
        "the database went away",
      );
      expect([...(await store.get("private/exports/4/kept.csv"))!.body]).toEqual([1, 2, 3]);
      if (kind === "local")
        expect(readdirSync(path.join(dir, "local/private/exports/4"))).toEqual(["kept.csv"]);
    }
  });
});
