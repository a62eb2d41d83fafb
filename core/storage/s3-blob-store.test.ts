import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteImage, ITEM_PHOTO_RENDITIONS, imageUrl, storeImage } from "./images.ts";
import { createS3BlobStore, type S3Settings } from "./s3-blob-store.ts";

// s3rver is a local stand-in for S3: it checks the access key id but, for SigV4, not the signature.
let s3: S3rver;
let dir: string;
let settings: S3Settings;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tsugu-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "tsugu-media", configs: [] }],
  });
  const { port } = await s3.run();
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "tsugu-media",
    region: "ap-northeast-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: "https://media.tsugu.example/",
  };
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("S3 blob store", () => {
  it("puts, gets and deletes objects path-style, with the content type and cache rules", async () => {
    const store = createS3BlobStore(settings);
    expect(store.kind).toBe("s3");
    const body = new Uint8Array([1, 2, 3, 250]);
    await store.put("items/1000000001/abc-thumb.webp", body, "image/webp");
    expect(await store.get("items/1000000001/abc-thumb.webp")).toEqual({ body, contentType: "image/webp" });

    // What the bucket itself answers (s3rver does not enforce ACLs, so a plain GET shows the object).
    const direct = await fetch(`${settings.endpoint}/tsugu-media/items/1000000001/abc-thumb.webp`);
    expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await store.put("private/ekyc/doc-large.webp", body, "image/webp");
    const secret = await fetch(`${settings.endpoint}/tsugu-media/private/ekyc/doc-large.webp`);
    expect(secret.headers.get("cache-control")).toBe("private, no-store");

    await store.delete("items/1000000001/abc-thumb.webp");
    expect(await store.get("items/1000000001/abc-thumb.webp")).toBeNull();
    await store.delete("items/1000000001/abc-thumb.webp");
    expect(await store.get("no/such-key.webp")).toBeNull();
    expect(await store.get("../etc/passwd")).toBeNull();
  });

  it("gives public keys an address under the public URL and private keys none", () => {
    const store = createS3BlobStore(settings);
    expect(store.url("avatars/ff00-small.webp")).toBe("https://media.tsugu.example/avatars/ff00-small.webp");
    expect(() => store.url("private/ekyc/doc-large.webp")).toThrow(/private/);
  });

  it("stores image renditions in the bucket", async () => {
    const ctx = { blobs: createS3BlobStore(settings) };
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const { key } = await storeImage(ctx, {
      prefix: "items/1000000002",
      bytes: new Uint8Array(png),
      renditions: ITEM_PHOTO_RENDITIONS,
    });
    const thumb = await ctx.blobs.get(`${key}-thumb.webp`);
    expect(thumb?.contentType).toBe("image/webp");
    expect((await sharp(thumb!.body).metadata()).width).toBe(400);
    expect(imageUrl(ctx, key, "large")).toBe(`https://media.tsugu.example/${key}-large.webp`);
    await deleteImage(ctx, key, ITEM_PHOTO_RENDITIONS);
    expect(await ctx.blobs.get(`${key}-thumb.webp`)).toBeNull();
  });

  it("fails loudly with credentials the service does not know", async () => {
    const store = createS3BlobStore({ ...settings, accessKeyId: "NOT-A-KEY" });
    await expect(store.put("items/x-thumb.webp", new Uint8Array([1]), "image/webp")).rejects.toThrow(
      /S3 PUT items\/x-thumb.webp failed: 403/,
    );
  });
});
