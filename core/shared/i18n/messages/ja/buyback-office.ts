/** Filled in by the buyback pages. */
export const jaBuybackOffice = {
  buybackOffice: {},
};
