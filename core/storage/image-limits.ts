import type { Localized } from "../shared/locale.ts";

// What an upload may be. Kept apart from the image pipeline (sharp, the HEIC decoder) so pages can
// show the limits without pulling the pipeline into the browser bundle.

/** Largest accepted upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest accepted picture, in pixels (width × height). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** For `<input type="file" accept>`: a hint to the file picker only; the server decides by content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";

export const IMAGE_MESSAGES = {
  unsupported: {
    ja: "JPEG・PNG・WebP・HEIC形式の画像を選んでください",
    en: "Choose a JPEG, PNG, WebP or HEIC image",
  },
  tooLarge: {
    ja: "画像のファイルサイズは10MBまでです",
    en: "An image can be at most 10 MB",
  },
  tooManyPixels: {
    ja: "画像が大きすぎます。4,000万画素までの画像を選んでください",
    en: "The image is too large. Choose one of at most 40 megapixels",
  },
  undecodable: {
    ja: "画像を読み込めませんでした。壊れていない画像を選んでください",
    en: "The image could not be read. Please choose an undamaged image",
  },
  missing: {
    ja: "画像ファイルを選んでください",
    en: "Choose an image file",
  },
} satisfies Record<string, Localized>;
