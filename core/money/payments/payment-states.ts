import { PAYMENT_STATES, type payments } from "#db/schema/index.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { defineMachine } from "../../state/machine.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentState = PaymentRow["state"];

/**
 * A payment's life (spec §3's INCOMPLETED, CANCELED, COMPLETED, REFUNDED, and what a card provider
 * needs in between). INCOMPLETED: made, the provider has not held money yet (or waits for 3-D
 * Secure); AUTHORIZED: held on the card; CAPTURED: taken, not yet counted for its purpose;
 * COMPLETED: counted (the ledger holds it); VOIDED, FAILED, EXPIRED: no money moved; CANCELED: no
 * charge was ever made; REFUNDING: owed back (the ledger says so), the provider not yet told;
 * REFUNDED: given back.
 */
export const PAYMENT_MACHINE = defineMachine({
  name: "payment",
  states: PAYMENT_STATES,
  create: { INCOMPLETED: ["system"] },
  transitions: {
    authorize: { from: ["INCOMPLETED"], to: "AUTHORIZED", by: ["system"] },
    /** From INCOMPLETED too: after a crash the first thing we learn may be that it was taken. */
    capture: { from: ["INCOMPLETED", "AUTHORIZED"], to: "CAPTURED", by: ["system"] },
    complete: { from: ["CAPTURED"], to: "COMPLETED", by: ["system"] },
    void: { from: ["INCOMPLETED", "AUTHORIZED"], to: "VOIDED", by: ["system"] },
    fail: { from: ["INCOMPLETED"], to: "FAILED", by: ["system"] },
    expire: { from: ["INCOMPLETED"], to: "EXPIRED", by: ["system"] },
    /** Given up before any charge was made (the purchase ended first). */
    cancel: { from: ["INCOMPLETED"], to: "CANCELED", by: ["system"] },
    /** A hold that turned up after we gave up on it is released. */
    release_late: { from: ["CANCELED"], to: "VOIDED", by: ["system"] },
    refund: { from: ["CAPTURED", "COMPLETED"], to: "REFUNDING", by: ["system", "operator"] },
    confirm_refund: { from: ["REFUNDING"], to: "REFUNDED", by: ["system"] },
  },
  messages: {
    notNow: msg("payments.errors.notNow"),
  },
});

export type PaymentAction = keyof typeof PAYMENT_MACHINE.transitions;

/** States a payment can still leave on its own (reconciliation looks at these). */
export const OPEN_PAYMENT_STATES = ["INCOMPLETED", "AUTHORIZED", "CAPTURED", "REFUNDING"] as const;
