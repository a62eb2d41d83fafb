/** The core's words: `social.*` (decision 020). */
export const jaSocialCore = {
  social: {},
};
