/** Filled in by the buyback pages. */
export const jaBuybackBids = {
  buybackBids: {},
};
