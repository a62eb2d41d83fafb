/** The core's words: `payments.*` (decision 020). */
export const jaPayments = {
  payments: {},
};
