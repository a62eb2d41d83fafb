/** Filled in by the buyback pages. */
export const jaBuybackDeliveries = {
  buybackDeliveries: {},
};
