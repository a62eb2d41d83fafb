/** The words of buying points by card and the card step of the seller setup. */
export const enCardTopUp = {
  cardTopUp: {},
};
