/** The core's words: `trading.*` (decision 020). */
export const jaTrading = {
  trading: {},
};
