/** Filled in by the buyback pages. */
export const jaBuybackPublic = {
  buybackPublic: {},
};
