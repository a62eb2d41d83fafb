import { type Message, msg } from "../shared/i18n/translate.ts";

// What an upload may be. Kept apart from the image pipeline (sharp, the HEIC decoder) so pages can
// show the limits without pulling the pipeline into the browser bundle.

/** Largest accepted upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest accepted picture, in pixels (width × height). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** For `<input type="file" accept>`: a hint to the file picker only; the server decides by content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";

/** Why an upload is refused, as catalogue messages (`images.*`). */
export const IMAGE_MESSAGES = {
  unsupported: msg("images.unsupported"),
  tooLarge: msg("images.tooLarge"),
  tooManyPixels: msg("images.tooManyPixels"),
  undecodable: msg("images.undecodable"),
  missing: msg("images.missing"),
} satisfies Record<string, Message>;
