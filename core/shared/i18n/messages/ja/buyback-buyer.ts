/** Filled in by the buyback pages. */
export const jaBuybackBuyer = {
  buybackBuyer: {},
};
