import { BUYBACK_DELIVERY_STATE_CODES, BUYBACK_ITEM_STATE_CODES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { defineMachine } from "../state/machine.ts";
import { cancelUnshipped, expireOffer, remindOffer } from "./job-defs.ts";
import { BUYBACK_RULES } from "./rules.ts";

export type BuybackRole = "member" | "grader" | "system";

const DAY_MS = 24 * 3600 * 1000;

/**
 * One device's buyback (spec §4 seller states): 10 waiting for the device → 20 on its way → 30
 * being graded → 40 offered → 50 bought, or 60 ended (cancelled, declined, lapsed or refused). Only
 * the member accepts; an offer nobody answers lapses after seven days and the device goes back.
 * A regrade of an offered device makes a new offer with a new week (40 → 40).
 */
export const BUYBACK_ITEM_MACHINE = defineMachine({
  name: "buyback_item",
  states: BUYBACK_ITEM_STATE_CODES,
  create: { "10": ["member"] },
  transitions: {
    /** The member handed the parcel to the courier, or the courier collected it. */
    ship: { from: ["10"], to: "20", by: ["member", "system"] },
    cancel: { from: ["10"], to: "60", by: ["member"] },
    /** Nothing arrived within the shipping window. */
    lapse: { from: ["10"], to: "60", by: ["system"] },
    /** The parcel arrived (also when the member never said it left). */
    receive: { from: ["10", "20"], to: "30", by: ["grader"] },
    /** Graded, and the best bid for the grade makes the offer. */
    offer: { from: ["30"], to: "40", by: ["grader"] },
    regrade: { from: ["40"], to: "40", by: ["grader"] },
    /** Stolen, counterfeit, still locked after reminders, or nobody bids on it. */
    refuse: { from: ["30", "40"], to: "60", by: ["grader"] },
    accept: { from: ["40"], to: "50", by: ["member"] },
    decline: { from: ["40"], to: "60", by: ["member"] },
    expire: { from: ["40"], to: "60", by: ["system"] },
  },
  timers: {
    "10": [{ job: cancelUnshipped, afterMs: BUYBACK_RULES.shipWithinDays * DAY_MS }],
    "40": [
      { job: remindOffer, afterMs: (BUYBACK_RULES.offerDays - 1) * DAY_MS },
      { job: expireOffer, afterMs: BUYBACK_RULES.offerDays * DAY_MS },
    ],
  },
  messages: {
    notNow: msg("buyback.errors.notNow"),
    notYours: msg("buyback.errors.notYours"),
    inState: {
      "50": msg("buyback.errors.alreadyBought"),
      "60": msg("buyback.errors.ended"),
    },
  },
});
export type BuybackAction = keyof typeof BUYBACK_ITEM_MACHINE.transitions;

/** A delivery to a buyer company (spec §4 buyer states): 10 collecting devices → 20 shipped. */
export const BUYBACK_DELIVERY_MACHINE = defineMachine({
  name: "buyback_delivery",
  states: BUYBACK_DELIVERY_STATE_CODES,
  create: { "10": ["system"] },
  transitions: {
    ship: { from: ["10"], to: "20", by: ["operator"] },
  },
  messages: { notNow: msg("buyback.errors.deliveryShipped") },
});
