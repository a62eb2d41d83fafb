import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { CoreContext } from "../shared/context.ts";
import { AppError, isAppError } from "../shared/errors.ts";
import { decodeHeic } from "./heic.ts";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "./image-limits.ts";

/** One stored size of an uploaded picture: `${key}-${name}.webp`, its longest side at most `maxSize` px. */
export type ImageRendition = { name: string; maxSize: number };

export const ITEM_PHOTO_RENDITIONS: ImageRendition[] = [
  { name: "thumb", maxSize: 400 },
  { name: "large", maxSize: 1280 },
];

export const AVATAR_RENDITIONS: ImageRendition[] = [
  { name: "small", maxSize: 160 },
  { name: "large", maxSize: 480 },
];

/** An upload re-encoded to WebP: its size as uploaded (turned upright) and one file per rendition. */
export type ProcessedImage = { width: number; height: number; files: Record<string, Uint8Array> };

type Format = "jpeg" | "png" | "webp" | "heic";

const WEBP_QUALITY = 82;
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const PREFIX = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * What the file is, from its first bytes only: a name or a declared type proves nothing. HEIF
 * files are accepted when a brand in their `ftyp` box names HEVC coding (AVIF and other HEIF
 * flavours are not).
 */
function sniff(bytes: Uint8Array): Format | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
    const end = Math.min(boxSize, bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  }
  return null;
}

function tooManyPixels(width: number, height: number): boolean {
  return width * height > MAX_IMAGE_PIXELS;
}

/** A decodable picture: a fresh sharp pipeline on demand, and its upright size. */
type Opened = { open: () => Sharp; width: number; height: number };

/**
 * sharp's prebuilt libvips reads HEIF only with AV1 (AVIF) inside, so HEIC (HEVC) goes through
 * libheif in a worker thread, which checks the size before decoding and applies the file's
 * rotation and mirroring itself.
 */
async function openHeic(bytes: Uint8Array): Promise<Opened> {
  const result = await decodeHeic(bytes, MAX_IMAGE_PIXELS);
  if (!result.ok && result.reason === "too-many-pixels") {
    throw new AppError("PAYLOAD_TOO_LARGE", { message: IMAGE_MESSAGES.tooManyPixels });
  }
  if (!result.ok) throw new AppError("VALIDATION", { message: IMAGE_MESSAGES.undecodable });
  const { width, height, rgba } = result;
  return { open: () => sharp(rgba, { raw: { width, height, channels: 4 } }), width, height };
}

async function openWithSharp(bytes: Uint8Array, format: Format): Promise<Opened> {
  // Only the header is read here, so a tiny file claiming a gigantic picture is refused cheaply.
  const meta = await sharp(bytes, { failOn: "error", limitInputPixels: false }).metadata();
  if (meta.format !== format || !meta.width || !meta.height) {
    throw new AppError("VALIDATION", { message: IMAGE_MESSAGES.undecodable });
  }
  if (tooManyPixels(meta.width, meta.height)) {
    throw new AppError("PAYLOAD_TOO_LARGE", { message: IMAGE_MESSAGES.tooManyPixels });
  }
  const upright = meta.autoOrient ?? meta;
  return {
    open: () =>
      sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, pages: 1 }),
    width: upright.width,
    height: upright.height,
  };
}

/**
 * Checks an upload and re-encodes it to WebP in each rendition: turned upright by its EXIF
 * orientation, never enlarged, and with every piece of metadata (EXIF with GPS, XMP, ICC) left
 * behind. Anything but JPEG, PNG, WebP or HEIC is refused by its content.
 */
