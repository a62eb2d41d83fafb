/** The words of buying points at a convenience store or by Pay-easy. */
export const jaTopUpPages = {
  topUpPages: {},
};
