import { PAYOUT_RUN_STATES, PAYOUT_STATES, type payouts } from "#db/schema/index.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { defineMachine } from "../../state/machine.ts";

export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutState = PayoutRow["state"];

/**
 * A payout's life. AWAITING_APPROVAL: above the threshold, waiting for two finance operators;
 * READY: the money is set aside, waiting for its provider (a bank run, a wallet transfer, an ATM
 * code); BATCHED: in a bank run's file; SENT: the file went to the bank; ISSUED: an ATM code is
 * valid; PAID: the cash or wallet money was taken. FAILED (returned by the bank or wallet),
 * EXPIRED (an ATM code unused), CANCELED (withdrawn by the member before it left, approved or
 * not) and REJECTED (refused by finance) give the money back to the proceeds.
 */
export const PAYOUT_MACHINE = defineMachine({
  name: "payout",
  states: PAYOUT_STATES,
  create: { AWAITING_APPROVAL: ["member", "system"], READY: ["member", "system"] },
  transitions: {
    approve: { from: ["AWAITING_APPROVAL"], to: "READY", by: ["operator"] },
    reject: { from: ["AWAITING_APPROVAL"], to: "REJECTED", by: ["operator"] },
    batch: { from: ["READY"], to: "BATCHED", by: ["operator"] },
    unbatch: { from: ["BATCHED"], to: "READY", by: ["operator"] },
    send: { from: ["BATCHED"], to: "SENT", by: ["operator"] },
    issue: { from: ["READY"], to: "ISSUED", by: ["system"] },
    pay: { from: ["READY", "ISSUED"], to: "PAID", by: ["system"] },
    fail: { from: ["READY", "SENT"], to: "FAILED", by: ["system", "operator"] },
    expire: { from: ["ISSUED"], to: "EXPIRED", by: ["system"] },
    cancel: { from: ["AWAITING_APPROVAL", "READY", "ISSUED"], to: "CANCELED", by: ["member"] },
  },
  messages: {
    notNow: msg("balance.errors.payoutNotNow"),
    inState: {
      BATCHED: msg("balance.errors.payoutInRun"),
      SENT: msg("balance.errors.payoutSent"),
      PAID: msg("balance.errors.payoutPaid"),
    },
  },
});

export type PayoutAction = keyof typeof PAYOUT_MACHINE.transitions;

/** States that gave the money back. */
export const RETURNED_PAYOUT_STATES: readonly PayoutState[] = ["FAILED", "EXPIRED", "CANCELED", "REJECTED"];

/**
 * A bank run's life: PREPARED (its file written, its payouts BATCHED), then SENT once the file went
 * to the bank, or DISCARDED (its payouts READY again for the next run). Only finance moves it.
 */
export const PAYOUT_RUN_MACHINE = defineMachine({
  name: "payout_run",
  states: PAYOUT_RUN_STATES,
  create: { PREPARED: ["operator"] },
  transitions: {
    send: { from: ["PREPARED"], to: "SENT", by: ["operator"] },
    discard: { from: ["PREPARED"], to: "DISCARDED", by: ["operator"] },
  },
  messages: { notNow: msg("balance.office.errors.runNotPrepared") },
});
