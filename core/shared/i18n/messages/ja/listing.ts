/** The core's words: `listing.*` (decision 020). */
export const jaListing = {
  listing: {},
};
