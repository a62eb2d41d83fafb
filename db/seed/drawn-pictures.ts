import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import sharp from "sharp";
import { type ImageRendition, processImage } from "#core/storage/images.ts";

/**
 * The demo data's pictures are drawn (SVG to PNG, then every rendition encoded), which was most of a
 * demo catalogue's seeding time. Each drawing's files are kept under `.cache/demo-pictures`, named
 * by a hash of the drawing and of all that makes the files (the renditions, the image code, sharp's
 * and libvips' versions): every later seed on the machine (a test, a journey server, `npm start`)
 * reads them back. Where the folder cannot be written, pictures are drawn each time.
 */
const FOLDER = path.resolve(import.meta.dirname, "../../.cache/demo-pictures");
const MAKER = createHash("sha256")
  .update(readFileSync(path.resolve(import.meta.dirname, "../../core/storage/images.ts")))
  .update(JSON.stringify(sharp.versions))
  .digest("hex");
const drawn = new Map<string, Promise<Record<string, Uint8Array>>>();

/** The files of one SVG drawing in the given renditions (WebP each). */
export function drawnPicture(svg: string, renditions: ImageRendition[]): Promise<Record<string, Uint8Array>> {
  const key = createHash("sha256").update(MAKER).update(JSON.stringify(renditions)).update(svg).digest("hex");
  let files = drawn.get(key);
  if (!files) {
    files = readOrDraw(key, svg, renditions);
    drawn.set(key, files);
  }
  return files;
}

async function readOrDraw(
  key: string,
  svg: string,
  renditions: ImageRendition[],
): Promise<Record<string, Uint8Array>> {
  const file = path.join(FOLDER, `${key}.bin`);
  try {
    return deserialize(readFileSync(file)) as Record<string, Uint8Array>;
  } catch {
    // Not drawn yet on this machine (or unreadable): drawn now.
  }
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { files } = await processImage(new Uint8Array(png), renditions);
  try {
    mkdirSync(FOLDER, { recursive: true });
    // Written whole under another name first: a seed running at the same time never reads half.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, serialize(files));
    renameSync(partial, file);
  } catch {
    // A read-only install draws again next time.
  }
  return files;
}
