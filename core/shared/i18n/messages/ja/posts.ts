/** The core's words: `posts.*` (decision 020). */
export const jaPosts = {
  posts: {},
};
