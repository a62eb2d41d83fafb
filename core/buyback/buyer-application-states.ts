import { BUYER_APPLICATION_STATES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { defineMachine } from "../state/machine.ts";

export type BuyerApplicationState = (typeof BUYER_APPLICATION_STATES)[number];

/**
 * A company's application to become a business buyer, as data: a visitor sends it (PENDING); an
 * operator approves it (APPROVED: the company is made and its contact invited) or declines it with
 * a reason (DECLINED). Both ends are final: a declined company may apply again.
 */
export const BUYER_APPLICATION_MACHINE = defineMachine({
  name: "buyer_application",
  states: BUYER_APPLICATION_STATES,
  create: { PENDING: ["visitor"] },
  transitions: {
    approve: { from: ["PENDING"], to: "APPROVED", by: ["operator"] },
    decline: { from: ["PENDING"], to: "DECLINED", by: ["operator"] },
  },
  messages: { notNow: msg("buyerApplication.errors.decided") },
});
