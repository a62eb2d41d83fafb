import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { failure, said } from "#tests/helpers/core.ts";
import { type Message, renderMessage } from "../shared/i18n/translate.ts";
import { IMAGE_MESSAGES } from "./image-limits.ts";
import {
  deleteImage,
  forImageField,
  ITEM_PHOTO_RENDITIONS,
  imageUrl,
  processImage,
  storeImage,
} from "./images.ts";
import { createLocalBlobStore } from "./local-blob-store.ts";

/** A catalogue message in both languages, as `said` reports what an error says. */
const inBoth = (m: Message) => ({ ja: renderMessage(m, "ja"), en: renderMessage(m, "en") });

// Made with Debian's libheif-examples from a 320×240 JPEG (left half red, right half blue) that
// carries EXIF with GPS coordinates: `heif-enc -q 80 -o gps-red-blue-320x240.heic source.jpg`.
const HEIC_FIXTURE = path.join(import.meta.dirname, "fixtures/gps-red-blue-320x240.heic");
// The same way from a white 8192×4900 PNG (40.1 megapixels in under 10 kB).
const HUGE_HEIC_FIXTURE = path.join(import.meta.dirname, "fixtures/white-8192x4900.heic");

const GPS = {
  IFD0: { Make: "Tsugu", Model: "Test phone" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "35/1 39/1 29/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "139/1 44/1 28/1",
  },
};

/** A picture whose left half is red and right half blue, so turning and mirroring show. */
function halves(width: number, height: number) {
  const left = {
    input: { create: { width: width / 2, height, channels: 3, background: "#e00000" } },
  } as const;
  return sharp({ create: { width, height, channels: 3, background: "#0000e0" } }).composite([
    { ...left, left: 0, top: 0 },
  ]);
}

async function pixel(webp: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 70 && b! < 70;
const isBlue = ([r, g, b]: number[]) => b! > 180 && r! < 70 && g! < 70;

async function expectNoMetadata(webp: Uint8Array) {
  const meta = await sharp(webp).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  const text = Buffer.from(webp).toString("latin1");
  expect(text).not.toContain("Exif");
  expect(text).not.toContain("EXIF");
}

describe("image pipeline", () => {
  it("re-encodes a JPEG to WebP renditions and leaves its EXIF GPS behind", async () => {
    const jpeg = await halves(2000, 1500).jpeg({ quality: 90 }).withExif(GPS).toBuffer();
    // The upload really carries a position.
    const sourceExif = exifReader((await sharp(jpeg).metadata()).exif!);
    expect(sourceExif.GPSInfo?.GPSLatitude).toEqual([35, 39, 29]);

    const out = await processImage(new Uint8Array(jpeg), ITEM_PHOTO_RENDITIONS);
    expect(out).toMatchObject({ width: 2000, height: 1500 });
    expect(Object.keys(out.files).sort()).toEqual(["large", "thumb"]);
    const thumb = await sharp(out.files.thumb!).metadata();
    const large = await sharp(out.files.large!).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
    expect([large.width, large.height]).toEqual([1280, 960]);
    for (const file of Object.values(out.files)) await expectNoMetadata(file);
    expect(isRed(await pixel(out.files.thumb!, 10, 150))).toBe(true);
    expect(isBlue(await pixel(out.files.thumb!, 390, 150))).toBe(true);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    // Stored landscape with "rotate 90° clockwise to view": the stored left half becomes the top.
    const jpeg = await halves(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const out = await processImage(new Uint8Array(jpeg), ITEM_PHOTO_RENDITIONS);
    expect(out).toMatchObject({ width: 200, height: 300 });
    const thumb = await sharp(out.files.thumb!).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 300]);
    expect(thumb.orientation).toBeUndefined();
    expect(isRed(await pixel(out.files.thumb!, 100, 10))).toBe(true);
    expect(isBlue(await pixel(out.files.thumb!, 100, 290))).toBe(true);
  });

  it("accepts PNG and WebP, and never enlarges a small picture", async () => {
    for (const input of [await halves(120, 80).png().toBuffer(), await halves(120, 80).webp().toBuffer()]) {
      const out = await processImage(new Uint8Array(input), ITEM_PHOTO_RENDITIONS);
      const large = await sharp(out.files.large!).metadata();
      expect([large.width, large.height]).toEqual([120, 80]);
    }
  });

  it("decodes a real HEIC photo and drops its EXIF", async () => {
    const heic = new Uint8Array(readFileSync(HEIC_FIXTURE));
    expect(Buffer.from(heic).toString("latin1")).toContain("Exif");
    const out = await processImage(heic, ITEM_PHOTO_RENDITIONS);
    expect(out).toMatchObject({ width: 320, height: 240 });
    const large = await sharp(out.files.large!).metadata();
    expect([large.width, large.height]).toEqual([320, 240]);
    expect(isRed(await pixel(out.files.large!, 20, 120))).toBe(true);
    expect(isBlue(await pixel(out.files.large!, 300, 120))).toBe(true);
    await expectNoMetadata(out.files.large!);
  });

  it("refuses anything but JPEG, PNG, WebP and HEIC by content, whatever the name", async () => {
    const gif = await halves(40, 40).gif().toBuffer();
    const avif = await halves(40, 40).avif().toBuffer();
    const samples: Record<string, Uint8Array> = {
      "renamed HTML": new TextEncoder().encode("<!doctype html><html><script>alert(1)</script></html>"),
      SVG: new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      EXE: new Uint8Array([
        0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff,
      ]),
      PDF: new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"),
      GIF: new Uint8Array(gif),
      AVIF: new Uint8Array(avif),
      empty: new Uint8Array(0),
    };
    for (const [name, bytes] of Object.entries(samples)) {
      const e = await failure(processImage(bytes, ITEM_PHOTO_RENDITIONS));
      expect([name, e.code, e.status]).toEqual([name, "UNSUPPORTED_MEDIA_TYPE", 415]);
      expect(said(e).message).toEqual(inBoth(IMAGE_MESSAGES.unsupported));
    }
  });

  it("refuses more than 10 MB before looking at it", async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const e = await failure(processImage(big, ITEM_PHOTO_RENDITIONS));
    expect([e.code, e.status]).toEqual(["PAYLOAD_TOO_LARGE", 413]);
    expect(said(e).message.ja).toBe("画像のファイルサイズは10MBまでです");
    expect(said(e).message.en).toBe("An image can be at most 10 MB");
  });

  it("refuses a picture of more than 40 megapixels, however small the file", async () => {
    const png = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThan(10 * 1024 * 1024);
    const e = await failure(processImage(new Uint8Array(png), ITEM_PHOTO_RENDITIONS));
    expect([e.code, e.status]).toEqual(["PAYLOAD_TOO_LARGE", 413]);
    expect(said(e).message).toEqual(inBoth(IMAGE_MESSAGES.tooManyPixels));
    const heic = new Uint8Array(readFileSync(HUGE_HEIC_FIXTURE));
    const h = await failure(processImage(heic, ITEM_PHOTO_RENDITIONS));
    expect([h.code, said(h).message]).toEqual(["PAYLOAD_TOO_LARGE", inBoth(IMAGE_MESSAGES.tooManyPixels)]);
  });

  it("answers a damaged file with its own message", async () => {
    const jpeg = await halves(400, 300).jpeg().toBuffer();
    const png = await halves(400, 300).png().toBuffer();
    const broken = [
      jpeg.subarray(0, jpeg.length / 2),
      Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]),
      Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), Buffer.alloc(64, 1)]),
      Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        Buffer.from("ftypheic\0\0\0\0mif1heic"),
        Buffer.alloc(64, 3),
      ]),
    ];
    for (const bytes of broken) {
      const e = await failure(processImage(new Uint8Array(bytes), ITEM_PHOTO_RENDITIONS));
      expect([e.code, e.status]).toEqual(["VALIDATION", 422]);
      expect(said(e).message).toEqual(inBoth(IMAGE_MESSAGES.undecodable));
    }
  });

  it("names the form field a failure belongs to", async () => {
    const e = await failure(
      forImageField("avatar", () => processImage(new TextEncoder().encode("<html>"), ITEM_PHOTO_RENDITIONS)),
    );
    expect(e.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(said(e).fields.avatar).toEqual(inBoth(IMAGE_MESSAGES.unsupported));
  });
});

