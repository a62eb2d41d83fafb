import { OFFER_STATE_CODES } from "#db/schema/index.ts";
import { availableActions, defineMachine } from "../state/machine.ts";
import { expireOffer, lapseReservation } from "./offer-job-defs.ts";
import { OFFER_ANSWER_MS, OFFER_MESSAGES, RESERVATION_MS } from "./offer-rules.ts";

export type OfferState = (typeof OFFER_STATE_CODES)[number];
export type OfferRole = "buyer" | "seller" | "system";

/**
 * An offer's life as data. The buyer offers (PENDING); the seller accepts, declines or counters
 * within 24 hours; a counter (COUNTERED) is the buyer's to accept or decline within 24 hours. An
 * agreed offer (ACCEPTED) reserves the listing for its buyer for 24 hours: bought (PURCHASED) or
 * let go (LAPSED). Offers still open when the listing is sold or reserved for someone else close.
 */
export const OFFER_MACHINE = defineMachine({
  name: "offer",
  states: OFFER_STATE_CODES,
  create: { PENDING: ["buyer"] },
  transitions: {
    accept: { from: ["PENDING"], to: "ACCEPTED", by: ["seller"] },
    decline: { from: ["PENDING"], to: "DECLINED", by: ["seller"] },
    counter: { from: ["PENDING"], to: "COUNTERED", by: ["seller"] },
    accept_counter: { from: ["COUNTERED"], to: "ACCEPTED", by: ["buyer"] },
    decline_counter: { from: ["COUNTERED"], to: "DECLINED", by: ["buyer"] },
    /** Nobody answered in 24 hours. */
    expire: { from: ["PENDING", "COUNTERED"], to: "EXPIRED", by: ["system"] },
    /** The reserved buyer bought the item at the agreed price. */
    purchase: { from: ["ACCEPTED"], to: "PURCHASED", by: ["system"] },
    /** The reservation ran out unbought. */
    lapse: { from: ["ACCEPTED"], to: "LAPSED", by: ["system"] },
    /** The listing was sold, reserved for another buyer, or priced at or below the offer. */
    close: { from: ["PENDING", "COUNTERED"], to: "CLOSED", by: ["system"] },
  },
  timers: {
    PENDING: [{ job: expireOffer, afterMs: OFFER_ANSWER_MS }],
    COUNTERED: [{ job: expireOffer, afterMs: OFFER_ANSWER_MS }],
    ACCEPTED: [{ job: lapseReservation, afterMs: RESERVATION_MS }],
  },
  messages: { notNow: OFFER_MESSAGES.notNow, notYours: OFFER_MESSAGES.notYours },
});

export type OfferAction = keyof typeof OFFER_MACHINE.transitions;

/** States in which an offer still waits for an answer. */
export const OPEN_OFFER_STATES = ["PENDING", "COUNTERED"] as const satisfies readonly OfferState[];

/** The answers a party may give to an offer now, read off the table: what a page offers them. */
export function availableOfferActions(state: OfferState, role: OfferRole): OfferAction[] {
  return availableActions(OFFER_MACHINE, state, role);
}
