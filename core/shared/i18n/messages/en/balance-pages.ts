/** The words of the balance page, its history and points from proceeds. */
export const enBalancePages = {
  balancePages: {},
};
