import type { Messages } from "../../messages.ts";

/** Why an uploaded image is refused (`images.*`, decision 020). */
export const enImages: Pick<Messages, "images"> = {
  images: {
    unsupported: "Choose a JPEG, PNG, WebP or HEIC image",
    tooLarge: "An image can be at most 10 MB",
    tooManyPixels: "The image is too large. Choose one of at most 40 megapixels",
    undecodable: "The image could not be read. Please choose an undamaged image",
    missing: "Choose an image file",
  },
};
