/** The core's words: `account.*` (decision 020). */
export const jaAccountCore = {
  account: {},
};
