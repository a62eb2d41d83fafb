import { msg } from "../shared/i18n/translate.ts";

/** What the buying flow tells people (`trading.errors.*`). */
export const TRADE_MESSAGES = {
  soldOut: msg("trading.errors.soldOut"),
  notForSale: msg("trading.errors.notForSale"),
  ownItem: msg("trading.errors.ownItem"),
  noAddress: msg("trading.errors.noAddress"),
  keyReused: msg("trading.errors.keyReused"),
  inProgress: msg("trading.errors.inProgress"),
  declined: msg("trading.errors.declined"),
  secureFailed: msg("trading.errors.secureFailed"),
  secureExpired: msg("trading.errors.secureExpired"),
  notEnoughPoints: msg("trading.errors.notEnoughPoints"),
  cardRequired: msg("trading.errors.cardRequired"),
  notFound: msg("trading.errors.notFound"),
  pickupSpotNotOffered: msg("trading.errors.pickupSpotNotOffered"),
  pickupSpotUnknown: msg("trading.errors.pickupSpotUnknown"),
};

/** What checkout with the balance tells people (`buying.errors.*`). */
export const CHECKOUT_MESSAGES = {
  noCardWithPoints: msg("buying.errors.noCardWithPoints"),
  usePointsNeedsCard: msg("buying.errors.usePointsNeedsCard"),
  saveNeedsNewCard: msg("buying.errors.saveNeedsNewCard"),
};