describe("stored images", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tsugu-images-"));
  const ctx = { blobs: createLocalBlobStore({ dir }) };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes one WebP per rendition under a random key, serves its address and deletes it", async () => {
    const jpeg = new Uint8Array(await halves(600, 400).jpeg().toBuffer());
    const a = await storeImage(ctx, {
      prefix: "items/1000000001",
      bytes: jpeg,
      renditions: ITEM_PHOTO_RENDITIONS,
    });
    const b = await storeImage(ctx, {
      prefix: "items/1000000001",
      bytes: jpeg,
      renditions: ITEM_PHOTO_RENDITIONS,
    });
    expect(a.key).toMatch(/^items\/1000000001\/[0-9a-f]{32}$/);
    expect(a.key).not.toBe(b.key);
    expect(a).toMatchObject({ width: 600, height: 400 });
    const files = readdirSync(path.join(dir, "items/1000000001")).sort();
    expect(files).toHaveLength(4);
    expect(files).toContain(`${a.key.split("/").pop()}-thumb.webp`);
    expect(imageUrl(ctx, a.key, "thumb")).toBe(`/media/${a.key}-thumb.webp`);
    const blob = await ctx.blobs.get(`${a.key}-large.webp`);
    expect(blob?.contentType).toBe("image/webp");

    await deleteImage(ctx, a.key, ITEM_PHOTO_RENDITIONS);
    expect(readdirSync(path.join(dir, "items/1000000001"))).toHaveLength(2);
    expect(await ctx.blobs.get(`${a.key}-large.webp`)).toBeNull();
  });

  it("writes nothing for a refused upload, and gives private images no address", async () => {
    const before = readdirSync(dir, { recursive: true }).length;
    await failure(
      storeImage(ctx, { prefix: "avatars", bytes: new Uint8Array(10), renditions: ITEM_PHOTO_RENDITIONS }),
    );
    expect(readdirSync(dir, { recursive: true })).toHaveLength(before);
    const png = new Uint8Array(await halves(100, 100).png().toBuffer());
    const secret = await storeImage(ctx, {
      prefix: "private/ekyc",
      bytes: png,
      renditions: ITEM_PHOTO_RENDITIONS,
    });
    expect(secret.key).toMatch(/^private\/ekyc\/[0-9a-f]{32}$/);
    expect(() => imageUrl(ctx, secret.key, "large")).toThrow(/private/);
  });
});
