import { COURIER_SHIPPING_METHODS, MIN_PRICE, MIN_PRICE_WITH_COURIER } from "../catalog/codes.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";

const HOUR_MS = 3600 * 1000;
/** How long the party whose turn it is has to answer an offer or a counter price. */
export const OFFER_ANSWER_MS = 24 * HOUR_MS;
/** How long an agreed offer keeps the listing for its buyer. */
export const RESERVATION_MS = 24 * HOUR_MS;
/** An offer is at least this share of the current price (rounded up to the yen). */
const OFFER_MIN_PERCENT = 90;

export const OFFER_MESSAGES = {
  amountRequired: msg("offers.errors.amountRequired"),
  notWhole: msg("offers.errors.notWhole"),
  cannotNegotiate: msg("offers.errors.cannotNegotiate"),
  ownItem: msg("offers.errors.ownItem"),
  notOnSale: msg("offers.errors.notOnSale"),
  reserved: msg("offers.errors.reserved"),
  alreadyPending: msg("offers.errors.alreadyPending"),
  expired: msg("offers.errors.expired"),
  notNow: msg("offers.errors.notNow"),
  notYours: msg("offers.errors.notYours"),
  notFound: msg("offers.errors.notFound"),
  priceChanged: msg("offers.errors.priceChanged"),
};

/** The lowest price a listing may have with this shipping method (the listing form's own rule). */
function listingMinimum(shippingMethod: string | null): number {
  return shippingMethod && COURIER_SHIPPING_METHODS.includes(shippingMethod)
    ? MIN_PRICE_WITH_COURIER
    : MIN_PRICE;
}

/**
 * The lowest offer a listing takes: the listing minimum, and at least 90% of its current price
 * rounded up to the yen. Nothing is offered at or above the price itself.
 */
export function lowestOffer(listing: { price: number; shippingMethod: string | null }): number {
  return Math.max(
    listingMinimum(listing.shippingMethod),
    Math.ceil((listing.price * OFFER_MIN_PERCENT) / 100),
  );
}

/** Whether a listing at this price can be offered anything below it at all. */
export function takesOffers(listing: { price: number; shippingMethod: string | null }): boolean {
  return lowestOffer(listing) < listing.price;
}

/** Reads what a person typed as a price: half- or full-width digits, commas and a yen sign allowed. */
export function readAmount(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? raw : Number.NaN;
  if (typeof raw !== "string") return null;
  const s = raw
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[,，¥￥円\s]/g, "");
  if (s === "") return null;
  return /^\d{1,8}$/.test(s) ? Number(s) : Number.NaN;
}

/**
 * What is wrong with an offer of `amount` on the listing, or null: between the lowest offer and
 * the current price (exclusive). The browser runs the same check as people type.
 */
export function offerProblem(
  amount: number | null,
  listing: { price: number; shippingMethod: string | null },
): Message | null {
  if (amount === null) return OFFER_MESSAGES.amountRequired;
  if (!Number.isSafeInteger(amount)) return OFFER_MESSAGES.notWhole;
  if (!takesOffers(listing)) return OFFER_MESSAGES.cannotNegotiate;
  const min = lowestOffer(listing);
  if (amount < min) return msg("offers.errors.tooLow", { min });
  if (amount >= listing.price) return msg("offers.errors.notBelow", { price: listing.price });
  return null;
}

/**
 * What is wrong with a seller's counter price, or null: above the buyer's offer, below the current
 * price, and within the same rule as an offer.
 */
export function counterProblem(
  amount: number | null,
  o: { offer: number; listing: { price: number; shippingMethod: string | null } },
): Message | null {
  if (amount === null) return OFFER_MESSAGES.amountRequired;
  if (!Number.isSafeInteger(amount)) return OFFER_MESSAGES.notWhole;
  if (amount <= o.offer) return msg("offers.errors.counterTooLow", { min: o.offer });
  return offerProblem(amount, o.listing);
}
