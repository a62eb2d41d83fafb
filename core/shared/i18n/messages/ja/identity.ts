/** The core's words: `identity.*` (decision 020). */
export const jaIdentity = {
  identity: {},
};
