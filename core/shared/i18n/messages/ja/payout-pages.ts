/** The words of payouts to a bank, a Seven Bank ATM and Kyash. */
export const jaPayoutPages = {
  payoutPages: {},
};
