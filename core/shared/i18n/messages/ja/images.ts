/** The core's words: `images.*` (decision 020). */
export const jaImages = {
  images: {},
};
