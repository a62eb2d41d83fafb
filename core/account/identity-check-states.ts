import { IDENTITY_CHECK_STATUSES } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";
import { defineMachine } from "../state/machine.ts";

/**
 * An identity check's life (its `status` column). The member starts it (`pending`) by handing the
 * documents to the provider. The provider's result, read by the system, settles it: `verified`,
 * `rejected`, or `review` when the provider passed documents whose name is not the registered one;
 * a check the provider no longer knows once its time is up is `expired`. The office settles a check
 * under review: approved (`verified`) or rejected. Settled checks stay settled: the member starts a
 * new one.
 */
export const IDENTITY_CHECK_MACHINE = defineMachine({
  name: "identity_check",
  states: IDENTITY_CHECK_STATUSES,
  create: { pending: ["member"] },
  transitions: {
    verify: { from: ["pending"], to: "verified", by: ["system"] },
    refer: { from: ["pending"], to: "review", by: ["system"] },
    fail: { from: ["pending"], to: "rejected", by: ["system"] },
    expire: { from: ["pending"], to: "expired", by: ["system"] },
    approve: { from: ["review"], to: "verified", by: ["operator"] },
    reject: { from: ["review"], to: "rejected", by: ["operator"] },
  },
  messages: { notNow: msg("identityReview.errors.notInReview") },
});

export type IdentityCheckState = (typeof IDENTITY_CHECK_STATUSES)[number];
export type IdentityCheckAction = keyof typeof IDENTITY_CHECK_MACHINE.transitions;
