import { TRANSACTION_STATE_CODES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { availableActions, defineMachine, RETURN_TO_HELD } from "../state/machine.ts";
import type { TransactionState } from "./codes.ts";
import { autoComplete, expireAuthorization, remindToRate, remindToShip } from "./trading-job-defs.ts";

export type TransactionRole = "buyer" | "seller" | "operator" | "system";

/** A purchase waiting for 3-D Secure holds the item this long, like the provider's own limit. */
export const AUTH_TTL_MS = 30 * 60 * 1000;
/** Days after which a party who has not acted is reminded. */
const REMIND_AFTER_DAYS = 3;
/** Days a party has to rate before the sale completes by itself (each side its own window). */
export const AUTO_COMPLETE_DAYS = 9;
const DAY_MS = 24 * 3600 * 1000;

/** States an operator may put on hold (PENDING) and later release back into. */
const HOLDABLE_STATES = ["START", "SHIPPING", "REVIEWED_BY_BUYER", "CANCELING"] as const;

export const TRANSACTION_STATE_MESSAGES = {
  notNow: msg("trading.errors.notNow"),
  notYourStep: msg("trading.errors.notYourStep"),
};

/**
 * The transaction's life as data (spec §4): how it starts (AUTH for a card still to be settled,
 * START for a purchase paid in points), which step moves it from which states to which and who may
 * take it, and the timers each state starts. `release` returns to the state the hold interrupted
 * (kept in `held_from`), and starts that state's timers afresh: the clock stops while on hold.
 */
export const TRANSACTION_MACHINE = defineMachine({
  name: "transaction",
  states: TRANSACTION_STATE_CODES,
  create: { AUTH: ["system"], START: ["system"] },
  transitions: {
    /** The card payment went through (at once, or after 3-D Secure) and the money is in escrow. */
    pay: { from: ["AUTH"], to: "START", by: ["system"] },
    /** Declined, failed 3-D Secure or not finished within 30 minutes. */
    fail_payment: { from: ["AUTH"], to: "INVALID", by: ["system"] },
    ship: { from: ["START"], to: "SHIPPING", by: ["seller"] },
    rate_by_buyer: { from: ["SHIPPING"], to: "REVIEWED_BY_BUYER", by: ["buyer"] },
    rate_by_seller: { from: ["REVIEWED_BY_BUYER"], to: "COMPLETED", by: ["seller"] },
    /** The buyer (in SHIPPING) or the seller (in REVIEWED_BY_BUYER) never rated in time. */
    auto_complete: { from: ["SHIPPING", "REVIEWED_BY_BUYER"], to: "COMPLETED", by: ["system"] },
    request_cancel: { from: ["START"], to: "CANCELING", by: ["buyer", "seller"] },
    /** Taken by the party who did not ask (checked against `cancel_requested_by`). */
    agree_cancel: { from: ["CANCELING"], to: "CANCELED", by: ["buyer", "seller"] },
    /** Taken by the party who did not ask: the sale goes on. */
    refuse_cancel: { from: ["CANCELING"], to: "START", by: ["buyer", "seller"] },
    cancel_by_office: {
      from: ["START", "SHIPPING", "CANCELING", "PENDING"],
      to: "CANCELED",
      by: ["operator"],
    },
    hold: { from: HOLDABLE_STATES, to: "PENDING", by: ["operator"] },
    release: { from: ["PENDING"], to: RETURN_TO_HELD, by: ["operator"] },
    /**
     * The office settles a dispute for the seller: the escrow is released as at an ordinary
     * completion. From PENDING only when the hold interrupted a shipped sale (checked by the use case).
     */
    complete_by_office: {
      from: ["SHIPPING", "REVIEWED_BY_BUYER", "PENDING"],
      to: "COMPLETED",
      by: ["operator"],
    },
  },
  timers: {
    AUTH: [{ job: expireAuthorization, afterMs: AUTH_TTL_MS }],
    START: [{ job: remindToShip, afterMs: REMIND_AFTER_DAYS * DAY_MS }],
    SHIPPING: [
      { job: remindToRate, afterMs: REMIND_AFTER_DAYS * DAY_MS },
      { job: autoComplete, afterMs: AUTO_COMPLETE_DAYS * DAY_MS },
    ],
    REVIEWED_BY_BUYER: [{ job: autoComplete, afterMs: AUTO_COMPLETE_DAYS * DAY_MS }],
  },
  messages: { notNow: TRANSACTION_STATE_MESSAGES.notNow, notYours: TRANSACTION_STATE_MESSAGES.notYourStep },
});

export type TransactionAction = keyof typeof TRANSACTION_MACHINE.transitions;

/**
 * The steps a party may take on a transaction now, read off the table: what a page offers them.
 * A cancellation is answered only by the party who did not ask for it.
 */
export function availableTransactionActions(
  state: TransactionState,
  role: TransactionRole,
  cancelRequestedBy: string | null,
): TransactionAction[] {
  return availableActions(TRANSACTION_MACHINE, state, role).filter(
    (action) => (action !== "agree_cancel" && action !== "refuse_cancel") || cancelRequestedBy !== role,
  );
}
