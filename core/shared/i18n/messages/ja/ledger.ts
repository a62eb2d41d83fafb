/** The core's words: `ledger.*` (decision 020). */
export const jaLedger = {
  ledger: {},
};
