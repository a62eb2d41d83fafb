/** Filled in by the buyback pages. */
export const jaBuybackMember = {
  buybackMember: {},
};