export async function processImage(bytes: Uint8Array, renditions: ImageRendition[]): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", { message: IMAGE_MESSAGES.tooLarge });
  }
  const format = sniff(bytes);
  if (!format) throw new AppError("UNSUPPORTED_MEDIA_TYPE", { message: IMAGE_MESSAGES.unsupported });
  try {
    const { open, width, height } =
      format === "heic" ? await openHeic(bytes) : await openWithSharp(bytes, format);
    const files: Record<string, Uint8Array> = {};
    for (const r of renditions) {
      const data = await open()
        .resize({ width: r.maxSize, height: r.maxSize, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      files[r.name] = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    }
    return { width, height, files };
  } catch (error) {
    if (isAppError(error)) throw error;
    // Whatever the decoders could not make sense of: truncated, corrupt or hostile files.
    throw new AppError("VALIDATION", { message: IMAGE_MESSAGES.undecodable });
  }
}

/** Writes an already processed image; the files written are removed again if any write fails. */
export async function storeProcessedImage(
  ctx: Pick<CoreContext, "blobs">,
  o: { prefix: string; image: ProcessedImage },
): Promise<{ key: string; width: number; height: number }> {
  if (!PREFIX.test(o.prefix)) throw new Error(`not an image key prefix: ${o.prefix}`);
  const key = `${o.prefix}/${randomBytes(16).toString("hex")}`;
  const names = Object.keys(o.image.files);
  try {
    for (const name of names) await ctx.blobs.put(`${key}-${name}.webp`, o.image.files[name]!, "image/webp");
  } catch (error) {
    await Promise.allSettled(names.map((name) => ctx.blobs.delete(`${key}-${name}.webp`)));
    throw error;
  }
  return { key, width: o.image.width, height: o.image.height };
}

/**
 * Processes an upload and stores its renditions as `${key}-${name}.webp` under a new random key
 * `${prefix}/<32 hex>`. Keys under `private/` are never served publicly.
 */
export async function storeImage(
  ctx: Pick<CoreContext, "blobs">,
  o: { prefix: string; bytes: Uint8Array; renditions: ImageRendition[] },
): Promise<{ key: string; width: number; height: number }> {
  const image = await processImage(o.bytes, o.renditions);
  return storeProcessedImage(ctx, { prefix: o.prefix, image });
}

export async function deleteImage(
  ctx: Pick<CoreContext, "blobs">,
  key: string,
  renditions: ImageRendition[],
): Promise<void> {
  await Promise.all(renditions.map((r) => ctx.blobs.delete(`${key}-${r.name}.webp`)));
}

/**
 * Stores a copy of a stored image's renditions under a new key `${prefix}/<32 hex>`, so that each
 * owner of a copy may delete theirs alone. Null when a rendition is missing (nothing is left behind).
 */
export async function copyImage(
  ctx: Pick<CoreContext, "blobs">,
  o: { key: string; prefix: string; renditions: ImageRendition[] },
): Promise<{ key: string } | null> {
  if (!PREFIX.test(o.prefix)) throw new Error(`not an image key prefix: ${o.prefix}`);
  const key = `${o.prefix}/${randomBytes(16).toString("hex")}`;
  const written: string[] = [];
  try {
    for (const r of o.renditions) {
      const blob = await ctx.blobs.get(`${o.key}-${r.name}.webp`);
      if (!blob) {
        await Promise.allSettled(written.map((name) => ctx.blobs.delete(name)));
        return null;
      }
      await ctx.blobs.put(`${key}-${r.name}.webp`, blob.body, blob.contentType);
      written.push(`${key}-${r.name}.webp`);
    }
  } catch (error) {
    await Promise.allSettled(written.map((name) => ctx.blobs.delete(name)));
    throw error;
  }
  return { key };
}

/** The public address of one rendition. Private images have none: asking for one is a bug. */
export function imageUrl(ctx: Pick<CoreContext, "blobs">, key: string, rendition: string): string {
  if (key.startsWith("private/")) throw new Error("private images have no public address");
  return ctx.blobs.url(`${key}-${rendition}.webp`);
}

/**
 * Names the form field an image failure belongs to (`photos`, `avatar`), so a page shows the
 * message beside that field and an API answer carries it in `fields`.
 */
export async function forImageField<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isAppError(error) || Object.keys(error.fields).length > 0) throw error;
    throw new AppError(error.code, { message: error.reason, fields: { [field]: error.reason } });
  }
}
